"""The clock on the log (Art. III.5): a new process on the same file shows the same clock,
mid-level and mid-pause; every control is undoable; several processes agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tdhelpers.support import FakeClock, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Start
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.view import clock_json
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


@pytest.fixture
def started(tmp_path: Path) -> tuple[Path, FakeClock]:
    clock = FakeClock()
    path = tmp_path / "clock.tdc"
    service = Tournament.create(path, "clock", load_settings(), clock=clock, rng=random.Random(1))
    service.execute(Register(names=names(12)))
    service.execute(Pay(names=names(12)))
    service.execute(Draw(seed=1))
    service.execute(Start(stack=4000, big_blind=100))
    service.close()
    return path, clock


def status(path: Path, clock: FakeClock) -> dict[str, object]:
    """What a freshly started process shows."""
    service = Tournament.open(path, clock=clock)
    try:
        document = clock_json(service.state, service.now())
        assert document is not None
        return document
    finally:
        service.close()


def test_restart_mid_level_and_mid_pause(started: tuple[Path, FakeClock]) -> None:
    path, clock = started
    director = Tournament.open(path, clock=clock)
    assert status(path, clock)["remaining_seconds"] == 40 * 60  # stopped at level 1 (III.5)
    director.execute(ClockControl(action="start"))
    clock.advance(12 * 60 + 30)
    assert status(path, clock)["remaining_seconds"] == 27 * 60 + 30  # mid-level, new process
    assert status(path, clock)["running"] is True
    director.execute(ClockControl(action="pause"))
    clock.advance(3600)  # a paused clock stays paused across restarts
    again = status(path, clock)
    assert (again["running"], again["remaining_seconds"]) == (False, 27 * 60 + 30)
    assert again["level_ends_at"] is None
    director.execute(ClockControl(action="resume"))
    clock.advance(27 * 60 + 30 + 95)  # past zero: pending, overtime shown (III.5)
    pending = status(path, clock)
    assert pending["pending_announcement"] is True and pending["overtime_seconds"] == 95
    assert pending["big_blind"] == 100 and pending["next"]["big_blind"] == 200  # type: ignore[index]
    director.execute(ClockControl(action="announce"))
    shown = status(path, clock)
    assert (shown["level"], shown["big_blind"], shown["remaining_seconds"]) == (2, 200, 20 * 60)
    director.close()


def test_every_control_is_undoable(started: tuple[Path, FakeClock]) -> None:
    path, clock = started
    director = Tournament.open(path, clock=clock)
    director.execute(ClockControl(action="start"))
    clock.advance(600)
    director.execute(ClockControl(action="add", seconds=120))
    assert status(path, clock)["remaining_seconds"] == 30 * 60 + 120
    director.undo("wrong key")
    assert status(path, clock)["remaining_seconds"] == 30 * 60
    director.execute(ClockControl(action="next"))
    assert status(path, clock)["level"] == 2
    clock.advance(60)
    director.undo()  # the level change undone: level 1, as if it never happened
    back = status(path, clock)
    assert (back["level"], back["remaining_seconds"]) == (1, 29 * 60)
    with pytest.raises(RuleError) as refused:
        director.execute(ClockControl(action="announce"))
    assert refused.value.article == "III.5"
    director.close()


def test_two_processes_agree_to_the_second(started: tuple[Path, FakeClock]) -> None:
    path, clock = started
    a = Tournament.open(path, clock=clock)
    b = Tournament.open(path, clock=clock, actor="Mario", role="floor")
    a.execute(ClockControl(action="start"))
    clock.advance(61.4)
    assert b.poll()
    assert clock_json(a.state, a.now()) == clock_json(b.state, b.now())
    with pytest.raises(RuleError):
        b.execute(ClockControl(action="pause"))  # floor staff never control the clock
    a.close()
    b.close()


def test_edit_a_future_level_during_play(started: tuple[Path, FakeClock]) -> None:
    path, clock = started
    director = Tournament.open(path, clock=clock)
    director.execute(ClockControl(action="start"))
    director.execute(EditLevel(level=3, big_blind=300))
    assert director.state.structure.big_blind(4) == 600  # doubling goes on from the edit
    with pytest.raises(RuleError) as frozen:
        director.execute(EditLevel(level=1, big_blind=150))
    assert frozen.value.article == "III.5"
    director.close()


def test_blinds_past_sensible_values_are_warned(started: tuple[Path, FakeClock]) -> None:
    """The structure never runs out, but blinds above the average stack are said."""
    path, clock = started
    director = Tournament.open(path, clock=clock)
    assert status(path, clock)["warnings"] == []
    for _ in range(6):  # level 7: 100 · 2^6 = 6400 > the average stack of 4000
        director.execute(ClockControl(action="next"))
    warnings = status(path, clock)["warnings"]
    assert warnings and "6 400" in warnings[0]  # type: ignore[index]
    director.close()


def test_absurd_times_are_refused_before_any_arithmetic(started: tuple[Path, FakeClock]) -> None:
    path, clock = started
    director = Tournament.open(path, clock=clock)
    for action in ("add", "sub", "set"):
        with pytest.raises(RuleError, match="more than 24 hours"):
            director.execute(ClockControl(action=action, seconds=10**40))  # type: ignore[arg-type]
    director.close()
