"""Snapshots of the room display's faces and the console at the end, at 80 x 24 and at a wide
size, on a clock frozen where each face shows (see test_room_display for what they must say)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain.play import Bust, Final
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.service import Tournament
from tdconsole.ui.app import Mode

from .conftest import bust_at
from .test_room_display import Room, close_table_one, drawn_event
from .test_snapshots import keys

SIZES = [(80, 24), (160, 45)]


def overtime(room: Room, director: Tournament) -> None:
    director.execute(ClockControl(action="start"))
    room.clock.advance(minutes=40, seconds=142)


def on_break(room: Room, director: Tournament) -> None:
    director.execute(EditLevel(level=1, break_minutes=10))
    director.execute(ClockControl(action="start"))
    room.clock.advance(minutes=40, seconds=5)
    director.execute(ClockControl(action="announce"))
    room.clock.advance(minutes=3)


def closed(room: Room, director: Tournament) -> None:
    close_table_one(director)


def finished(room: Room, director: Tournament) -> None:
    for table in (1, 2, 3):
        bust_at(director, table, 3)
    names = [p.name for p in director.state.in_players()]
    counts = dict.fromkeys(names, 0)
    counts[names[0]] = director.state.chips_in_play
    director.execute(Final(counts=counts))
    while director.state.in_play > 1:
        director.execute(Bust(names=[director.state.in_players()[-1].name], declined=True))


Setup = Callable[[Room, Tournament], None]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    ("mode", "setup"),
    [
        ("display", overtime),
        ("display", on_break),
        ("display", closed),
        ("display", finished),
        ("director", finished),
    ],
    ids=["display_overtime", "display_break", "display_moves", "display_result", "console_result"],
)
def test_room(
    snap_compare: Any, demo_file: Path, mode: Mode, setup: Setup, size: tuple[int, int]
) -> None:
    room = Room(demo_file)
    try:
        setup(room, room.service())
        assert snap_compare(room.app(mode), terminal_size=size, run_before=keys())
    finally:
        for service in room.services:
            service.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_display_seats_after_the_draw(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    room = Room(drawn_event(tmp_path / "drawn.tdc"))
    try:
        assert snap_compare(room.app("display"), terminal_size=size, run_before=keys())
    finally:
        for service in room.services:
            service.close()
