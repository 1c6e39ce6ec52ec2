"""What the clock shows at one instant, and the schedule of the levels ahead (Art. III.5).

Pure: no I/O, no clock reads; see the docstring of ``tdconsole.domain.clock``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from tdconsole.domain.clock_state import (
    ClockState,
    ceil_seconds,
    floor_seconds,
    require_aware,
    settle,
    time_left,
    wall_clock_behind,
)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.structure import Blinds, Period, Structure
from tdconsole.i18n import _


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """What the clock shows at one instant (the ``clock`` keys of ``state --json`` and more)."""

    index: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool
    minutes: int
    running: bool
    remaining: timedelta
    """Exact time left, >= 0."""
    overtime: timedelta
    """Exact time past zero while the announcement is pending, >= 0."""
    pending_announcement: bool
    next: Blinds | None
    """Blinds of the next level (after a break, if one comes first); None past the end."""
    next_is_break: bool
    level_ends_at: datetime | None
    finished: bool = False
    """The event is over (IV.7): the clock is stopped for good, nothing pending."""
    wall_clock_behind: timedelta = timedelta(0)
    """How far the computer's clock reads before the clock's last transition (it was moved
    back): the time left is held at what it was then; the Director is told."""

    @property
    def remaining_seconds(self) -> int:
        """Whole seconds left, rounded UP: 00:01 shows until true zero."""
        return ceil_seconds(self.remaining)

    @property
    def overtime_seconds(self) -> int:
        """Whole seconds past zero, rounded DOWN."""
        return floor_seconds(self.overtime)

    def to_json(self) -> dict[str, Any]:
        nxt: dict[str, Any] | None = None
        if self.next is not None:
            nxt = {**self.next.to_json(), "level": self.next.level}
        return {
            "level": self.level,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "running": self.running,
            "remaining_seconds": self.remaining_seconds,
            "pending_announcement": self.pending_announcement,
            "overtime_seconds": self.overtime_seconds,
            "next": nxt,
            "level_ends_at": None if self.level_ends_at is None else self.level_ends_at.isoformat(),
            "is_break": self.is_break,
            "next_is_break": self.next_is_break,
            "minutes": self.minutes,
            "index": self.index,
            "finished": self.finished,
            "wall_clock_behind_seconds": floor_seconds(self.wall_clock_behind),
        }


def status(
    state: ClockState, structure: Structure, now: datetime, auto_announce: bool = False
) -> ClockStatus:
    """The clock at ``now``: a pure function of (state, structure, now, auto_announce)."""
    require_aware(now, "now")
    settled = settle(state, structure, now, auto_announce=auto_announce)
    left = time_left(settled, now)
    zero = timedelta(0)
    finished = settled.finished
    pending = left <= zero and not finished
    period = structure.period(settled.index)
    next_is_break = (
        not finished
        and structure.has_period(settled.index + 1)
        and structure.is_break_at(settled.index + 1)
    )
    shown = ClockStatus(
        index=settled.index,
        level=period.level,
        small_blind=period.small_blind,
        big_blind=period.big_blind,
        ante=period.ante,
        is_break=period.is_break,
        minutes=period.minutes,
        running=settled.running,
        remaining=left if left > zero else zero,
        overtime=-left if left < zero and not finished else zero,
        pending_announcement=pending,
        next=None if finished else structure.next_level_blinds(settled.index),
        next_is_break=next_is_break,
        level_ends_at=settled.ends_at if settled.running and not pending else None,
        finished=finished,
        wall_clock_behind=wall_clock_behind(state, now),
    )
    if settled.called is None:
        return shown
    # A break called now: it never waits for an announcement; play goes on at this level.
    return replace(
        shown,
        is_break=True,
        minutes=settled.called.minutes,
        overtime=zero,
        pending_announcement=False,
        next=structure.blinds(period.level),
        next_is_break=False,
        level_ends_at=settled.ends_at,
    )


# --------------------------------------------------------------------------------------------
# Plan


@dataclass(frozen=True, slots=True)
class PlanRow:
    """One period of the plan (``clock plan --json``)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    starts_at: datetime
    ends_at: datetime
    average_stack_bb: float
    is_break: bool = False

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "level": self.level,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "minutes": self.minutes,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "average_stack_bb": self.average_stack_bb,
        }
        if self.is_break:
            row["break"] = True
        return row


def _row(period: Period, starts: datetime, ends: datetime, average: float) -> PlanRow:
    return PlanRow(
        level=period.level,
        small_blind=period.small_blind,
        big_blind=period.big_blind,
        ante=period.ante,
        minutes=period.minutes,
        starts_at=starts,
        ends_at=ends,
        average_stack_bb=round(average / period.big_blind, 1),
        is_break=period.is_break,
    )


def _plan_rows(
    structure: Structure,
    first: int,
    first_start: datetime,
    first_end: datetime,
    *,
    count: int,
    average: float,
    chips: int,
) -> list[PlanRow]:
    """``count`` levels from period ``first``; the last is the first whose big blind passes
    every chip in play (``chips``): no event runs past it (III.5's doubling is kept)."""
    rows: list[PlanRow] = []
    index, starts, ends = first, first_start, first_end
    levels = 0
    while levels < count and structure.has_period(index):
        period = structure.period(index)
        rows.append(_row(period, starts, ends, average))
        levels += 0 if period.is_break else 1
        if not period.is_break and 0 < chips < period.big_blind:
            break
        index += 1
        if structure.has_period(index):
            starts, ends = ends, ends + structure.duration(index)
    return rows


def _average(players: int, stack: int, chips_in_play: int | None) -> float:
    if players < 1:
        raise RuleError(
            _("The plan needs at least 1 player, not {players}: give --players N.").format(
                players=players
            ),
        )
    chips = players * stack if chips_in_play is None else chips_in_play
    return chips / players


def plan(
    structure: Structure,
    *,
    start_at: datetime,
    players: int,
    stack: int,
    count: int = 24,
    from_index: int = 0,
    chips_in_play: int | None = None,
) -> list[PlanRow]:
    """The schedule of ``count`` levels (breaks as extra rows) from period ``from_index``
    starting at ``start_at``, each announced on time; average stack in big blinds for
    ``players`` in play (chips: ``chips_in_play`` if given, else players x stack; III.1).
    The plan stops at the first level whose big blind passes every chip in play."""
    require_aware(start_at, "start_at")
    average = _average(players, stack, chips_in_play)
    return _plan_rows(
        structure,
        from_index,
        start_at,
        start_at + structure.duration(from_index),
        count=count,
        average=average,
        chips=players * stack if chips_in_play is None else chips_in_play,
    )


def plan_live(
    state: ClockState,
    structure: Structure,
    now: datetime,
    *,
    players: int,
    chips_in_play: int,
    count: int = 24,
    auto_announce: bool = False,
) -> list[PlanRow]:
    """The plan from the current period on, as the clock stands at ``now`` (a paused clock is
    taken to restart now; a pending change to be announced now). None once the event is over."""
    if state.finished:
        raise RuleError(
            _(
                "The event is over: the clock is stopped for good, there are "
                "no levels ahead; to plan another structure give --stack S "
                "--bb B."
            ),
            "IV.7",
        )
    shown = status(state, structure, now, auto_announce)
    average = _average(players, 0, chips_in_play)
    ends = now + shown.remaining
    starts = ends - structure.duration(shown.index)
    called = settle(state, structure, now, auto_announce=auto_announce).called
    pause: list[PlanRow] = []
    if called is not None:  # the break called now, then the level with the time it kept
        level = _row(structure.period(shown.index), ends - called.length, ends, average)
        pause = [replace(level, minutes=called.minutes, is_break=True)]
        starts, ends = ends, ends + max(called.resumes, timedelta(0))
    return pause + _plan_rows(
        structure,
        shown.index,
        starts,
        ends,
        count=count,
        average=average,
        chips=chips_in_play,
    )
