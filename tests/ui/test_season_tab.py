"""The season's tab (6): the standings of the season counting the open event, read in a worker."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tdhelpers.season_events import EVENING_1, EVENING_2, play_event
from textual.widgets import DataTable, Static

from tdconsole.season.load import load, season_json
from tdconsole.season.seasonfile import Season, write_season
from tdconsole.ui.app import ConsoleApp

MakeApp = Callable[..., ConsoleApp]


def cells(table: DataTable[Any]) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_season_tab_shows_the_season_of_the_event(
    make_app: MakeApp, demo_file: Path
) -> None:
    folder = demo_file.parent
    play_event(folder / "sera-1.tdc", "Prima sera", *EVENING_1, day=1)
    play_event(folder / "sera-2.tdc", "Seconda sera", *EVENING_2, day=8)
    season = folder / "club.season.toml"
    events = ("sera-1.tdc", "sera-2.tdc", demo_file.name)
    write_season(season, Season(name="Club [bold]", events=events), new=True)
    expected = season_json(load(season), "it")

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one("#season-table", DataTable)
        assert app.focused is table
        rows = cells(table)
        assert [r[1] for r in rows] == [r["player"] for r in expected["standings"]]
        assert [r[3] for r in rows] == [r["points"] for r in expected["standings"]]
        caption = str(app.screen.query_one("#season-caption", Static).render())
        assert caption.startswith("Club [bold] — 2 eventi su 3, formula sqrt")  # literal
        assert "escluso: Torneo d'Autunno (demo) — fase eliminatoria" in caption


async def test_no_season_says_how_to_make_one(make_app: MakeApp) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        caption = str(app.screen.query_one("#season-caption", Static).render())
        assert caption.startswith(
            "No season counts this event: ctrl+p, Season: new season (its name, Enter)"
        )
        assert app.screen.query_one("#season-table", DataTable).row_count == 0


def test_season_tab_snapshot(snap_compare: Any, make_app: MakeApp, demo_file: Path) -> None:
    folder = demo_file.parent
    play_event(folder / "sera-1.tdc", "Prima sera", *EVENING_1, day=1)
    play_event(folder / "sera-2.tdc", "Seconda sera", *EVENING_2, day=8)
    events = ("sera-1.tdc", "sera-2.tdc", demo_file.name)
    write_season(folder / "club.season.toml", Season(name="Club", events=events), new=True)

    async def open_the_tab(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("6")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(120, 40), run_before=open_the_tab)
