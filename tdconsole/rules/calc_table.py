"""Calculators of the table's order and time: button and blinds after eliminations
(2.4, 2.5, II.5) and calling the clock (5.4). Pure functions; see ``calculators``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _
from tdconsole.rules.calc_common import HIDDEN, clockwise_from, said_text

# ---------------------------------------------------------------------------------------------
# Button and blinds after eliminations (2.4, 2.5, II.5)


@dataclass(frozen=True)
class HandPositions:
    hand: int  # 1 = the next hand
    button: int
    small_blind: int | None
    big_blind: int
    dead_button: bool  # the button sits on an empty seat
    note: str  # in English (the JSON's)
    articles: tuple[str, ...]
    said: Msg | None = field(default=None, compare=False, repr=False, metadata=HIDDEN)

    def explain(self, lang: str = "en") -> str:
        """The note in ``lang``."""
        return said_text(self.said, self.note, lang)


def _hand(
    hand: int,
    button: int,
    small_blind: int | None,
    big_blind: int,
    dead_button: bool,
    said: Msg,
    articles: tuple[str, ...],
) -> HandPositions:
    return HandPositions(
        hand, button, small_blind, big_blind, dead_button, str(said), articles, said
    )


@dataclass(frozen=True)
class ButtonPlan:
    players: tuple[int, ...]  # seats still in play
    hands: tuple[HandPositions, ...]
    articles: tuple[str, ...]


def button_plan(
    seats: Sequence[int],
    button: int,
    out: Sequence[int] = (),
    hands: int = 3,
    *,
    small_blind: int | None = -1,
    big_blind: int | None = None,
) -> ButtonPlan:
    """Who has the button and posts the blinds in the next ``hands`` hands.

    ``seats``: the occupied seats in the hand just played (eliminated players included);
    ``button``: the button's seat in that hand; ``out``: the seats eliminated in it. The blinds
    of that hand are taken as the normal ones unless given (``small_blind=None``: no small blind
    was posted). Assumes no further eliminations. Two left: heads-up, the button posts the small
    blind and the button alternates (2.5). Decisions where 2.4 is silent: if both blinds go out,
    the big-blind procedure applies; the button always moves to the next seat still in play.
    """
    occupied = sorted(set(seats))
    if len(occupied) != len(seats) or any(s <= 0 for s in seats):
        raise RuleError(
            _("seats must be distinct positive numbers"),
        )
    if button not in occupied:
        raise RuleError(
            _("the button seat {button} is not among the occupied seats").format(button=button),
        )
    if hands < 1 or hands > 50:
        raise RuleError(_("ask for 1 to 50 hands"))
    gone = set(out)
    if not gone <= set(occupied):
        raise RuleError(
            _("seats given as out but not occupied: {seats}").format(
                seats=", ".join(map(str, sorted(gone - set(occupied))))
            ),
        )
    remaining = [s for s in occupied if s not in gone]
    if len(remaining) < 2:
        raise RuleError(
            _("fewer than two players are left at the table: no blinds to post"),
        )

    def after(seat: int, among: Sequence[int]) -> int:
        return clockwise_from(seat, [s for s in among if s != seat])[0]

    # the blinds of the hand just played
    if len(occupied) == 2:
        sb_prev: int | None = button
        bb_prev = after(button, occupied)
    else:
        sb_prev = after(button, occupied)
        bb_prev = after(sb_prev, occupied)
    if small_blind != -1:
        sb_prev = small_blind
    if big_blind is not None:
        bb_prev = big_blind
    if bb_prev not in occupied or (sb_prev is not None and sb_prev not in occupied):
        raise RuleError(
            _("the blinds given are not on occupied seats"),
        )

    def nxt(seat: int) -> int:
        return clockwise_from(seat, [s for s in remaining if s != seat])[0]

    def normal(btn: int) -> tuple[int | None, int]:
        if len(remaining) == 2:
            live_btn = btn if btn in remaining else nxt(btn)
            return live_btn, nxt(live_btn)
        sb = nxt(btn)
        return sb, nxt(sb)

    plan: list[HandPositions] = []
    if len(remaining) == 2:
        btn = button
        for h in range(1, hands + 1):
            btn = nxt(btn)
            sb, bb = normal(btn)
            plan.append(
                _hand(
                    h, btn, sb, bb, False, _("heads-up: the button posts the small blind"), ("2.5",)
                )
            )
        return ButtonPlan(tuple(remaining), tuple(plan), ("2.5", "II.5"))

    bb_out, sb_out = bb_prev in gone, sb_prev is not None and sb_prev in gone
    btn = button
    h = 1
    if bb_out:
        btn = nxt(button)
        plan.append(
            _hand(
                1,
                btn,
                None,
                nxt(btn),
                btn not in remaining,
                _(
                    "big blind eliminated: the button advances, the next player posts the big "
                    "blind directly, no small blind"
                ),
                ("2.4",),
            )
        )
        if hands >= 2:
            sb, bb = normal(btn)
            plan.append(
                _hand(
                    2,
                    btn,
                    sb,
                    bb,
                    btn not in remaining,
                    _("the button stays and both blinds are posted"),
                    ("2.4",),
                )
            )
        h = 3
    elif sb_out:
        sb, bb = normal(btn)
        plan.append(
            _hand(
                1,
                btn,
                sb,
                bb,
                btn not in remaining,
                _("small blind eliminated: the button stays put (dead button) for this hand"),
                ("2.4",),
            )
        )
        h = 2
    while h <= hands:
        btn = nxt(btn)
        sb, bb = normal(btn)
        if plan:
            plan.append(
                _hand(h, btn, sb, bb, False, _("the button moves again"), ("2.4", "II.5"))
            )
        else:
            plan.append(_hand(h, btn, sb, bb, False, _("the button moves clockwise"), ("II.5",)))
        h += 1
    arts = ("2.4", "II.5") if (bb_out or sb_out) else ("II.5", "2.2", "2.3")
    return ButtonPlan(tuple(remaining), tuple(plan[:hands]), arts)


# ---------------------------------------------------------------------------------------------
# Calling the clock (5.4)

COUNTDOWN_SECONDS = 10.0
ClockPhase = Literal["thinking", "countdown", "expired"]


@dataclass(frozen=True)
class ClockCall:
    granted: float
    elapsed: float
    phase: ClockPhase  # thinking → countdown (the last 10 s, said aloud) → expired (fold)
    seconds_left: float  # in the current phase
    total_left: float
    fold: bool
    articles: tuple[str, ...] = field(default=("5.4",))


def clock_call(
    granted: float, started_at: float | dt.datetime, now: float | dt.datetime
) -> ClockCall:
    """Where a clock called on a player stands at ``now`` (5.4).

    The Director grants 30–60 s; then counts the last 10 s aloud; no action by then is a fold.
    ``started_at`` and ``now`` are both seconds (any clock) or both datetimes.
    """
    if not 30 <= granted <= 60:
        raise RuleError(
            _(
                "the Director grants 30 to 60 seconds, not {granted:g}; pick a time in that range"
            ).format(granted=granted),
            "5.4",
        )
    if isinstance(started_at, dt.datetime) and isinstance(now, dt.datetime):
        elapsed = (now - started_at).total_seconds()
    elif not isinstance(started_at, dt.datetime) and not isinstance(now, dt.datetime):
        elapsed = float(now) - float(started_at)
    else:
        raise RuleError(
            _("give the start and now both as seconds or both as date-times"),
        )
    if elapsed < 0:
        raise RuleError(
            _("'now' is before the clock was called; check the times"),
            "5.4",
        )
    total = granted + COUNTDOWN_SECONDS
    if elapsed < granted:
        return ClockCall(granted, elapsed, "thinking", granted - elapsed, total - elapsed, False)
    if elapsed < total:
        return ClockCall(granted, elapsed, "countdown", total - elapsed, total - elapsed, False)
    return ClockCall(granted, elapsed, "expired", 0.0, 0.0, True, ("5.4", "9.1-C"))
