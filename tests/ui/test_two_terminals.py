"""Two terminals on one event file: what the floor records appears on the Director's console."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.app import ScreenStackError
from textual.pilot import Pilot

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.tables_view import TablesView

MakeApp = Callable[..., ConsoleApp]


@asynccontextmanager
async def director_and_floor(
    make_app: MakeApp,
) -> AsyncIterator[tuple[ConsoleApp, ConsoleApp, Pilot[Any], Pilot[Any]]]:
    """The Director's console and Bruno's floor console on the demo, both running: the apps
    and their pilots."""
    console = make_app("director")
    floor = make_app("floor", actor="Bruno")
    async with (
        console.run_test(size=(120, 40)) as director,
        floor.run_test(size=(120, 40)) as staff,
    ):
        yield console, floor, director, staff


async def test_floor_elimination_appears_on_the_console(make_app: MakeApp) -> None:
    async with director_and_floor(make_app) as (console, floor, director, staff):
        await director.pause()
        await staff.pause()
        assert isinstance(floor.screen, ConsoleScreen) and floor.screen.floor
        await staff.press("e", "ctrl+r", "enter")
        await staff.pause()
        assert floor.service is not None and console.service is not None
        assert floor.service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
        console.poll()  # what the console's poll timer does every 0.4 s
        await director.pause()
        assert console.service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
        tables = console.screen.query_one(TablesView)
        names = [s.name for v in tables.views for s in v.seats if s.name]
        assert "Moretti" not in names and len(names) == 23


async def test_floor_may_not_control_the_clock_or_undo_the_director(make_app: MakeApp) -> None:
    async with director_and_floor(make_app) as (_, floor, director, staff):
        await director.pause()
        await director.press("e", "ctrl+r", "enter")
        await director.pause()
        floor.poll()
        await staff.pause()
        await staff.press("space", "c", "f")  # refused on the floor: nothing happens
        await staff.pause()
        assert floor.service is not None
        assert not floor.service.state.clock.running
        assert isinstance(floor.screen, ConsoleScreen)
        await staff.press("escape", "u")  # (the letters refused started a player search)
        await staff.pause()
        assert floor.service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
        assert any("Art. VII.1" in n.message for n in notifications(floor))


async def test_a_refused_action_shows_the_latest_state(make_app: MakeApp) -> None:
    """Two terminals bust one player: the one that loses the race is told, and then shows what
    the service took in while refusing (before, 24 players in play for good, 23 in truth)."""
    from tdconsole.domain.play import Bust
    from tdconsole.ui.messages import CommandRequested

    console = make_app("director")
    floor = make_app("floor", actor="Bruno")
    console.poll = lambda: None  # type: ignore[method-assign]  (no timer catches it up)
    async with (
        console.run_test(size=(120, 40)) as director,
        floor.run_test(size=(120, 40)) as staff,
    ):
        await director.pause()
        await staff.pause()
        assert floor.service is not None and console.service is not None
        tables = console.screen.query_one(TablesView)

        def seated() -> list[str]:
            return [s.name for v in tables.views for s in v.seats if s.name]

        assert "Moretti" in seated() and len(seated()) == 24
        floor.post_message(CommandRequested(Bust(names=["Moretti"], declined=True)))
        await staff.pause()
        assert floor.service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
        console.post_message(CommandRequested(Bust(names=["Moretti"], declined=True)))
        await director.pause()
        refusals = [n.message for n in notifications(console) if n.severity == "error"]
        assert refusals, "the second bust is refused"
        assert "Moretti" not in seated() and len(seated()) == 23


async def test_a_poll_while_the_console_closes_finds_no_screen_and_does_nothing(
    make_app: MakeApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The poll timer may fire while the App closes, its screens gone and its timers not yet
    stopped: the poll then does nothing (it once asked for the screen and raised)."""

    def no_screen(_app: ConsoleApp) -> Any:
        raise ScreenStackError("No screens on stack")

    async with director_and_floor(make_app) as (console, _floor, director, staff):
        await director.pause()
        await staff.press("e", "ctrl+r", "enter")
        await staff.pause()
        assert console.views is not None and console.service is not None
        console.views.painted_seq = -1  # news to paint, whether or not its timer polled
        with monkeypatch.context() as closing:
            closing.setattr(ConsoleApp, "screen_stack", property(lambda _app: []))
            closing.setattr(ConsoleApp, "screen", property(no_screen))
            console.poll()
        assert console.service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
