"""A command written in one module (``slices``), bound to the State its dialog opened on: what
its fields open on and offer, what the dialog says above and under them, and the command built
from what they hold. The service gives it (``Tournament.form``); the dialog holds it, and its
players (``roster.Roster``), never the State."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from tdconsole.domain.events import Command
from tdconsole.domain.roster import Roster
from tdconsole.domain.slices.spec import Choice, Field, Slice, Typed, declared, told_apart
from tdconsole.domain.state import State
from tdconsole.i18n import Msg


class Form(Roster):
    """``declared`` on ``state`` (module docstring)."""

    def __init__(self, declared: Slice, state: State) -> None:
        super().__init__(state)
        self.declared = declared

    def context(self, now: datetime, typed: Mapping[str, str]) -> Sequence[tuple[str | Msg, ...]]:
        """The lines above the fields (``Slice.context``) at ``now``, from what they hold."""
        context = self.declared.context
        return () if context is None else context(self._state, now, typed)

    def note(self, typed: Mapping[str, str]) -> Msg | None:
        """What is said under the fields (``Slice.note``), from what they hold."""
        note = self.declared.note
        return None if note is None else note(self._state, typed)

    def opens_on(self, field: Field) -> str | None:
        """What ``field`` opens on from the State (``Field.opens_on``: the message shown)."""
        return None if field.opens_on is None else field.opens_on(self._state)

    def default(self, field: Field, now: datetime) -> str:
        """What ``field`` holds as the dialog opens at ``now`` (``Field.default``)."""
        return "" if field.default is None else field.default(self._state, now)

    def choices(self, field: Field) -> list[Choice]:
        """A ``choice`` field's entries now."""
        return [] if field.choices is None else field.choices(self._state)

    def nothing_to_choose(self) -> Msg | None:
        """Why the dialog would be empty (``Slice.nothing_to_choose``)."""
        return self.declared.nothing_to_choose(self._state)

    def may_choose(self, name: str | None) -> bool:
        """Whether the player ``name`` is one it may be opened on (``Slice.may_choose``)."""
        return self.declared.may_choose(self._state, name)

    def build(self, typed: Mapping[str, Typed]) -> Command:
        """The command from what the fields hold, names read as recorded (``Slice.build``)."""
        return self.declared.build(typed, self._state)

    def taken_off(self) -> Command | None:
        """The command told apart by a flag (``spec.told_apart``: the message taken off), given
        when what the dialog opened on is emptied; None when it has none."""
        for _flag, other in told_apart(self.declared.description.command):
            return declared(other).build({}, self._state)
        return None
