"""The console's seat draw warns, as the command line does, when the tables fall outside
6-8 (Art. II.1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.notifications import SeverityLevel

from tdconsole.ui.app import build_app
from tdconsole.ui.textual_reach import notifications

from .conftest import SIZE, frozen, paid, settle


async def drawn_notices(
    path: Path, players: int, typed_tables: str, lang: str
) -> list[tuple[SeverityLevel, str]]:
    """The console's notices after ``s`` with ``typed_tables`` in the table count."""
    names = [f"Giocatore {i}" for i in range(1, players + 1)]
    service = paid(path, "e", names, rng=random.Random(1))
    app = build_app(service, frozen, lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("s", *typed_tables, "enter")
            await settle(pilot)
            assert service.state.phase == "seated"
            return [(n.severity, n.message) for n in notifications(app)]
    finally:
        service.close()


@pytest.mark.parametrize(
    ("players", "typed", "lang", "warning"),
    [
        (
            11,
            "",
            "en",
            "no balanced split of 11 players into tables of 6-8: 1 table of 6 and 1 of 5 "
            "(Art. II.1)",
        ),
        (12, "3", "en", "3 tables of 4: outside 6-8 players a table (Art. II.1)"),
        (
            12,
            "3",
            "it",
            "3 tavoli da 4: fuori dall'intervallo di 6-8 giocatori per tavolo (Art. II.1)",
        ),
    ],
)
async def test_the_draw_warns_of_tables_outside_the_range(
    tmp_path: Path, players: int, typed: str, lang: str, warning: str
) -> None:
    notices = await drawn_notices(tmp_path / "e.tdc", players, typed, lang)
    assert ("warning", warning) in notices


async def test_a_draw_in_range_gives_no_warning(tmp_path: Path) -> None:
    notices = await drawn_notices(tmp_path / "e.tdc", 12, "", "en")
    assert [severity for severity, _ in notices] == ["information"]
