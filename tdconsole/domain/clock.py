"""The blind clock: structure, announcements and a clock that never drifts (Art. III.1, III.5).

Pure: no I/O, no clock reads, no randomness. Time comes in as timezone-aware ``datetime``
(``at`` = the wall-clock time of the event being applied, ``now`` = the time to show); durations
are ``timedelta``, so all arithmetic is exact to the microsecond and nothing can drift.

Structure (stored in events, pydantic, JSON round-trips exactly)
    ``Structure(first_bb, first_minutes, second_bb, minutes, chip_unit=25, antes={}, breaks={},
    overrides={})``. Level 1 = ``first_bb`` for ``first_minutes``; level 2 = ``second_bb`` for
    ``minutes``; level k >= 3 = 2 x the big blind of level k-1 for ``minutes`` (III.5). An
    override of a level's big blind makes the later levels double from it. SB = BB // 2 (2.3).
    ``antes[k]`` is the ante of level k (2.6; levels not listed have none). ``breaks[k] = m``
    puts a break of m minutes after level k (the regulation is silent; none by default).
    Levels stop at ``MAX_LEVEL`` (200): asking beyond it is refused.

    ``Structure.build(first_bb, first_minutes=40, second_bb=None, minutes=20, *, stack,
    chip_unit=25, min_stack_bb=40, antes=None, breaks=None)`` checks everything, including
    S >= 40 x B (III.1); ``validate_stack(stack, min_stack_bb=40)`` checks a stored one
    (the other checks run whenever a Structure is created or loaded).
    ``period(index)`` / ``periods(count, start=0)``: the sequence of periods, 0-based, breaks
    included as periods with ``is_break=True``. ``index_of_level(level)``.
    ``with_edit(level, *, current_index, big_blind=None, ante=None, minutes=None)`` and
    ``with_break(after_level, minutes, *, current_index)`` edit periods not yet begun only
    (III.5: played levels and the current one are frozen; the current one's time is changed
    with ``add`` / ``sub`` / ``set_remaining``). ``warnings(index, chips_in_play, players_in)``.

ClockState (pydantic, frozen; the core snapshots it)
    ``index`` (current period, 0 = level 1), ``running``, ``ends_at`` (running only: the instant
    the current period's time runs out), ``remaining`` (paused only: time left, frozen; negative
    = overtime frozen by a pause), ``as_of`` (time of the last transition). A level change is
    pending exactly when the time left is <= 0, so ``pending_since(state)`` is derived, not
    stored. ``initial(structure)`` = stopped at level 1 with its full time (what ``start`` of
    the tournament leaves).

Transitions: ``start, pause, resume, announce, next_level, prev_level`` (state, structure, at),
``add, sub, set_remaining`` (state, structure, seconds, at); all take ``auto_announce=False``
(keyword; the core passes the setting in force at the event's time). Each first settles the
state at ``at`` and returns a new state; refusals raise ``RuleError``. An ``at`` earlier than
the previous transition is taken as the previous transition's time (clocks of two terminals
may disagree slightly; the clock never runs backwards).

Status: ``status(state, structure, now, auto_announce=False) -> ClockStatus`` with
``to_json()`` giving the ``clock`` keys of ``state --json``.

Plan: ``plan(structure, *, start_at, players, stack, count=24, from_index=0,
chips_in_play=None) -> list[PlanRow]`` (``count`` levels; breaks come as extra rows) and
``plan_live(state, structure, now, ...)`` for the plan from the current period on.

Decisions (documented in docs/clock.md):
- ``remaining_seconds`` rounds UP (a display shows 00:01 until true zero);
  ``overtime_seconds`` rounds DOWN.
- When a period's time runs out with ``auto_announce=False`` the clock waits: pending, overtime
  counting up, the current blinds still in play. A break's end waits for the announcement too.
  With ``auto_announce=True`` periods follow each other exactly at their end instants.
- ``announce``/``next_level``/``prev_level`` keep the clock running or paused as it was; the new
  period gets its full time from ``at``.
- ``add`` while pending gives the level that much time from ``at`` (overtime ends there).
- ``sub``: more than the displayed time left is refused (the message gives the time left);
  removing exactly the displayed time (or the sub-second part hiding in its rounding) brings
  the time to zero, which makes the change pending. Nothing goes below zero.
- A pause freezes the overtime too; resuming continues it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from tdconsole.domain.clock_state import (
    MAX_REMAINING,
    CalledBreak,
    ClockState,
    ceil_seconds,
    clock_moment,
    format_mmss,
    initial,
    parse_mmss,
    pending_since,
    settle,
    time_left,
    with_left,
)
from tdconsole.domain.clock_status import ClockStatus, PlanRow, plan, plan_live, status
from tdconsole.domain.errors import RuleError
from tdconsole.domain.structure import MAX_LEVEL, Blinds, LevelOverride, Period, Structure
from tdconsole.i18n import Msg, _

__all__ = [
    "MAX_LEVEL",
    "Blinds",
    "ClockState",
    "ClockStatus",
    "LevelOverride",
    "Period",
    "PlanRow",
    "Structure",
    "add",
    "announce",
    "call_break",
    "finish",
    "format_mmss",
    "initial",
    "next_level",
    "parse_mmss",
    "pause",
    "pending_since",
    "plan",
    "plan_live",
    "prev_level",
    "resume",
    "set_remaining",
    "settle",
    "start",
    "status",
    "sub",
]


# --------------------------------------------------------------------------------------------
# Transitions


def _open(state: ClockState, at: datetime) -> datetime:
    """The moment of a transition; none applies once the event is over (IV.7)."""
    if state.finished:
        raise RuleError(
            _("The event is over: the clock is stopped for good."),
            "IV.7",
        )
    return clock_moment(state, at)


def finish(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The event is over (IV.7): the clock stops for good at ``at``, with no change pending.

    The level in play and its time left (never below zero) stay as they were at the end.
    """
    if state.finished:
        return state
    at = clock_moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = time_left(settled, at) if settled.called is None else settled.called.resumes
    return ClockState(
        index=settled.index, remaining=max(left, timedelta(0)), as_of=at, finished=True
    )


def start(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Start the clock (the first time, or again after a pause)."""
    at = _open(state, at)
    if state.running:
        raise RuleError(
            _("The clock is already running; to stop it use clock pause."),
            "III.5",
        )
    settled = settle(state, structure, at, auto_announce=auto_announce)
    return with_left(settled, settled.index, settled.remaining, at, running=True)


def resume(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Restart a paused clock where it stopped (the same as ``start``)."""
    return start(state, structure, at, auto_announce=auto_announce)


def pause(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Stop the clock; time left (or overtime, if a change is pending) is frozen."""
    at = _open(state, at)
    if not state.running:
        raise RuleError(
            _("The clock is already paused; to restart it use clock resume."),
            "III.5",
        )
    settled = settle(state, structure, at, auto_announce=auto_announce)
    return with_left(settled, settled.index, time_left(settled, at), at, running=False)


def _go_to(state: ClockState, structure: Structure, index: int, at: datetime) -> ClockState:
    return with_left(state, index, structure.duration(index), at, keep_break=False)


def announce(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The Director announces the pending level: it applies from ``at`` with its full time
    (III.5). Refused when no change is pending."""
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = time_left(settled, at)
    if left > timedelta(0):
        period = structure.period(settled.index)
        left_text = format_mmss(ceil_seconds(left))
        if period.is_break or settled.called is not None:
            message = _(
                "No level change is pending: {left} left in the break; to go to the next level "
                "now use clock next."
            ).format(left=left_text)
        else:
            message = _(
                "No level change is pending: {left} left in level {level}; to go to the next "
                "level now use clock next."
            ).format(left=left_text, level=period.level)
        raise RuleError(message, "III.5")
    if not structure.has_period(settled.index + 1):
        raise RuleError(
            _(
                "The structure ends at level {MAX_LEVEL}: there is no further level to announce."
            ).format(MAX_LEVEL=MAX_LEVEL),
            "III.5",
        )
    return _go_to(settled, structure, settled.index + 1, at)


def next_level(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The next period now, with its full time from ``at``; in a break called now, the
    level it interrupted, with the time it had left."""
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    if settled.called is not None:
        return with_left(settled, settled.index, settled.called.resumes, at, keep_break=False)
    if not structure.has_period(settled.index + 1):
        raise RuleError(
            _("The structure ends at level {MAX_LEVEL}: there is no next level.").format(
                MAX_LEVEL=MAX_LEVEL
            ),
            "III.5",
        )
    return _go_to(settled, structure, settled.index + 1, at)


def prev_level(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Back to the previous period, with its full time from ``at``."""
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    _not_in_called_break(settled)
    if settled.index == 0:
        raise RuleError(
            _(
                "the clock is at level 1: there is no previous level; to "
                "restore its time use clock set MM:SS"
            ),
            "III.5",
        )
    return _go_to(settled, structure, settled.index - 1, at)


def _not_in_called_break(state: ClockState) -> None:
    if state.called is not None:
        raise RuleError(
            _("A break is under way: to end it now and go on with the level use clock next."),
            "VII.1",
        )


BREAK_MINUTES = (1, 240)
"""The length a break called now may have, in minutes."""


def call_break(
    state: ClockState,
    structure: Structure,
    minutes: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """A break of ``minutes`` from ``at``, outside the structure (Decision, Art. VII.1): the
    level's time left is kept and the level goes on by itself when the break ends (running,
    even if the clock was paused when it was called). The structure is unchanged."""
    low, high = BREAK_MINUTES
    if not low <= minutes <= high:
        raise RuleError(
            _("A break lasts from {low} to {high} minutes, not {minutes}.").format(
                low=low, high=high, minutes=minutes
            ),
            "VII.1",
        )
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    if settled.called is not None:
        left = format_mmss(ceil_seconds(time_left(settled, at)))
        raise RuleError(
            _("A break is already under way ({left} left): to lengthen it use clock add.").format(
                left=left
            ),
            "VII.1",
        )
    if structure.period(settled.index).is_break:
        raise RuleError(
            _("The clock is in a break of the structure: to lengthen it use clock add."),
            "III.5",
        )
    called = CalledBreak(minutes=minutes, resumes=time_left(settled, at))
    return ClockState(
        index=settled.index, running=True, ends_at=at + called.length, as_of=at, called=called
    )


def _check_seconds(seconds: int, refusal: Msg) -> None:
    """``refusal`` when ``seconds`` is not a whole number of at least 1."""
    if seconds < 1:
        raise RuleError(refusal)
    _check_not_absurd(seconds)


def _check_not_absurd(seconds: int) -> None:
    """A typo guard, before any arithmetic: no period holds more than MAX_REMAINING."""
    cap = int(MAX_REMAINING.total_seconds())
    if seconds > cap:
        raise RuleError(
            _("{seconds} seconds is more than {value} hours: check the number of seconds.").format(
                seconds=seconds, value=cap // 3600
            ),
        )


def _check_cap(left: timedelta) -> None:
    if left > MAX_REMAINING:
        raise RuleError(
            _(
                "That would leave {left} in the level, more than {value:.0f} "
                "hours: check the number of seconds."
            ).format(
                left=format_mmss(ceil_seconds(left)), value=MAX_REMAINING.total_seconds() / 3600
            ),
        )


def add(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Add time to the current period (III.5, "piccoli recuperi di tempo").

    While a change is pending, the level gets ``seconds`` from ``at`` (the overtime ends).
    """
    _check_seconds(
        seconds,
        _("Give a whole number of seconds, at least 1, to add: not {seconds}.").format(
            seconds=seconds
        ),
    )
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = max(time_left(settled, at), timedelta(0)) + timedelta(seconds=seconds)
    _check_cap(left)
    return with_left(settled, settled.index, left, at)


def sub(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Remove time from the current period; never below zero (see the module docstring)."""
    _check_seconds(
        seconds,
        _("Give a whole number of seconds, at least 1, to remove: not {seconds}.").format(
            seconds=seconds
        ),
    )
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = time_left(settled, at)
    if left <= timedelta(0):
        raise RuleError(
            _(
                "The level's time has already run out: there is none to "
                "remove; announce the next level with clock announce."
            ),
            "III.5",
        )
    shown = ceil_seconds(left)
    if seconds > shown:
        raise RuleError(
            _(
                "Only {shown} is left: remove at most {shown2} seconds, or "
                "go to the next level with clock next."
            ).format(shown=format_mmss(shown), shown2=shown),
            "III.5",
        )
    left = max(left - timedelta(seconds=seconds), timedelta(0))
    settled = with_left(settled, settled.index, left, at)
    return settle(settled, structure, at, auto_announce=auto_announce)


def set_remaining(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Set the time left in the current period exactly (0 = time is up: pending)."""
    if seconds < 0:
        raise RuleError(
            _("The time left cannot be negative ({seconds}): type MM:SS, e.g. 12:48.").format(
                seconds=seconds
            ),
        )
    _check_not_absurd(seconds)
    at = _open(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = timedelta(seconds=seconds)
    _check_cap(left)
    settled = with_left(settled, settled.index, left, at)
    return settle(settled, structure, at, auto_announce=auto_announce)
