"""The blind clock engine (Art. III.1, III.5, 2.3, 2.6): exact, drift-free, replayable.

Time is injected: a fake clock the tests advance by hand. Expected times are computed
independently, by a reference clock that *decrements* an integer count of microseconds between
events (the engine instead stores anchors), so any drift in the engine would show.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain import clock
from tdconsole.domain.clock import ClockState, ClockStatus, Structure
from tdconsole.domain.errors import RuleError

ROME = timezone(timedelta(hours=1))
T0 = datetime(2025, 3, 1, 20, 0, 0, tzinfo=ROME)
US = timedelta(microseconds=1)


class FakeClock:
    """An injected time source the test moves forward by hand."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def ordine(**extra: object) -> Structure:
    """The shipped structure: B = 100 for 40 min, then 200, doubling every 20 min."""
    kwargs: dict[str, object] = {"stack": 10_000}
    kwargs.update(extra)
    return Structure.build(100, 40, 200, 20, **kwargs)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# The reference clock: decrements microseconds, written without the engine's anchors.


@dataclass
class RefClock:
    structure: Structure
    auto: bool = False
    index: int = 0
    running: bool = False
    left_us: int = 0
    t_us: int = 0

    def __post_init__(self) -> None:
        self.left_us = self.full_us(0)

    def full_us(self, index: int) -> int:
        return self.structure.period(index).minutes * 60 * 1_000_000

    def exists(self, index: int) -> bool:
        return self.structure.has_period(index)

    def at(self, t_us: int) -> None:
        if self.running:
            self.left_us -= t_us - self.t_us
        self.t_us = t_us
        if self.auto:
            while self.left_us <= 0 and self.exists(self.index + 1):
                self.index += 1
                self.left_us += self.full_us(self.index)

    def apply(self, op: str, arg: int, t_us: int) -> None:
        self.at(t_us)
        if op in ("start", "resume"):
            self.running = True
        elif op == "pause":
            self.running = False
        elif op in ("announce", "next"):
            self.index += 1
            self.left_us = self.full_us(self.index)
        elif op == "prev":
            self.index -= 1
            self.left_us = self.full_us(self.index)
        elif op == "add":
            self.left_us = max(self.left_us, 0) + arg * 1_000_000
        elif op == "sub":
            self.left_us = max(self.left_us - arg * 1_000_000, 0)
        elif op == "set":
            self.left_us = arg * 1_000_000
        self.at(t_us)

    def allowed(self, op: str, arg: int, t_us: int) -> bool:
        self.at(t_us)
        if op in ("start", "resume"):
            return not self.running
        if op == "pause":
            return self.running
        if op == "announce":
            return self.left_us <= 0 and self.exists(self.index + 1)
        if op == "next":
            return self.exists(self.index + 1)
        if op == "prev":
            return self.index > 0
        if op == "sub":
            return 1 <= arg <= -(-self.left_us // 1_000_000) and self.left_us > 0
        if op == "add":
            return arg >= 1 and max(self.left_us, 0) + arg * 1_000_000 <= 24 * 3600 * 1_000_000
        return True


def us_since_t0(moment: datetime) -> int:
    return (moment - T0) // US


Transition = Callable[..., ClockState]
SIMPLE: dict[str, Transition] = {
    "start": clock.start,
    "resume": clock.resume,
    "pause": clock.pause,
    "announce": clock.announce,
    "next": clock.next_level,
    "prev": clock.prev_level,
}
TIMED: dict[str, Callable[..., ClockState]] = {
    "add": clock.add,
    "sub": clock.sub,
    "set": clock.set_remaining,
}

Op = tuple[str, int, datetime]


def apply(state: ClockState, structure: Structure, op: Op, *, auto: bool = False) -> ClockState:
    name, arg, at = op
    if name in SIMPLE:
        return SIMPLE[name](state, structure, at, auto_announce=auto)
    return TIMED[name](state, structure, arg, at, auto_announce=auto)


def fold(structure: Structure, log: list[Op], *, auto: bool = False) -> ClockState:
    """What the core does on load and on undo: refold the whole log from the start."""
    state = clock.initial(structure)
    for op in log:
        state = apply(state, structure, op, auto=auto)
    return state


def assert_matches(status: ClockStatus, ref: RefClock) -> None:
    expected_left = timedelta(microseconds=ref.left_us)
    assert status.index == ref.index
    assert status.running == ref.running
    assert status.remaining == max(expected_left, timedelta(0))
    assert status.overtime == max(-expected_left, timedelta(0))
    assert status.pending_announcement == (ref.left_us <= 0)


# --------------------------------------------------------------------------------------------
# Structure (III.1, III.5, 2.3, 2.6)


def test_iii5_levels_double_after_the_second_for_20_plus_levels() -> None:
    """III.5: level 1 = B for T1, level 2 = B2 for T2, then 2 × previous every T2."""
    structure = Structure.build(100, 40, 300, 20, stack=10_000)
    periods = structure.periods(24)
    assert [p.big_blind for p in periods[:5]] == [100, 300, 600, 1200, 2400]
    assert [p.minutes for p in periods[:3]] == [40, 20, 20]
    for before, after in itertools.pairwise(periods[1:]):
        assert after.big_blind == 2 * before.big_blind
        assert after.small_blind == after.big_blind // 2
    assert periods[23].level == 24
    assert periods[23].big_blind == 300 * 2**22
    assert not any(p.is_break for p in periods)


def test_iii5_second_big_blind_defaults_to_twice_the_first() -> None:
    structure = Structure.build(100, stack=4_000)
    assert (structure.first_minutes, structure.second_bb, structure.minutes) == (40, 200, 20)


def test_iii5_later_levels_not_shorter_than_the_first_are_refused() -> None:
    """III.5: T2 < T1 is a hard rule."""
    with pytest.raises(RuleError) as refused:
        Structure.build(100, 20, 200, 20, stack=10_000)
    assert refused.value.article == "III.5"
    assert "20 min" in refused.value.message and "--minutes below 20" in refused.value.message
    with pytest.raises(RuleError):
        Structure.build(100, 20, 200, 30, stack=10_000)


def test_iii1_stack_below_40_big_blinds_is_refused_with_the_numbers() -> None:
    """III.1: S ≥ 40·B."""
    with pytest.raises(RuleError) as refused:
        Structure.build(300, stack=10_000)
    assert refused.value.article == "III.1"
    message = refused.value.message
    assert "= 12 000: raise the stack to at least 12 000" in message and "at most 250" in message
    Structure.build(250, stack=10_000)  # exactly 40 × B is allowed


def test_2_3_big_blind_must_be_twice_a_multiple_of_the_chip_unit() -> None:
    """2.3: SB = BB / 2, so every big blind is a multiple of 2 × chip_unit."""
    with pytest.raises(RuleError) as refused:
        Structure.build(75, stack=10_000)
    assert refused.value.article == "2.3"
    assert "try 50 or 100" in refused.value.message
    with pytest.raises(RuleError):
        Structure.build(100, second_bb=230, stack=10_000)
    with pytest.raises(RuleError):
        Structure.build(0, stack=10_000)
    Structure.build(20, second_bb=40, stack=10_000, chip_unit=10)


def test_iii5_second_big_blind_must_rise() -> None:
    with pytest.raises(RuleError) as refused:
        Structure.build(200, second_bb=200, stack=10_000)
    assert refused.value.article == "III.5"


def test_2_6_antes_per_level() -> None:
    structure = ordine(antes={3: 25, 4: 50})
    assert [p.ante for p in structure.periods(5)] == [0, 0, 25, 50, 0]
    with pytest.raises(RuleError) as refused:
        ordine(antes={3: 30})
    assert refused.value.article == "2.6"


def test_breaks_are_periods_between_levels() -> None:
    """Breaks: the regulation is silent (VII.1); none by default, a period when set."""
    assert ordine().breaks == {}
    structure = ordine(breaks={2: 10, 4: 15})
    periods = structure.periods(8)
    assert [(p.level, p.is_break, p.minutes) for p in periods] == [
        (1, False, 40),
        (2, False, 20),
        (2, True, 10),
        (3, False, 20),
        (4, False, 20),
        (4, True, 15),
        (5, False, 20),
        (6, False, 20),
    ]
    assert periods[2].big_blind == 200  # a break shows the blinds of the level it follows
    assert structure.index_of_level(5) == 6
    with pytest.raises(RuleError):
        ordine(breaks={3: 0})


def test_structure_round_trips_through_json() -> None:
    structure = ordine(antes={5: 100}, breaks={4: 15}).with_edit(
        8, current_index=2, big_blind=20_000, minutes=15
    )
    dumped = json.dumps(structure.model_dump(mode="json"))
    assert Structure.model_validate(json.loads(dumped)) == structure
    assert Structure.model_validate_json(structure.model_dump_json()) == structure


def test_iii5_edit_of_future_levels_during_play_played_levels_frozen() -> None:
    """III.5: future levels may be edited while the event runs; played ones are frozen."""
    structure = ordine()
    current = structure.index_of_level(4)  # the clock is at level 4
    edited = structure.with_edit(6, current_index=current, big_blind=5_000, ante=500, minutes=15)
    before = structure.periods(current + 1)
    assert edited.periods(current + 1) == before  # played and current levels unchanged
    assert edited.blinds(5).big_blind == 1_600
    assert (edited.blinds(6).big_blind, edited.blinds(6).ante) == (5_000, 500)
    assert edited.level_minutes(6) == 15
    assert edited.blinds(7).big_blind == 10_000  # doubling goes on from the edited value
    assert edited.blinds(7).ante == 0
    for level in (1, 3, 4):
        with pytest.raises(RuleError) as refused:
            edited.with_edit(level, current_index=current, big_blind=10_000)
        assert refused.value.article == "III.5"
    # a second edit of the same level keeps what it does not change
    again = edited.with_edit(6, current_index=current, ante=0)
    assert (again.blinds(6).big_blind, again.blinds(6).ante, again.level_minutes(6)) == (
        5_000,
        0,
        15,
    )


def test_iii5_edits_keep_the_hard_rules() -> None:
    structure = ordine()
    with pytest.raises(RuleError) as refused:
        structure.with_edit(5, current_index=0, minutes=40)
    assert refused.value.article == "III.5"
    with pytest.raises(RuleError) as refused:
        structure.with_edit(5, current_index=0, big_blind=1_010)
    assert refused.value.article == "2.3"
    with pytest.raises(RuleError):
        structure.with_edit(5, current_index=0)


def test_break_edits_only_ahead_of_the_clock() -> None:
    structure = ordine(breaks={4: 15})
    current = structure.index_of_level(3)
    longer = structure.with_break(4, 20, current_index=current)
    assert longer.breaks == {4: 20}
    added = longer.with_break(6, 10, current_index=current)
    assert added.periods(current + 1) == structure.periods(current + 1)
    removed = added.with_break(4, 0, current_index=current)
    assert removed.breaks == {6: 10}
    with pytest.raises(RuleError):
        structure.with_break(2, 10, current_index=current)
    on_break = structure.index_of_break(4)
    with pytest.raises(RuleError):
        structure.with_break(4, 30, current_index=on_break)


def test_structure_never_runs_out_but_stops_at_an_absurd_level() -> None:
    structure = ordine()
    assert structure.blinds(clock.MAX_LEVEL).big_blind == 200 * 2 ** (clock.MAX_LEVEL - 2)
    with pytest.raises(RuleError) as refused:
        structure.blinds(clock.MAX_LEVEL + 1)
    assert str(clock.MAX_LEVEL) in refused.value.message
    assert not structure.has_period(clock.MAX_LEVEL)
    assert structure.has_period(clock.MAX_LEVEL - 1)


def test_warnings_when_blinds_pass_sensible_chip_values() -> None:
    structure = ordine()
    assert structure.warnings(0, chips_in_play=240_000, players_in=24) == []
    # 3 players, 240k in play: average 80k; level 9 big blind 25,600, level 10 51,200,
    # level 11 102,400 > average, level 12 204,800 > half the chips.
    late = structure.warnings(structure.index_of_level(11), chips_in_play=240_000, players_in=3)
    assert any("average stack" in str(w) for w in late)
    assert any("half the chips" in str(w) for w in late)


def test_iii1_plan_has_times_and_average_stack() -> None:
    """III.1: the first blind is chosen by the number of players and the start time."""
    structure = ordine(breaks={4: 15})
    rows = clock.plan(structure, start_at=T0, players=24, stack=10_000)
    levels = [r for r in rows if not r.is_break]
    # 240,000 chips in play: level 13's big blind (409,600) is the first to pass them all.
    assert len(levels) == 13 and len(rows) == 14
    plenty = clock.plan(structure, start_at=T0, players=24, stack=10_000, chips_in_play=10**12)
    assert len([r for r in plenty if not r.is_break]) == 24 and len(plenty) == 25
    first = rows[0].to_json()
    assert first == {
        "level": 1,
        "small_blind": 50,
        "big_blind": 100,
        "ante": 0,
        "minutes": 40,
        "starts_at": "2025-03-01T20:00:00+01:00",
        "ends_at": "2025-03-01T20:40:00+01:00",
        "average_stack_bb": 100.0,
    }
    assert rows[4].to_json()["break"] is True
    assert rows[5].to_json()["starts_at"] == "2025-03-01T21:55:00+01:00"
    for before, after in itertools.pairwise(rows):
        assert after.starts_at == before.ends_at
    assert rows[2].average_stack_bb == 25.0
    during = clock.plan(
        structure, start_at=T0, players=12, stack=10_000, chips_in_play=300_000, count=2
    )
    assert during[0].average_stack_bb == 250.0


def test_plan_stops_once_a_big_blind_passes_every_chip_in_play() -> None:
    """13 players × 4,000 = 52,000 chips: the doubling (III.5) stays, but the plan ends at
    level 11 (102,400), the first big blind above every chip in play - not at 838,860,800."""
    structure = ordine()
    rows = clock.plan(structure, start_at=T0, players=13, stack=4_000)
    assert [r.big_blind for r in rows][-3:] == [25_600, 51_200, 102_400]
    assert rows[-1].level == 11
    assert all(r.big_blind <= 52_000 for r in rows[:-1])
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    live = clock.plan_live(state, structure, fake.now, players=13, chips_in_play=52_000)
    assert [r.level for r in live] == list(range(1, 12))
    with_break = ordine(breaks={11: 15})  # a break after the last useful level is not planned
    assert clock.plan(with_break, start_at=T0, players=13, stack=4_000)[-1].level == 11
    assert not clock.plan(with_break, start_at=T0, players=13, stack=4_000)[-1].is_break


def test_plan_live_starts_from_the_current_level() -> None:
    structure = ordine()
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    fake.advance(minutes=50)
    state = clock.next_level(state, structure, fake.now)  # level 2 at 20:50 (late)
    fake.advance(minutes=5)
    rows = clock.plan_live(state, structure, fake.now, players=20, chips_in_play=200_000, count=3)
    assert [r.level for r in rows] == [2, 3, 4]
    assert rows[0].starts_at == T0 + timedelta(minutes=50)
    assert rows[1].starts_at == T0 + timedelta(minutes=70)


def test_mmss_helpers() -> None:
    assert clock.format_mmss(768) == "12:48"
    assert clock.format_mmss(0) == "00:00"
    assert clock.format_mmss(4500) == "75:00"
    assert clock.parse_mmss("12:48") == 768
    assert clock.parse_mmss("0:05") == 5
    assert clock.parse_mmss("1:05:00") == 3900
    for bad in ("12", "12:5", "12:60", "ab:cd", "-1:00", "", "1:2:3:4"):
        with pytest.raises(RuleError) as refused:
            clock.parse_mmss(bad)
        assert "MM:SS" in refused.value.message


# --------------------------------------------------------------------------------------------
# The clock (III.5)


def test_iii5_start_leaves_the_clock_stopped_at_level_1_with_full_time() -> None:
    structure = ordine()
    shown = clock.status(clock.initial(structure), structure, T0)
    assert shown.to_json() == {
        "level": 1,
        "small_blind": 50,
        "big_blind": 100,
        "ante": 0,
        "running": False,
        "remaining_seconds": 2400,
        "pending_announcement": False,
        "overtime_seconds": 0,
        "next": {"small_blind": 100, "big_blind": 200, "ante": 0, "level": 2},
        "level_ends_at": None,
        "is_break": False,
        "next_is_break": False,
        "minutes": 40,
        "index": 0,
        "finished": False,
        "wall_clock_behind_seconds": 0,
    }
    # a paused clock stays paused however late it is read
    assert clock.status(clock.initial(structure), structure, T0 + timedelta(days=1)) == shown


def test_iii5_pause_resume_exact_to_the_microsecond() -> None:
    structure = ordine()
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    fake.advance(minutes=13, seconds=27, microseconds=500_001)
    state = clock.pause(state, structure, fake.now)
    fake.advance(minutes=7, microseconds=3)
    left = timedelta(minutes=40) - timedelta(minutes=13, seconds=27, microseconds=500_001)
    assert clock.status(state, structure, fake.now).remaining == left
    state = clock.resume(state, structure, fake.now)
    ends = fake.now + left
    shown = clock.status(state, structure, fake.now)
    assert shown.level_ends_at == ends
    assert shown.to_json()["level_ends_at"] == ends.isoformat()
    with pytest.raises(RuleError):
        clock.resume(state, structure, fake.now)
    with pytest.raises(RuleError):
        clock.pause(clock.initial(structure), structure, fake.now)


def test_remaining_seconds_round_up_overtime_rounds_down() -> None:
    """A display shows 00:01 until true zero; overtime counts whole seconds past zero."""
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    end = T0 + timedelta(minutes=40)
    assert clock.status(state, structure, end - US).remaining_seconds == 1
    assert clock.status(state, structure, end - timedelta(seconds=1)).remaining_seconds == 1
    just_over = end - timedelta(seconds=1, microseconds=1)
    assert clock.status(state, structure, just_over).remaining_seconds == 2
    at_zero = clock.status(state, structure, end)
    assert (at_zero.remaining_seconds, at_zero.pending_announcement) == (0, True)
    assert at_zero.overtime_seconds == 0
    assert clock.status(state, structure, end + timedelta(seconds=1) - US).overtime_seconds == 0
    assert clock.status(state, structure, end + timedelta(seconds=1)).overtime_seconds == 1


def test_iii5_level_change_waits_for_the_announcement() -> None:
    """III.5: when time runs out the clock signals and waits; the new level's time runs
    from the announcement; overtime is shown, never lost."""
    structure = ordine()
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    fake.advance(minutes=42, seconds=30)
    shown = clock.status(state, structure, fake.now)
    assert shown.level == 1 and shown.big_blind == 100  # the old blinds stay in play
    assert shown.pending_announcement
    assert (shown.remaining_seconds, shown.overtime_seconds) == (0, 150)
    assert shown.level_ends_at is None
    assert shown.next is not None and shown.next.big_blind == 200
    assert clock.pending_since(state, structure, fake.now) == T0 + timedelta(minutes=40)
    state = clock.announce(state, structure, fake.now)
    fake.advance(minutes=5)
    shown = clock.status(state, structure, fake.now)
    assert (shown.level, shown.big_blind, shown.remaining_seconds) == (2, 200, 15 * 60)
    assert not shown.pending_announcement and shown.overtime_seconds == 0
    assert shown.level_ends_at == T0 + timedelta(minutes=62, seconds=30)


def test_iii5_announce_without_a_pending_change_points_to_next() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    with pytest.raises(RuleError) as refused:
        clock.announce(state, structure, T0 + timedelta(minutes=10, seconds=0, microseconds=1))
    assert refused.value.article == "III.5"
    assert "clock next" in refused.value.message and "30:00" in refused.value.message


def test_iii5_pause_while_pending_keeps_it_pending_and_freezes_overtime() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    state = clock.pause(state, structure, T0 + timedelta(minutes=41))
    later = clock.status(state, structure, T0 + timedelta(hours=2))
    assert later.pending_announcement and later.overtime_seconds == 60 and not later.running
    state = clock.resume(state, structure, T0 + timedelta(hours=2))
    resumed = clock.status(state, structure, T0 + timedelta(hours=2, seconds=30))
    assert resumed.overtime_seconds == 90
    # announcing while paused: the new level, full time, still paused
    paused = clock.pause(state, structure, T0 + timedelta(hours=2, minutes=1))
    state = clock.announce(paused, structure, T0 + timedelta(hours=2, minutes=2))
    shown = clock.status(state, structure, T0 + timedelta(hours=3))
    assert (shown.level, shown.running, shown.remaining_seconds) == (2, False, 20 * 60)


def test_iii5_auto_announce_advances_exactly_at_the_end_instant() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    end1 = T0 + timedelta(minutes=40)
    before = clock.status(state, structure, end1 - US, auto_announce=True)
    assert (before.level, before.remaining) == (1, US)
    at_end = clock.status(state, structure, end1, auto_announce=True)
    assert (at_end.level, at_end.remaining_seconds, at_end.pending_announcement) == (2, 1200, False)
    # five hours later: computed, not looped per second
    late = T0 + timedelta(hours=5, minutes=3)
    shown = clock.status(state, structure, late, auto_announce=True)
    assert shown.level == 15  # 40 + 13 × 20 = 300 min: level 15 began at 01:00
    assert shown.remaining == timedelta(minutes=17)
    with pytest.raises(RuleError) as refused:
        clock.announce(state, structure, late, auto_announce=True)
    assert "clock next" in refused.value.message
    paused = clock.pause(state, structure, late, auto_announce=True)
    assert paused.index == 14 and paused.remaining == timedelta(minutes=17)


def test_breaks_end_waits_for_the_announcement_too() -> None:
    structure = ordine(breaks={1: 10})
    state = clock.start(clock.initial(structure), structure, T0)
    state = clock.announce(state, structure, T0 + timedelta(minutes=40))
    on_break = clock.status(state, structure, T0 + timedelta(minutes=45))
    assert on_break.is_break and on_break.level == 1 and on_break.remaining_seconds == 300
    assert on_break.next is not None and on_break.next.big_blind == 200
    over = clock.status(state, structure, T0 + timedelta(minutes=52))
    assert over.is_break and over.pending_announcement and over.overtime_seconds == 120
    state = clock.announce(state, structure, T0 + timedelta(minutes=52))
    back = clock.status(state, structure, T0 + timedelta(minutes=52))
    assert (back.level, back.is_break, back.remaining_seconds) == (2, False, 1200)
    before = clock.status(clock.initial(structure), structure, T0)
    assert before.next_is_break
    auto = clock.status(
        clock.start(clock.initial(structure), structure, T0),
        structure,
        T0 + timedelta(minutes=55),
        auto_announce=True,
    )
    assert (auto.level, auto.is_break, auto.remaining) == (2, False, timedelta(minutes=15))


def test_next_and_prev_give_full_time_prev_refused_at_level_1() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    with pytest.raises(RuleError) as refused:
        clock.prev_level(state, structure, T0 + timedelta(minutes=1))
    assert refused.value.article == "III.5"
    state = clock.next_level(state, structure, T0 + timedelta(minutes=3))
    state = clock.next_level(state, structure, T0 + timedelta(minutes=4))
    shown = clock.status(state, structure, T0 + timedelta(minutes=4))
    assert (shown.level, shown.remaining_seconds) == (3, 1200)
    state = clock.prev_level(state, structure, T0 + timedelta(minutes=6))
    shown = clock.status(state, structure, T0 + timedelta(minutes=7))
    assert (shown.level, shown.remaining_seconds) == (2, 1140)
    state = clock.prev_level(state, structure, T0 + timedelta(minutes=7))
    assert clock.status(state, structure, T0 + timedelta(minutes=7)).remaining_seconds == 2400


def test_iii5_add_and_remove_time() -> None:
    """III.5: the Director may add or remove time ("piccoli recuperi di tempo")."""
    structure = ordine()
    at = T0 + timedelta(minutes=39, seconds=12, microseconds=300_000)
    state = clock.start(clock.initial(structure), structure, T0)
    # 47.7 s left, shown as 48: removing 49 is refused with the time left
    with pytest.raises(RuleError) as refused:
        clock.sub(state, structure, 49, at)
    assert "00:48" in refused.value.message and "at most 48" in refused.value.message
    # removing the 48 shown brings the time to zero: the change is pending
    zero = clock.sub(state, structure, 48, at)
    shown = clock.status(zero, structure, at)
    assert shown.pending_announcement and shown.remaining == timedelta(0)
    with pytest.raises(RuleError):
        clock.sub(zero, structure, 1, at)
    # adding while pending gives the level that much time from now
    later = at + timedelta(seconds=30)
    more = clock.add(zero, structure, 120, later)
    assert clock.status(more, structure, later).remaining == timedelta(seconds=120)
    state = clock.sub(state, structure, 30, at)
    left = clock.status(state, structure, at).remaining
    assert left == timedelta(seconds=17, microseconds=700_000)
    for bad in (0, -5):
        with pytest.raises(RuleError):
            clock.add(state, structure, bad, at)
        with pytest.raises(RuleError):
            clock.sub(state, structure, bad, at)
    with pytest.raises(RuleError):
        clock.add(state, structure, 25 * 3600, at)


def test_set_remaining_exactly() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0)
    at = T0 + timedelta(minutes=5, microseconds=123)
    state = clock.set_remaining(state, structure, clock.parse_mmss("12:48"), at)
    shown = clock.status(state, structure, at + timedelta(seconds=8))
    assert shown.remaining == timedelta(minutes=12, seconds=40)
    zero = clock.set_remaining(state, structure, 0, at)
    assert clock.status(zero, structure, at).pending_announcement
    with pytest.raises(RuleError):
        clock.set_remaining(state, structure, -1, at)
    auto = clock.set_remaining(state, structure, 0, at, auto_announce=True)
    assert clock.status(auto, structure, at, auto_announce=True).level == 2


def test_time_never_runs_backwards_between_terminals() -> None:
    structure = ordine()
    state = clock.start(clock.initial(structure), structure, T0 + timedelta(minutes=1))
    # a terminal whose clock is 2 s behind pauses: taken as the start instant, not before it
    paused = clock.pause(state, structure, T0 + timedelta(seconds=58))
    assert paused.remaining == timedelta(minutes=40)
    with pytest.raises(ValueError):
        clock.start(clock.initial(structure), structure, datetime(2025, 3, 1, 20, 0))


def test_iii5_restart_in_the_middle_gives_the_same_clock() -> None:
    """A restart (mid-level, mid-pause, mid-overtime) rebuilds the same clock from JSON."""
    structure = ordine(breaks={3: 10}, antes={4: 50})
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    snapshots: list[ClockState] = []
    for step in ("running", "pause", "resume", "overtime"):
        fake.advance(minutes=17, seconds=3, microseconds=77)
        if step == "pause":
            state = clock.pause(state, structure, fake.now)
        elif step == "resume":
            state = clock.resume(state, structure, fake.now)
        snapshots.append(state)
    for snapshot in snapshots:
        stored_state = json.dumps(snapshot.model_dump(mode="json"))
        stored_structure = json.dumps(structure.model_dump(mode="json"))
        state2 = ClockState.model_validate(json.loads(stored_state))
        structure2 = Structure.model_validate(json.loads(stored_structure))
        assert state2 == snapshot and structure2 == structure
        for auto in (False, True):
            for later in (fake.now, fake.now + timedelta(hours=1, microseconds=9)):
                assert clock.status(state2, structure2, later, auto) == clock.status(
                    snapshot, structure, later, auto
                )


def test_iii5_undo_of_a_level_change_refolds_to_the_clock_before_it() -> None:
    structure = ordine()
    fake = FakeClock()
    log: list[Op] = [("start", 0, fake.now)]
    log.append(("pause", 0, fake.advance(minutes=12, seconds=5)))
    log.append(("resume", 0, fake.advance(minutes=3)))
    log.append(("add", 90, fake.advance(minutes=20)))
    log.append(("next", 0, fake.advance(minutes=4, seconds=33, microseconds=1)))
    fake.advance(minutes=2)
    before_undo = clock.status(fold(structure, log), structure, fake.now)
    assert before_undo.level == 2
    undone = clock.status(fold(structure, log[:-1]), structure, fake.now)
    # 40:00 - 12:05 - 20:00 + 1:30 - 4:33.000001 - 2:00 = 2:51.999999 left at level 1
    assert (undone.level, undone.running) == (1, True)
    assert undone.remaining == timedelta(minutes=2, seconds=51, microseconds=999_999)
    assert undone.remaining_seconds == 172


def test_iii5_twelve_hour_event_stays_exact_with_zero_drift() -> None:
    """A simulated 12-hour event: pauses, adjustments, announcements (some late), next/prev,
    a restart, an undo; the remaining time equals the reference at every step, to the µs."""
    structure = ordine(breaks={4: 15, 8: 15, 12: 20}, antes={6: 100, 7: 200})
    rng = random.Random(20250301)
    fake = FakeClock()
    state = clock.initial(structure)
    ref = RefClock(structure)
    log: list[Op] = []
    end = T0 + timedelta(hours=12)
    checks = 0
    while fake.now < end:
        fake.advance(microseconds=rng.randrange(1, 15 * 60 * 1_000_000))
        t_us = us_since_t0(fake.now)
        # look at the clock at a few instants before acting, as a display would
        assert_matches(clock.status(state, structure, fake.now), _at(ref, t_us))
        shown = clock.status(state, structure, fake.now)
        if shown.pending_announcement:
            op: Op = ("announce", 0, fake.now)
        elif not shown.running:
            op = ("resume" if log else "start", 0, fake.now)
        else:
            name = rng.choice(["pause", "add", "sub", "set", "next", "prev", "wait", "wait"])
            if name == "wait":
                continue
            arg = rng.randrange(1, 600)
            if name == "sub":
                arg = rng.randrange(1, max(2, shown.remaining_seconds))
            op = (name, arg, fake.now)
        if not ref.allowed(op[0], op[1], t_us):
            continue
        state = apply(state, structure, op)
        ref.apply(op[0], op[1], t_us)
        log.append(op)
        checks += 1
        assert_matches(clock.status(state, structure, fake.now), ref)
        if checks % 25 == 0:  # a restart: rebuild from JSON, and from the log
            state = ClockState.model_validate_json(state.model_dump_json())
            assert fold(structure, log) == state
    assert checks > 60
    # undo of the last command: refold without it; the clock is as it was before it
    undone = fold(structure, log[:-1])
    replay = RefClock(structure)
    for name, arg, at in log[:-1]:
        replay.apply(name, arg, us_since_t0(at))
    replay.at(us_since_t0(fake.now))
    assert_matches(clock.status(undone, structure, fake.now), replay)


def _at(ref: RefClock, t_us: int) -> RefClock:
    """A copy of the reference clock advanced to ``t_us`` (peeking does not change it)."""
    peek = copy.copy(ref)
    peek.at(t_us)
    return peek


def test_iii5_twelve_hours_on_auto_announce() -> None:
    structure = ordine(breaks={5: 10})
    rng = random.Random(7)
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now, auto_announce=True)
    ref = RefClock(structure, auto=True)
    ref.apply("start", 0, 0)
    while fake.now < T0 + timedelta(hours=12):
        fake.advance(seconds=rng.randrange(1, 3600), microseconds=rng.randrange(1_000_000))
        t_us = us_since_t0(fake.now)
        assert_matches(clock.status(state, structure, fake.now, True), _at(ref, t_us))
        name = rng.choice(["pause", "resume", "add", "set"])
        if ref.allowed(name, 60, t_us):
            state = apply(state, structure, (name, 60, fake.now), auto=True)
            ref.apply(name, 60, t_us)


# --------------------------------------------------------------------------------------------
# Property: random sequences at increasing times


OPS = ["start", "pause", "resume", "announce", "next", "prev", "add", "sub", "set"]


@settings(max_examples=150, deadline=None)
@given(
    auto=st.booleans(),
    steps=st.lists(
        st.tuples(
            st.sampled_from(OPS),
            st.integers(min_value=0, max_value=2 * 3600 * 1_000_000),
            st.integers(min_value=0, max_value=3600),
        ),
        max_size=40,
    ),
)
def test_iii5_random_transitions_never_go_negative_and_replay_the_same(
    auto: bool, steps: list[tuple[str, int, int]]
) -> None:
    structure = ordine(breaks={2: 5})
    state = clock.initial(structure)
    ref = RefClock(structure, auto=auto)
    log: list[Op] = []
    now = T0
    for name, gap_us, arg in steps:
        now += timedelta(microseconds=gap_us)
        t_us = us_since_t0(now)
        try:
            new = apply(state, structure, (name, arg, now), auto=auto)
        except RuleError:
            assert not ref.allowed(name, arg, t_us)
            continue
        assert ref.allowed(name, arg, t_us)
        ref.apply(name, arg, t_us)
        state = new
        log.append((name, arg, now))
        for peek in (now, now + timedelta(microseconds=gap_us // 3)):
            shown = clock.status(state, structure, peek, auto)
            assert shown.remaining >= timedelta(0) and shown.overtime >= timedelta(0)
            assert shown.remaining_seconds >= 0 and shown.overtime_seconds >= 0
            assert shown.pending_announcement == (shown.remaining == timedelta(0))
            if shown.level_ends_at is not None:
                assert shown.running and shown.level_ends_at - peek == shown.remaining
            assert_matches(shown, _at(ref, us_since_t0(peek)))
    replayed = fold(structure, log, auto=auto)
    assert replayed == state
    restored = ClockState.model_validate_json(state.model_dump_json())
    later = now + timedelta(minutes=7, microseconds=1)
    assert clock.status(restored, structure, later, auto) == clock.status(
        state, structure, later, auto
    )


def test_iii5_auto_announce_stops_at_the_end_of_the_structure() -> None:
    structure = Structure.build(100, 2, 200, 1, stack=10_000)
    state = clock.start(clock.initial(structure), structure, T0, auto_announce=True)
    late = T0 + timedelta(hours=5)  # 2 + 199 × 1 minutes = 201 minutes to the end of level 200
    shown = clock.status(state, structure, late, auto_announce=True)
    assert shown.level == clock.MAX_LEVEL and shown.pending_announcement
    assert shown.overtime == timedelta(minutes=300 - 201)
    assert shown.next is None
    with pytest.raises(RuleError):
        clock.next_level(state, structure, late, auto_announce=True)
    assert clock.prev_level(state, structure, late, auto_announce=True).index == 198


# --------------------------------------------------------------------------------------------
# The end of the event (IV.7)


def test_iv7_finish_stops_the_clock_for_good_even_in_overtime() -> None:
    structure = ordine()
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    fake.advance(minutes=43)  # 3 minutes of overtime, the change pending
    assert clock.status(state, structure, fake.now).pending_announcement
    ended = clock.finish(state, structure, fake.now)
    fake.advance(hours=5)
    shown = clock.status(ended, structure, fake.now, auto_announce=True)
    assert (shown.running, shown.pending_announcement, shown.finished) == (False, False, True)
    assert (shown.overtime_seconds, shown.remaining_seconds, shown.level) == (0, 0, 1)
    assert shown.next is None and shown.level_ends_at is None
    assert shown.to_json()["finished"] is True
    assert clock.finish(ended, structure, fake.now) == ended
    for refused_call in (
        lambda: clock.start(ended, structure, fake.now),
        lambda: clock.pause(ended, structure, fake.now),
        lambda: clock.resume(ended, structure, fake.now),
        lambda: clock.announce(ended, structure, fake.now),
        lambda: clock.next_level(ended, structure, fake.now),
        lambda: clock.prev_level(ended, structure, fake.now),
        lambda: clock.add(ended, structure, 60, fake.now),
        lambda: clock.sub(ended, structure, 1, fake.now),
        lambda: clock.set_remaining(ended, structure, 60, fake.now),
        lambda: clock.plan_live(ended, structure, fake.now, players=1, chips_in_play=1000),
    ):
        with pytest.raises(RuleError) as refused:
            refused_call()
        assert refused.value.article == "IV.7"


def test_iv7_finish_keeps_the_time_left_of_a_running_level() -> None:
    structure = ordine()
    fake = FakeClock()
    state = clock.start(clock.initial(structure), structure, fake.now)
    fake.advance(minutes=10)
    ended = clock.finish(state, structure, fake.now)
    fake.advance(minutes=50)
    assert clock.status(ended, structure, fake.now).remaining_seconds == 30 * 60
