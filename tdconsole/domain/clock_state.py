"""The clock's state and the time arithmetic every transition shares (Art. III.5).

Pure: no I/O, no clock reads; see the docstring of ``tdconsole.domain.clock``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, model_validator

from tdconsole.domain.errors import RuleError
from tdconsole.domain.structure import Structure
from tdconsole.i18n import _

MAX_REMAINING = timedelta(hours=24)
"""A period's time left may not be set or added past this (a typo guard)."""

_MICRO = timedelta(microseconds=1)
_US_PER_S = 1_000_000


def require_aware(moment: datetime, name: str = "at") -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime, got {moment!r}")
    return moment


class CalledBreak(BaseModel):
    """A break the Director called now, outside the structure (Decision, Art. VII.1): while
    it lasts the clock's period is the break; when it ends the level goes on by itself with
    the time it had left when the break was called."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    minutes: int
    resumes: timedelta
    """The level's time left when the break was called (<= 0: its change was pending)."""

    @property
    def length(self) -> timedelta:
        return timedelta(minutes=self.minutes)


class ClockState(BaseModel):
    """Where the clock is: anchors only, never a decremented counter (see module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    index: int = 0
    """Current period (0 = level 1; breaks count as periods)."""
    running: bool = False
    ends_at: datetime | None = None
    """While running: the instant the current period's time runs out (past it: pending)."""
    remaining: timedelta = timedelta(0)
    """While paused: the time left, frozen (<= 0: the level change is pending). 0 while running."""
    as_of: datetime | None = None
    """Time of the last transition; a later transition never goes back before it."""
    finished: bool = False
    """Stopped for good: the event is over (IV.7); no transition applies any more."""
    called: CalledBreak | None = None
    """A break called now is under way: the period is the break; the level waits."""

    @model_validator(mode="after")
    def _check(self) -> ClockState:
        if self.finished and self.running:
            raise ValueError("a finished clock is stopped")
        if self.running != (self.ends_at is not None):
            raise ValueError("a running clock has ends_at, a paused one has none")
        if self.index < 0:
            raise ValueError("index must be >= 0")
        if self.ends_at is not None:
            require_aware(self.ends_at, "ends_at")
        if self.as_of is not None:
            require_aware(self.as_of, "as_of")
        return self


def initial(structure: Structure) -> ClockState:
    """The clock after ``start`` of the tournament: stopped at level 1, full time (III.5)."""
    return ClockState(index=0, running=False, remaining=structure.duration(0))


def time_left(state: ClockState, at: datetime) -> timedelta:
    """Time left in the current period at ``at`` (negative = overtime). An ``at`` before the
    last transition (the computer's clock moved back) is taken as that transition's time: the
    clock never shows more time left than it had then, so every view, and a pause, agree."""
    if state.ends_at is not None:
        if state.as_of is not None and at < state.as_of:
            at = state.as_of
        return state.ends_at - at
    return state.remaining


WALL_CLOCK_SLACK = timedelta(seconds=2)
"""How far behind the clock's last transition the computer's clock may read before it is said
to have moved back (two terminals' readings a moment apart are no jump)."""


def wall_clock_behind(state: ClockState, now: datetime) -> timedelta:
    """How far ``now`` is before the clock's last transition, when the computer's clock moved
    back by more than ``WALL_CLOCK_SLACK``; zero otherwise."""
    if state.as_of is None or now >= state.as_of - WALL_CLOCK_SLACK:
        return timedelta(0)
    return state.as_of - now


def clock_moment(state: ClockState, at: datetime) -> datetime:
    require_aware(at)
    if state.as_of is not None and at < state.as_of:
        return state.as_of
    return at


def with_left(
    state: ClockState,
    index: int,
    left: timedelta,
    at: datetime,
    running: bool | None = None,
    *,
    keep_break: bool = True,
) -> ClockState:
    """The clock at period ``index`` with ``left`` to go from ``at``: in a break called now
    (``keep_break``) ``left`` is the break's; else the break is over."""
    run = state.running if running is None else running
    return ClockState(
        index=index,
        running=run,
        ends_at=at + left if run else None,
        remaining=timedelta(0) if run else left,
        as_of=at,
        called=state.called if keep_break else None,
    )


def _break_over(state: ClockState, at: datetime) -> ClockState:
    """A break called now whose time ran out by ``at``: the level goes on from the break's
    end with the time it had left, running (whatever the announcement setting)."""
    if state.called is None or state.ends_at is None or state.ends_at > at:
        return state
    end = state.ends_at
    return with_left(state, state.index, state.called.resumes, end, running=True, keep_break=False)


def _advance(structure: Structure, index: int, left: timedelta) -> tuple[int, timedelta]:
    """Auto-announce: from a period whose time is ``left``, move on while time has run out.

    One step per period (never per second); at the end of the structure it stays pending.
    """
    while left <= timedelta(0) and structure.has_period(index + 1):
        index += 1
        left += structure.duration(index)
    return index, left


def settle(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The state at ``at``: with ``auto_announce``, periods whose time ran out are left behind
    exactly at their end instants. Without it nothing changes (a pending change is derived)."""
    at = clock_moment(state, at)
    state = _break_over(state, at)
    left = time_left(state, at)
    if state.finished or not auto_announce or left > timedelta(0) or state.called is not None:
        return state
    index, left = _advance(structure, state.index, left)
    return with_left(state, index, left, at)


def pending_since(
    state: ClockState, structure: Structure, now: datetime, *, auto_announce: bool = False
) -> datetime | None:
    """When the current period's time ran out, if a change is pending and the clock runs."""
    state = settle(state, structure, now, auto_announce=auto_announce)
    if state.ends_at is not None and state.ends_at <= now:
        return state.ends_at
    return None


def ceil_seconds(delta: timedelta) -> int:
    micro = delta // _MICRO
    return -(-micro // _US_PER_S)


def floor_seconds(delta: timedelta) -> int:
    return (delta // _MICRO) // _US_PER_S


# --------------------------------------------------------------------------------------------
# MM:SS


def format_mmss(seconds: int) -> str:
    """``768`` -> ``"12:48"``; minutes are not wrapped into hours (``"75:00"``)."""
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(abs(seconds), 60)
    return f"{sign}{minutes:02d}:{secs:02d}"


def parse_mmss(text: str) -> int:
    """``"12:48"`` -> 768 seconds; ``"1:05:00"`` (H:MM:SS) is accepted too."""
    parts = text.strip().split(":")
    ok = 2 <= len(parts) <= 3 and all(p.isascii() and p.isdigit() for p in parts)
    if ok and all(len(p) == 2 and int(p) < 60 for p in parts[1:]):
        total = 0
        for part in parts:
            total = total * 60 + int(part)
        return total
    raise RuleError(
        _("{text!r} is not a time: type minutes and seconds as MM:SS, e.g. 12:48.").format(
            text=text
        ),
    )
