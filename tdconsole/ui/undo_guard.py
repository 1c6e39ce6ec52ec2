"""What the console's ``u`` undoes: the action its notice named, never another terminal's
unawares.

The notice after an action says "u to undo" of that action. Meanwhile another terminal may
record one of its own; ``u`` would then cancel that. So ``u`` undoes the last action only when
this console recorded it or a notice named it; otherwise it names the last action and whose it
is, and the next ``u`` undoes that one. The service checks the named action is still the last
one inside its write transaction (``Tournament.undo(expected=…)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tdconsole.domain.summaries import summary_text

if TYPE_CHECKING:  # (the console's first frame imports no service)
    from tdconsole.domain.events import Record
    from tdconsole.service import LastAction, Tournament
    from tdconsole.ui.i18n import Translator


@dataclass
class UndoGuard:
    own: set[int] = field(default_factory=set)
    """The commands this console recorded."""
    offered: int | None = None
    """The command the last notice offered to undo (``u to undo``, or a question)."""

    def recorded(self, records: list[Record]) -> None:
        """This console recorded ``records``: its notice offers their command for undo."""
        if records:
            self.own.add(records[0].command)
            self.offered = records[0].command

    def target(self, service: Tournament) -> tuple[LastAction | None, bool]:
        """The action ``u`` means now, and whether it may be undone without asking first (the
        service reads the log anew first: another terminal may have acted)."""
        service.refresh()
        last = service.last_action()
        if last is None:
            return None, True
        if not service.may_undo(last):
            return last, True  # not the floor's to undo: the service says so (Art. VII.1)
        return last, last.command in self.own or last.command == self.offered

    def ask(self, last: LastAction, tr: Translator) -> str:
        """The question naming ``last`` and whose it is; the next ``u`` undoes it."""
        # lazy: the log's models would delay the console's first frame
        from tdconsole.domain.acting import label_text

        self.offered = last.command
        return tr(
            "The last action, {owner}'s, was not recorded on this console: {what} — u again "
            "to undo it",
            owner=label_text(last.who, tr.lang),
            what=summary_text(last.summary, tr.lang),
        )

    def done(self) -> None:
        self.offered = None
