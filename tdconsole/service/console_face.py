"""The console's model of an event (``domain.console_view``): ``Tournament.console`` and
``planned`` import this module the first time the console asks, on the way to its data. The
other faces' models (``service.faces``: the pages', a dialog's players and form) are not on that
way: the console imports them once its data is shown (``Tournament.ready_faces``)."""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.console_view import ConsoleView, Planned, console_view, planned
from tdconsole.domain.state import State


class ConsoleFace:
    """The console's models of one State (``Tournament`` hands it its latest)."""

    def console(self, state: State, now: datetime) -> ConsoleView:
        return console_view(state, now)

    def planned(self, state: State) -> Planned:
        return planned(state)


CONSOLE_FACE = ConsoleFace()
