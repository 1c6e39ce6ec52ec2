"""The season from the console to paper or file: ``p`` on the Season tab (or its button) opens
the print dialog on the season's standings, written into the event's print folder like every
report; the tab's field takes the keys when no season counts the event, and Escape leaves it.
On the Standings tab the dialog preselects the standings, whatever the phase."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tdhelpers.support import started
from textual.widgets import DataTable, Input

from tdconsole.domain.play import Bust
from tdconsole.season.editing import add_events, create_season
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.print_report import PrintDialog

from .conftest import console, frozen, settle
from .test_actions import messages

MakeApp = Callable[..., ConsoleApp]


async def test_p_on_the_season_tab_writes_the_season_s_pdf_into_the_print_folder(
    make_app: MakeApp, demo_file: Path
) -> None:
    path, _season = create_season("club")
    add_events(path, [demo_file])
    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        assert app.focused is app.screen.query_one("#season-table", DataTable)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog) and app.screen.kind == "season"
        await pilot.press("ctrl+s")
        await settle(pilot)
        written = demo_file.parent / "prints" / "season.pdf"
        assert messages(app)[-1] == f"Written: {written}"
        assert written.read_bytes().startswith(b"%PDF-")


async def test_with_no_season_the_palette_gives_the_name_and_escape_leaves_it(
    make_app: MakeApp,
) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("6")
        await settle(pilot)
        table = app.screen.query_one("#season-table", DataTable)
        field = app.screen.query_one("#season-name", Input)
        assert app.focused is table  # a name typed here is a player's search, as on every tab
        caption = str(app.screen.query_one("#season-caption").render())
        assert "ctrl+p, Season: new season" in caption  # what the caption says is the way
        await pilot.press("ctrl+p", *"new season", "enter")
        await settle(pilot)
        assert app.focused is field
        await pilot.press(*"Lega", "escape")
        await settle(pilot)
        assert app.focused is table
        await pilot.click("#season-name")
        await settle(pilot)
        assert app.focused is field
        await pilot.press("end", "ctrl+u", *"Lega", "enter")
        await settle(pilot)
        assert messages(app)[-1].startswith("Season Lega made: ")


async def test_on_the_standings_tab_of_a_finished_event_p_preselects_the_standings(
    tmp_path: Path,
) -> None:
    service = Tournament.create(tmp_path / "e.tdc", "Prova", load_settings(), clock=frozen)
    started(service, ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"])
    while service.state.in_play > 1:
        service.execute(Bust(names=[service.state.in_players()[-1].name]))
    assert service.state.phase == "finished"
    async with console(service) as (app, pilot):
        await pilot.press("4", "p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog) and app.screen.kind == "standings"
