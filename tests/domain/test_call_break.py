"""A break called now (Decision, Art. VII.1; docs/rules.md): it starts when recorded, lasts
its minutes, keeps the level's time left, and the level goes on by itself after it; the
structure is unchanged and undo takes it back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tdconsole.domain import clock
from tdconsole.domain.clock import Structure
from tdconsole.domain.errors import RuleError

T0 = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


def ordine() -> Structure:
    """B = 100 for 40 min, then 200, doubling every 20 min; a 15-minute break after level 2."""
    return Structure.build(100, 40, 200, 20, stack=10_000, breaks={2: 15})


def running_at(minutes: float, structure: Structure) -> clock.ClockState:
    """Level 1 started at T0, ``minutes`` into it."""
    state = clock.start(clock.initial(structure), structure, T0)
    return clock.settle(state, structure, T0 + minutes * MIN)


def test_the_level_keeps_its_time_and_goes_on_by_itself_after_the_break() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    shown = clock.status(state, structure, T0 + 12 * MIN)
    assert shown.is_break and shown.remaining_seconds == 3 * 60 and shown.minutes == 5
    assert shown.level == 1 and shown.next is not None and shown.next.big_blind == 100
    assert not shown.pending_announcement
    # the break ends at 15: level 1 goes on with its 30 minutes, running, no announcement
    after = clock.status(state, structure, T0 + 16 * MIN)
    assert not after.is_break and after.level == 1 and after.running
    assert after.remaining_seconds == 29 * 60
    assert after.level_ends_at == T0 + 45 * MIN
    assert structure == ordine()  # the structure is unchanged


def test_a_paused_clock_runs_through_the_break_and_the_level_after_it() -> None:
    structure = ordine()
    paused = clock.pause(running_at(10, structure), structure, T0 + 10 * MIN)
    state = clock.call_break(paused, structure, 5, T0 + 20 * MIN)
    after = clock.status(state, structure, T0 + 30 * MIN)
    assert after.running and after.remaining_seconds == 25 * 60


def test_pausing_the_break_holds_its_time_and_next_ends_it_at_once() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    state = clock.pause(state, structure, T0 + 12 * MIN)
    assert clock.status(state, structure, T0 + 40 * MIN).remaining_seconds == 3 * 60
    state = clock.resume(state, structure, T0 + 40 * MIN)
    state = clock.next_level(state, structure, T0 + 41 * MIN)  # ends the break
    shown = clock.status(state, structure, T0 + 41 * MIN)
    assert not shown.is_break and shown.level == 1 and shown.remaining_seconds == 30 * 60


def test_time_added_to_the_break_lengthens_it() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    state = clock.add(state, structure, 60, T0 + 11 * MIN)
    assert clock.status(state, structure, T0 + 11 * MIN).remaining_seconds == 5 * 60
    assert clock.status(state, structure, T0 + 16 * MIN + timedelta(seconds=1)).is_break is False


def test_a_pending_level_change_is_still_pending_after_the_break() -> None:
    structure = ordine()
    state = clock.call_break(running_at(42, structure), structure, 5, T0 + 42 * MIN)
    after = clock.status(state, structure, T0 + 48 * MIN)
    assert after.pending_announcement and after.level == 1
    assert after.overtime_seconds == 3 * 60  # 2 before the break, 1 after it


def test_auto_announce_goes_on_from_the_level_after_the_break() -> None:
    structure = ordine()
    state = clock.call_break(running_at(35, structure), structure, 10, T0 + 35 * MIN)
    shown = clock.status(state, structure, T0 + 52 * MIN, auto_announce=True)
    # break 35-45, level 1's last 5 minutes 45-50, level 2 from 50
    assert shown.level == 2 and not shown.is_break and shown.remaining_seconds == 18 * 60


@pytest.mark.parametrize("minutes", [0, 241])
def test_a_break_of_no_time_or_of_hours_is_refused(minutes: int) -> None:
    structure = ordine()
    with pytest.raises(RuleError) as refused:
        clock.call_break(running_at(10, structure), structure, minutes, T0 + 10 * MIN)
    assert refused.value.article == "VII.1"


def test_a_break_in_a_break_is_refused_with_the_way_to_lengthen_it() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    with pytest.raises(RuleError, match="clock add"):
        clock.call_break(state, structure, 5, T0 + 11 * MIN)
    with pytest.raises(RuleError, match="clock next"):
        clock.prev_level(state, structure, T0 + 11 * MIN)
    in_planned = running_at(70, structure)  # the structure's break after level 2: 60-75
    assert clock.status(in_planned, structure, T0 + 70 * MIN, auto_announce=True).level == 2
    planned = clock.settle(in_planned, structure, T0 + 70 * MIN, auto_announce=True)
    with pytest.raises(RuleError, match="clock add") as refused:
        clock.call_break(planned, structure, 5, T0 + 70 * MIN, auto_announce=True)
    assert refused.value.article == "III.5"


def test_the_plan_shows_the_break_then_the_level_with_its_time() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    rows = clock.plan_live(state, structure, T0 + 10 * MIN, players=20, chips_in_play=200_000)
    assert rows[0].is_break and rows[0].minutes == 5 and rows[0].ends_at == T0 + 15 * MIN
    assert rows[1].level == 1 and (rows[1].starts_at, rows[1].ends_at) == (
        T0 + 15 * MIN,
        T0 + 45 * MIN,
    )
    assert rows[2].level == 2 and rows[2].starts_at == T0 + 45 * MIN


def test_the_event_ends_during_a_break_with_the_levels_time_kept() -> None:
    structure = ordine()
    state = clock.call_break(running_at(10, structure), structure, 5, T0 + 10 * MIN)
    over = clock.finish(state, structure, T0 + 12 * MIN)
    assert over.finished and over.called is None and over.remaining == 30 * MIN


def test_recorded_said_in_the_log_and_taken_back_by_undo() -> None:
    from tdconsole.demo import demo_in_memory
    from tdconsole.domain.slices.call_break import SLICE
    from tdconsole.domain.summaries import summary_msg

    service = demo_in_memory(lang="en")
    try:
        before = service.state.clock
        service.execute(SLICE.build({"minutes": "10", "reason": "dinner"}))
        assert service.state.clock is not None and service.state.clock.called is not None
        last = service.last_action()
        assert last is not None
        said = summary_msg(last.summary)
        assert not isinstance(said, str)
        assert said.text("en") == "break called now: 10 minutes, dinner"
        assert service.state.structure is not None
        structure = service.state.structure
        service.undo()
        assert service.state.clock == before and service.state.structure == structure
    finally:
        service.close()
