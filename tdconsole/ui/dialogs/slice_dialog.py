"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way. A
player's field completes the players' names and opens on the player given (the one under the
cursor); the title names him with his seat."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State
from tdconsole.i18n import Msg
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator

NAMED = ("registered", "waitlisted", "in")
"""The players a command may still name (those withdrawn or out are left to be typed)."""


class SliceDialog(Dialog):
    def __init__(
        self, tr: Translator, state: State, declared: Slice, player: str | None = None
    ) -> None:
        self.declared = declared
        self.first = player or ""
        super().__init__(tr, state)

    def heading_words(self) -> Msg:
        return self.declared.heading

    def articles(self) -> tuple[str, ...]:
        article = self.declared.article
        return (article,) if article else ()

    def body(self) -> ComposeResult:
        for field in self.declared.fields:
            placeholder = self.tr.say(field.label)
            if field.kind == "player":
                players = [p for p in self.state.ordered_players() if p.status in NAMED]
                yield self.player_input(
                    self.first, players=players, placeholder=placeholder, id=field.name
                )
            else:
                yield Input(placeholder=placeholder, id=field.name)

    def command(self) -> Command | None:
        typed = {f.name: self.query_one(f"#{f.name}", Input).value for f in self.declared.fields}
        return self.declared.build(typed, self.state)

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
