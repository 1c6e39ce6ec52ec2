"""What a notice says is whole at 120 × 40: a registration past the places says first who went
to the waiting list, and a long one by its count; a ruling's decision is kept whole."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app

from .conftest import SIZE, frozen, settle
from .test_notices import area_text

LONG_NAMES = [f"Tommaso Bartolomei {n:02}" for n in range(1, 27)]
DECISION = "Chip race at table 2: the odd chips go to seat 3, then the lowest card decides the rest"


@asynccontextmanager
async def noticing(tmp_path: Path) -> AsyncIterator[tuple[ConsoleApp, Pilot[Any]]]:
    """The console in English on a new event, its notices drawn."""
    service = Tournament.create(tmp_path / "e.tdc", "Serata", load_settings(), clock=frozen)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            yield app, pilot
    finally:
        service.close()


def notices_of(app: ConsoleApp) -> str:
    """The notices' lines joined, their bars and margins set aside."""
    return " ".join(" ".join(line.lstrip("▌").split()) for line in area_text(app))


async def test_a_registration_past_the_places_says_the_waiting_list_whole(
    tmp_path: Path,
) -> None:
    async with noticing(tmp_path) as (app, pilot):
        await pilot.press("i")
        await settle(pilot)
        app.screen.query_one("#names", Input).value = ", ".join(LONG_NAMES)
        await pilot.press("ctrl+s")
        await settle(pilot)
        said = notices_of(app)
        assert "…" not in said
        assert (
            "Waiting list (Art. I.1): Tommaso Bartolomei 25, Tommaso Bartolomei 26; "
            "Registered: 24 players — u to undo"
        ) in said


async def test_a_ruling_s_decision_is_whole_in_its_notice(tmp_path: Path) -> None:
    async with noticing(tmp_path) as (app, pilot):
        await pilot.press("l", "tab", "tab", "tab", *DECISION, "ctrl+s")
        await settle(pilot)
        assert f"ruling: {DECISION} — u to undo" in notices_of(app)
