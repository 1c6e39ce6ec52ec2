"""The console finds names as people type them: the palette, the players
search and the dialogs' player field use the domain's matcher (case and accents ignored)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tdhelpers.support import started
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.base import PlayerSuggester
from tdconsole.ui.palette import ConsoleCommands
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.players_view import PlayersView

from .conftest import frozen, pressed

ZOE = "Zoë Ångström"


def event(path: Path) -> Path:
    service = Tournament.create(path, "Nomi", load_settings(), clock=frozen, rng=random.Random(3))
    names = [ZOE, "Marco", "Marco Rossi", *(f"Giocatore {i}" for i in range(1, 10))]
    started(service, names, seed=3)
    service.close()
    return path


@asynccontextmanager
async def names_console(
    tmp_path: Path,
) -> AsyncIterator[tuple[Tournament, ConsoleApp, Pilot[Any]]]:
    """The console on the names' event, run and at rest; the event closed after."""
    service = Tournament.open(event(tmp_path / "n.tdc"), clock=frozen)
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            yield service, app, pilot
    finally:
        service.close()


async def test_the_player_field_completes_a_name_typed_without_accents(tmp_path: Path) -> None:
    service = Tournament.open(event(tmp_path / "n.tdc"), clock=frozen)
    try:
        suggester = PlayerSuggester(service.state.in_players())
        assert await suggester.get_suggestion("zoe") == ZOE
        assert await suggester.get_suggestion("ZOË Å") == ZOE
        assert await suggester.get_suggestion("angstrom") is None  # found, not a completion
        assert await suggester.get_suggestion("marco") == "Marco"  # the exact name wins
        assert await suggester.get_suggestion("gioc") is None  # ambiguous
    finally:
        service.close()


async def test_a_dialog_records_the_player_typed_without_accents(tmp_path: Path) -> None:
    async with names_console(tmp_path) as (service, app, pilot):
        await pressed(pilot, "e")
        field = app.screen.query_one("#name-1", Input)
        field.value = "angstrom"
        await pilot.press("ctrl+r", "ctrl+s")
        await pilot.pause()
        assert service.state.find(ZOE).status == "out"  # type: ignore[union-attr]
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#name-1", Input).value = "gioc"
        await pilot.press("ctrl+r", "ctrl+s")
        await pilot.pause()
        refusals = [n.message for n in notifications(app) if "Giocatore 1" in n.message]
        assert refusals and "gioc" in refusals[-1]  # ambiguous: the candidates listed


async def test_the_players_search_ignores_accents(tmp_path: Path) -> None:
    async with names_console(tmp_path) as (_, app, pilot):
        await pilot.press("2", "slash", *"angstrom")
        await pilot.pause()
        table = app.screen.query_one(PlayersView).query_one("#player-table", DataTable)
        assert table.row_count == 1
        assert str(table.get_row_at(0)[0]) == ZOE


async def test_the_palette_finds_a_name_typed_without_accents(tmp_path: Path) -> None:
    async with names_console(tmp_path) as (_, app, _):
        provider = ConsoleCommands(app.screen)
        for typed in ("zoe", "angstrom", "Elimina zoe"):
            hits = [str(hit.text) async for hit in provider.search(typed)]
            assert any(ZOE in hit for hit in hits), typed
        hits = [str(hit.text) async for hit in provider.search("Elimina Zoë")]
        assert f"Elimina {ZOE}" in hits  # typed with its accents: Textual's own match
