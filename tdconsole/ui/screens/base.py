"""What the App hands the event to: the console and the room display (light, for the App)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from tdconsole.ui.screens.backdrop import StillBeneath

if TYPE_CHECKING:
    from rich.text import Text

    from tdconsole.domain.clock import ClockStatus
    from tdconsole.service import Tournament
    from tdconsole.ui.log_watch import Activity, Moved

STYLESHEET = "../tdconsole.tcss"
"""The one stylesheet, read when the first screen that uses it is pushed (not at start)."""


class MainScreen(StillBeneath):
    CSS_PATH = STYLESHEET

    moved: Moved | None = None
    """The latest closing or final draw, read from the log by the App (the room display)."""
    activity: list[Activity] = []  # noqa: RUF012 (replaced, never mutated)
    """Actions recorded by other terminals, latest last (the Director's console)."""

    def show_event(self, event: Tournament[Any], now: datetime, who: Text) -> None:
        """The event as ``event`` last read it, at ``now``; a screen asks it for what it reads
        (the console its model, ``Tournament.console``; the room display the pages' room)."""
        raise NotImplementedError

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        raise NotImplementedError

    def show_time(self, now: datetime) -> None:
        """The wall clock moved (every tick): the time of day shown follows it."""
