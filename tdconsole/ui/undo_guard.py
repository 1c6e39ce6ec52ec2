"""What the console's ``u`` undoes: the action its question named, never another terminal's
unawares.

``u`` asks first, naming the last action ("Undo: …?"), and whose it is when another terminal
recorded it (``question``). Between the question and Enter another terminal may record one of
its own; ``u`` would then cancel that. So the undo goes ahead only when this console recorded
the last action or a question or notice named it; otherwise the notice names the last action
and whose it is, and the next ``u`` asks about that one. The service checks the named action is
still the last one inside its write transaction (``Tournament.undo(expected=…)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tdconsole.domain.summaries import summary_text
from tdconsole.i18n import say

if TYPE_CHECKING:  # (the console's first frame imports no service)
    from tdconsole.domain.events import Record
    from tdconsole.service import LastAction, Tournament
    from tdconsole.ui.i18n import Translator


@dataclass
class UndoGuard:
    own: set[int] = field(default_factory=set)
    """The commands this console recorded."""
    offered: int | None = None
    """The command the last question or notice named for undo (another terminal's)."""

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

    def question(self, service: Tournament, tr: Translator) -> str | None:
        """What ``u`` asks before it undoes: the last action as this console last read it,
        with whose it is when another terminal recorded it (named now: confirmed, it is
        undone). None when there is nothing this console may undo: the refusal says why."""
        last = service.last_action()
        if last is None or not service.may_undo(last):
            return None
        what = summary_text(last.summary, tr.lang)
        if last.command in self.own:
            return tr("Undo: {what}?", what=what)
        self.offered = last.command
        return tr(
            "Undo {owner}'s action, not recorded on this console: {what}?",
            owner=self._owner(last, tr),
            what=what,
        )

    def ask(self, last: LastAction, tr: Translator) -> str:
        """The notice naming ``last`` and whose it is; the next ``u`` asks to undo it."""
        self.offered = last.command
        return tr(
            "The last action, {owner}'s, was not recorded on this console: {what} — u again "
            "to undo it",
            owner=self._owner(last, tr),
            what=summary_text(last.summary, tr.lang),
        )

    @staticmethod
    def _owner(last: LastAction, tr: Translator) -> str:
        return str(say(last.actor, tr.lang))

    def done(self) -> None:
        self.offered = None
