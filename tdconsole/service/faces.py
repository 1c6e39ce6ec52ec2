"""What the faces read of an event beyond the log: the served pages' model, the console's, a
dialog's players and a command's form. ``Tournament`` imports this module the first time a face
asks (``Tournament.served``, ``console``…): a command line that opens an event to read or write
its log never loads these models (the room, the phones, the play's rules)."""

from __future__ import annotations

from datetime import datetime

from tdconsole.domain.console_view import ConsoleView, Planned, console_view, planned
from tdconsole.domain.form import Form
from tdconsole.domain.roster import Roster
from tdconsole.domain.served import Served
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State


class Faces:
    """The faces' models of one State (``Tournament`` hands it its latest)."""

    def served(self, state: State) -> Served:
        return Served(state)

    def console(self, state: State, now: datetime) -> ConsoleView:
        return console_view(state, now)

    def planned(self, state: State) -> Planned:
        return planned(state)

    def roster(self, state: State) -> Roster:
        return Roster(state)

    def form(self, declared: Slice, state: State) -> Form:
        return Form(declared, state)


FACES = Faces()
