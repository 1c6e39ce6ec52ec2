"""What the clock says, in words: to the Director (what to do) and to the room (what happens).

A break and a stopped clock are different things and have different words ("Pausa" is the
break; a stopped clock is "Orologio fermo"). The room never reads an instruction meant for the
Director: where the console says "Announce level 4 — press a", the room reads that the level is
changing and the blinds that come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tdconsole.domain.clock import format_mmss

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.structure import Structure


class Tr(Protocol):
    """Says an English message in the reader's language, its placeholders filled:
    ``tr("Level {level}", level=3)`` (the console's ``ui.i18n.Translator`` is one)."""

    def __call__(self, key: str, **values: object) -> str: ...


def next_level_number(status: ClockStatus) -> int:
    return status.next.level if status.next is not None else status.level + 1


def director_words(status: ClockStatus, tr: Tr, *, director: bool = True) -> str:
    """The console's state line: the prompt when a change is pending, else the clock's state."""
    if status.pending_announcement:
        level = next_level_number(status)
        if status.next_is_break:
            return tr("Announce the break — press a") if director else tr("Break to announce")
        if status.is_break:
            if director:
                # Short enough for the clock panel's line (38 columns), whatever the level.
                return tr("End the break: level {level} — press a", level=level)
            return tr("End of the break to announce: level {level}", level=level)
        if director:
            return tr("Announce level {level} — press a", level=level)
        return tr("Level {level} to announce", level=level)
    behind = int(status.wall_clock_behind.total_seconds())
    if director and behind > 0:
        # The time left is held (docs/clock.md); the Director should set the computer right.
        return tr(
            "Computer clock back {behind}: check it", behind=f"{behind // 60}:{behind % 60:02d}"
        )
    if not status.running:
        return tr("Clock stopped")
    return tr("Break under way") if status.is_break else tr("RUNNING")


def clock_question(action: str, status: ClockStatus, structure: Structure, tr: Tr) -> str | None:
    """What the console asks before the clock's level or time changes (``n``, ``b``, ``+``,
    ``-``): the level it goes to, or the time left before and after. None: the change is
    refused (no such level, no time to remove), and the refusal says why."""
    if action in ("next", "prev"):
        index = status.index + (1 if action == "next" else -1)
        if not structure.has_period(index):
            return None
        period = structure.period(index)
        time = format_mmss(period.minutes * 60)
        if action == "next" and period.is_break:
            return tr("Go to the break now, with its full time ({time})?", time=time)
        if action == "next":
            return tr(
                "Go to level {level} now, with its full time ({time})?",
                level=period.level,
                time=time,
            )
        if period.is_break:
            return tr("Back to the break, with its full time ({time})?", time=time)
        return tr(
            "Back to level {level}, with its full time ({time})?", level=period.level, time=time
        )
    left = status.remaining_seconds
    if action == "sub" and left <= 0:
        return None
    after = format_mmss(left + 60 if action == "add" else max(0, left - 60))
    if action == "add":
        return tr(
            "Add a minute: the time left goes from {left} to {after}?",
            left=format_mmss(left),
            after=after,
        )
    return tr(
        "Remove a minute: the time left goes from {left} to {after}?",
        left=format_mmss(left),
        after=after,
    )
