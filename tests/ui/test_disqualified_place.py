"""A disqualified player in the console's standings tab, as in the printed standings: he keeps
the place at which he left, marked DQ, without a prize; the prizes tab shows him at his place
too (rules.md, the Decision on VI.2)."""

from __future__ import annotations

from pathlib import Path

from tdconsole.domain.play import Bust
from tdconsole.domain.slices.disqualify import Disqualify

from .conftest import console, six_started, tab_rows


async def test_the_standings_and_prizes_tabs_show_him_at_his_place(tmp_path: Path) -> None:
    service = six_started(tmp_path / "e.tdc")
    service.execute(Bust(names=["Ada"]))  # 6th
    service.execute(Bust(names=["Bea"]))  # 5th
    service.execute(Disqualify(name="Cid", reason="collusione"))  # keeps the 4th
    service.execute(Bust(names=["Dan"]))  # 3rd
    async with console(service) as (_, pilot):
        rows = await tab_rows(pilot, "4", "#standings-view")
        placed = [(r[0], r[1], r[5]) for r in rows[2:]]
        assert placed[0][:2] == ("3", "Dan")
        assert placed[1] == ("4 SQ", "Cid", "")
        assert [p[:2] for p in placed[2:]] == [("5", "Bea"), ("6", "Ada")]
        fourth = (await tab_rows(pilot, "3", "#payouts-view"))[3]
        assert fourth[0] == "4°" and fourth[3] == "Cid SQ" and fourth[2].startswith("0 ")
        assert fourth[4] == "SQ"  # what he receives: nothing (his place's amount is 0)


def test_the_result_at_the_end_keeps_his_paid_place(tmp_path: Path) -> None:
    """The result shown in place of the clock (and on the room display) at the end: a player
    disqualified in a paid place is listed there, marked, so the places read 1 to 5."""
    from tdconsole.domain.console_view import console_view
    from tdconsole.ui.i18n import Translator
    from tdconsole.ui.results import places, places_text

    service = six_started(tmp_path / "e.tdc")
    try:
        for name in ("Ada", "Bea"):
            service.execute(Bust(names=[name]))
        service.execute(Disqualify(name="Cid", reason="collusione"))  # 4th
        for name in ("Dan", "Eva"):
            service.execute(Bust(names=[name]))
        rows = places(console_view(service.state, service.now()))
        assert [(r.place, r.name, r.disqualified) for r in rows] == [
            (1, "Fil", False), (2, "Eva", False), (3, "Dan", False),
            (4, "Cid", True), (5, "Bea", False),
        ]  # fmt: skip
        lines = places_text(rows, Translator("en")).plain.splitlines()
        assert lines[3].split() == ["4th", "Cid", "DQ"]
        assert len({len(line) for line in lines}) == 1  # in columns
    finally:
        service.close()
