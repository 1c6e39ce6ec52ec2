"""What the faces read of an event beyond the log: the served pages' model, a dialog's players
and a command's form (the console's own: ``service.console_face``). ``Tournament`` imports this
module the first time a face asks (``Tournament.served``, ``roster``, ``form``, or
``ready_faces``, which the console calls once its data is shown): a command line that opens an
event to read or write its log never loads these models (the room, the phones, the play's
rules)."""

from __future__ import annotations

from tdconsole.domain.form import Form
from tdconsole.domain.roster import Roster
from tdconsole.domain.served import Served
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State


class Faces:
    """The faces' models of one State (``Tournament`` hands it its latest)."""

    def served(self, state: State) -> Served:
        return Served(state)

    def roster(self, state: State) -> Roster:
        return Roster(state)

    def form(self, declared: Slice, state: State) -> Form:
        return Form(declared, state)


FACES = Faces()
