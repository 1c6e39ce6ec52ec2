"""The season made, this event added and the season printed from the Season tab alone, by the
functions the command line's ``season new``, ``season add`` and ``season print`` use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tdhelpers.printing_fakes import fake_lp
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tdconsole.season.seasonfile import read_season
from tdconsole.store.paths import events_dir
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.print_report import PrintDialog
from tdconsole.ui.screens.console import ConsoleScreen

from .conftest import settle
from .test_actions import SIZE, messages

MakeApp = Callable[..., ConsoleApp]


async def season_name_typed(pilot: Pilot[int], keys: str) -> None:
    """On the Season tab, ``keys`` typed in the new season's name, then Enter."""
    await settle(pilot)
    await pilot.press("6")
    await settle(pilot)
    pilot.app.screen.query_one("#season-name", Input).focus()
    await pilot.press(*keys, "enter")
    await settle(pilot)


async def test_a_season_made_this_event_added_and_printed_from_the_season_tab(
    make_app: MakeApp, demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spool = tmp_path / "printer"
    spool.mkdir()
    fake_lp(monkeypatch, spool)
    app = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await season_name_typed(pilot, "Club 2026")
        path = events_dir() / "Club 2026.season.toml"
        assert messages(app)[-1] == f"Season Club 2026 made: {path}"
        assert read_season(path).events == ()

        await pilot.click("#season-add")
        await settle(pilot)
        assert messages(app)[-1] == "This event added to the season Club 2026.season.toml"
        (entry,) = read_season(path).events
        assert Path(entry).name == demo_file.name
        caption = str(app.screen.query_one("#season-caption", Static).render())
        assert caption.startswith("Club 2026 — 0 events of 1, formula sqrt")

        await pilot.click("#season-print")  # the print dialog, on the season's standings
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog) and app.screen.kind == "season"
        await pilot.click("#f-txt")
        await pilot.click("#queue")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert messages(app)[-1] == "Sent to the printer: request id is q-1"
        job = (spool / "job").read_text(encoding="utf-8")
        assert "Club 2026" in job
        assert "-t season.txt" in (spool / "argv").read_text(encoding="utf-8")


async def test_the_palette_adds_this_event_and_a_second_add_is_refused_in_one_line(
    make_app: MakeApp,
) -> None:
    from tdconsole.season.editing import create_season

    path, _season = create_season("lega")
    app = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        (add,) = [go for label, go, _k, _g in screen.palette_entries() if "add this event" in label]
        for _time in range(2):
            await add()  # type: ignore[operator]
            await settle(pilot)
        assert len(read_season(path).events) == 1
        assert messages(app)[-1] == "demo.tdc is already in the season"


async def test_an_empty_season_name_is_refused_and_nothing_is_written(make_app: MakeApp) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await season_name_typed(pilot, " ")
        assert messages(app)[-1] == "give the season a name: its file goes in the data folder"
        await pilot.click("#season-add")
        await settle(pilot)
        assert messages(app)[-1] == (
            "no season yet: type the new season's name on the Season tab, then Enter"
        )
    assert not events_dir().exists() or not list(events_dir().glob("*.season.toml"))
