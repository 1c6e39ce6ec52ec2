"""Snapshots of the structure and settings screens and the Director's dialogs, at 80 × 24 and at
a wide size, with the clock frozen (conftest.NOW)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.service import Tournament
from tdconsole.ui.app import build_app

from .conftest import frozen
from .test_director_options import full_room
from .test_snapshots import keys
from .test_structure import seated_event

SIZES = {"small": (80, 24), "wide": (160, 48)}


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return SIZES[request.param]


def shot(snap_compare: Any, service: Tournament, size: Any, key: str) -> bool:
    """The console on ``service`` matches its snapshot after ``key``; the service is closed."""
    try:
        return snap_compare(build_app(service, frozen), terminal_size=size, run_before=keys(key))
    finally:
        service.close()


def test_structure_before_the_start(snap_compare: Any, tmp_path: Path, size: Any) -> None:
    assert shot(snap_compare, seated_event(tmp_path / "seated.tdc"), size, "S")


@pytest.mark.parametrize(
    ("name", "pressed"),
    [
        ("structure", ("S",)),
        ("settings", ("o",)),
        ("move_player", ("M",)),
    ],
)
def test_director_screens(
    snap_compare: Any, make_app: Any, size: Any, name: str, pressed: tuple[str, ...]
) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=keys(*pressed))


def test_colour_up(snap_compare: Any, demo_file: Path, make_app: Any, size: Any) -> None:
    service = Tournament.open(demo_file, clock=frozen)
    service.execute(EditLevel(level=1, break_minutes=15))
    service.execute(ClockControl(action="next"))
    service.close()
    assert snap_compare(make_app(), terminal_size=size, run_before=keys("C"))


def test_close_with_no_room(snap_compare: Any, tmp_path: Path, size: Any) -> None:
    assert shot(snap_compare, full_room(tmp_path / "full.tdc"), size, "c")
