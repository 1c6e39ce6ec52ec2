"""A copy on a second device is read-only while it follows; ``take-over`` makes it the event's
file; an event that moved refuses everything, saying where it went (``store.copy_marks``)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from tdhelpers.command_line import run_on
from tdhelpers.copies import night
from tdhelpers.support import FakeClock

from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.take_over import TakenOver, TakeOver
from tdconsole.domain.view import clock_json
from tdconsole.service import Tournament
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore
from tdconsole.store.memory import MemoryStore

SERVED = "http://192.168.1.5:8000"


@pytest.fixture
def files(tmp_path: Path, clock: FakeClock) -> tuple[Path, Path]:
    return night(tmp_path, SERVED, clock)


@pytest.fixture
def director(files: tuple[Path, Path]) -> Path:
    """The Director's file: 12 players, started, the clock running."""
    return files[0]


@pytest.fixture
def copy(files: tuple[Path, Path]) -> Path:
    """The copy on the second device: the same log, its file marked as following."""
    return files[1]


def marks(path: Path) -> tuple[str | None, str | None, copy_marks.Moved | None]:
    store = EventStore(path)
    try:
        return copy_marks.following(store), copy_marks.copy_address(store), copy_marks.moved(store)
    finally:
        store.close()


def test_the_marks_are_kept_in_the_file_and_memory_knows_none(director: Path) -> None:
    assert marks(director) == (None, None, None)
    store = EventStore(director)
    copy_marks.record_copy_address(store, "192.168.1.6:8001")
    when = datetime(2026, 12, 6, 21, 4, tzinfo=UTC)
    copy_marks.record_moved(store, copy_marks.Moved("cassa", "192.168.1.6:8001", when))
    store.close()
    assert marks(director) == (
        None,
        "192.168.1.6:8001",
        copy_marks.Moved("cassa", "192.168.1.6:8001", when),
    )
    memory = MemoryStore()
    assert copy_marks.following(memory) is None and copy_marks.moved(memory) is None
    assert copy_marks.copy_address(memory) is None


def test_a_value_that_is_not_ours_is_none(director: Path) -> None:
    store = EventStore(director)
    store.set_meta(copy_marks.MOVED, json.dumps({"device": 3, "at": "yesterday"}))
    store.set_meta(copy_marks.FOLLOWING, "x" * 1000)
    store.close()
    assert marks(director) == (None, None, None)


def test_a_time_moved_past_the_calendars_ends_is_none_and_every_command_still_answers(
    director: Path,
) -> None:
    store = EventStore(director)
    at = "0001-01-01T00:00:00+05:00"  # (before year 1 in every zone west of +05:00)
    store.set_meta(copy_marks.MOVED, json.dumps({"device": "cassa", "address": "x", "at": at}))
    copy_marks.check_writable(store)  # (no move to refuse with: not a traceback)
    store.close()
    assert marks(director) == (None, None, None)


@pytest.mark.parametrize(
    "address", ["file:///etc/passwd", "ftp://192.168.1.6", "javascript:alert(1)", "a b:80"]
)
def test_a_copy_address_that_is_not_one_is_none(director: Path, address: str) -> None:
    store = EventStore(director)
    store.set_meta(copy_marks.COPY_ADDRESS, address)
    store.close()
    assert marks(director) == (None, None, None)


def test_a_copy_being_followed_refuses_every_command_and_reads(
    copy: Path, clock: FakeClock
) -> None:
    service = Tournament.open(copy, clock=clock)
    try:
        before = service.store.last_seq()
        for act in (
            lambda: service.execute(Register(names=["Zoe"])),
            lambda: service.execute(ClockControl(action="pause")),
            lambda: service.undo(),
        ):
            with pytest.raises(RuleError) as refused:
                act()
            assert refused.value.article == "VII.1"
            assert str(refused.value) == (
                f"this is the copy of the event served at {SERVED}: act on the Director's "
                "laptop, or `tdconsole take-over` if it is gone (Art. VII.1)"
            )
        assert service.store.last_seq() == before
        assert len(service.state.players) == 12  # (reading works)
    finally:
        service.close()


def test_take_over_records_the_move_and_every_command_works_after(
    copy: Path, director: Path, clock: FakeClock
) -> None:
    shown = Tournament.open(director, clock=clock)
    clock.advance(300)
    before = clock_json(shown.state, shown.now())
    shown.close()
    service = Tournament.open(copy, clock=clock)
    try:
        (noted, moved) = service.execute(TakeOver(device="cassa"))
        assert moved.body == TakenOver(device="cassa", address=SERVED)
        assert (noted.actor, getattr(noted.body, "role", None)) == (
            service.state.settings.director,
            "director",
        )
        assert marks(copy)[0] is None
        assert clock_json(service.state, service.now()) == before  # the clock runs on
        service.execute(ClockControl(action="pause"))
        assert service.state.clock is not None and not service.state.clock.running
    finally:
        service.close()


def test_take_over_is_the_directors_and_refused_on_a_file_that_is_not_a_copy(
    copy: Path, director: Path
) -> None:
    service = Tournament.open(director)
    try:
        with pytest.raises(RuleError, match="this file is not a copy being followed"):
            service.execute(TakeOver(device="cassa"))
    finally:
        service.close()
    floor = Tournament.open(copy, actor="Anna", role="floor")
    try:
        with pytest.raises(RuleError):
            floor.execute(TakeOver(device="cassa"))
        assert marks(copy)[0] == SERVED
    finally:
        floor.close()


def test_a_file_whose_event_moved_refuses_everything_saying_where(director: Path) -> None:
    store = EventStore(director)
    at = datetime(2026, 12, 6, 21, 4, tzinfo=UTC)
    copy_marks.record_moved(store, copy_marks.Moved("cassa", "192.168.1.6:8001", at))
    store.close()
    service = Tournament.open(director)
    try:
        for command in (Register(names=["Zoe"]), TakeOver(device="x")):
            with pytest.raises(RuleError) as refused:
                service.execute(command)
            hhmm = at.astimezone().strftime("%H:%M")
            assert str(refused.value) == (
                f"this event moved to cassa at 192.168.1.6:8001 at {hhmm}: act there (Art. VII.1)"
            )
    finally:
        service.close()


def test_the_command_line_refuses_on_the_copy_in_one_line_and_takes_over(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_on(capsys, copy, "register", "Zoe")
    assert code != 0 and out == "" and err.count("\n") == 1 and "take-over" in err
    assert run_on(capsys, copy, "state", "--json")[0] == 0
    code, out, err = run_on(capsys, copy, "take-over", "--device", "cassa")
    assert code == 0, err
    assert out.splitlines()[0] == "event taken over on cassa"
    assert SERVED in out.splitlines()[1]
    assert run_on(capsys, copy, "clock", "pause")[0] == 0
    code, _out, err = run_on(capsys, copy, "take-over")
    assert code != 0 and "not a copy" in err and err.count("\n") == 1
