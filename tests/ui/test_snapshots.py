"""One snapshot per screen, with the clock frozen (see conftest.NOW)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app

from .conftest import frozen, settle

SIZE = (120, 40)
Before = Callable[[Pilot[Any]], Awaitable[None]]


def keys(*pressed: str) -> Before:
    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press(*pressed)  # one at a time, each once the app is at rest (conftest)
        await pilot.wait_for_scheduled_animations()

    return run


@pytest.mark.parametrize(
    ("name", "pressed"),
    [
        ("tables", ()),
        ("players", ("2",)),
        ("prizes", ("3",)),
        ("standings", ("4",)),
        ("rulebook", ("5", "slash", *"seconda dote")),
        ("keys", ("question_mark",)),
        ("eliminate", ("e", "ctrl+n", *"Rossi")),
        ("second_stack", ("d",)),
        ("count", ("k",)),
        ("disqualify", ("x",)),
        ("settings", ("o",)),
        ("call_clock", ("t",)),
        ("calc_side_pots", ("f2", *"1:Ada=100 2:Bea=300 3:Cid=500", "enter", "enter", *"Cid Bea")),
        ("calc_chips", ("f3", *"400", "enter", *"450")),
        ("calc_raise", ("f4", "enter", "enter", *"150")),
        ("calc_button", ("f5", "enter", "enter", "3")),
        ("calc_showdown", ("f6", *"Ada=AsKd Bea=AcQh", "enter", *"Ah9c7d4s2h")),
        ("calc_clock", ("f7", "enter", *"50")),
        ("print", ("3", "p")),
        ("edit_level", ("h",)),
        ("button", ("right", "B")),
    ],
)
def test_console(
    snap_compare: Any, make_app: Any, demo_file: Path, name: str, pressed: tuple[str, ...]
) -> None:
    if name == "print":  # the dialog shows where files go, and a test's own folder varies
        director = Tournament.open(demo_file, clock=frozen)
        director.execute(ChangeSettings(assignments=[("print_dir", "/srv/torneo/stampe")]))
        director.close()
    app: ConsoleApp = make_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=keys(*pressed))


def test_console_english(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app(lang="en"), terminal_size=SIZE, run_before=keys())


def test_close_table(snap_compare: Any, make_app: Any, closing_file: Path) -> None:
    app = make_app(path=closing_file)
    assert snap_compare(app, terminal_size=SIZE, run_before=keys("c", "ctrl+o"))


def test_final(snap_compare: Any, make_app: Any, final_file: Path) -> None:
    assert snap_compare(make_app(path=final_file), terminal_size=SIZE, run_before=keys("f"))


def test_floor(snap_compare: Any, make_app: Any) -> None:
    app = make_app("floor", actor="Bruno")
    assert snap_compare(app, terminal_size=SIZE, run_before=keys())


def test_display(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app("display"), terminal_size=SIZE, run_before=keys())


def test_console_small(snap_compare: Any, make_app: Any) -> None:
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=keys())


def test_start(snap_compare: Any) -> None:
    app = build_app(None)
    assert snap_compare(app, terminal_size=SIZE, run_before=keys())


def test_opening(snap_compare: Any) -> None:
    """The first frame while the event is opened (the console replaces it)."""
    from tdconsole.ui.screens.opening import OpeningScreen

    app = build_app(None)

    async def run(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await app.switch_screen(OpeningScreen(app.tr, "demo"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_mark_served(snap_compare: Any, make_app: Any, demo_file: Path) -> None:
    from tdconsole.domain.slices.sanction import Sanction

    director = Tournament.open(demo_file, clock=frozen)
    name = director.state.in_players()[0].name
    director.execute(Sanction(name=name, kind="suspend", orbits=2, reason="telefono al tavolo"))
    director.close()
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=keys("m"))
