"""What the clock says, in words: to the Director (what to do) and to the room (what happens).

A break and a stopped clock are different things and have different words ("Pausa" is the
break; a stopped clock is "Orologio fermo"). The room never reads an instruction meant for the
Director: where the console says "Announce level 4 — press a", the room reads that the level is
changing and the blinds that come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus


def next_level_number(status: ClockStatus) -> int:
    return status.next.level if status.next is not None else status.level + 1


def director_words(status: ClockStatus, tr: Translator, *, director: bool = True) -> str:
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


def room_words(status: ClockStatus, tr: Translator) -> str:
    """The room display's state line, for players: never an instruction to the Director."""
    if status.pending_announcement:
        if status.next_is_break:
            return tr("THE BREAK IS STARTING")
        if status.is_break:
            return tr("PLAY RESUMES: LEVEL {level}", level=next_level_number(status))
        return tr("THE LEVEL IS CHANGING: LEVEL {level}", level=next_level_number(status))
    if not status.running:
        return tr("CLOCK STOPPED")
    return ""
