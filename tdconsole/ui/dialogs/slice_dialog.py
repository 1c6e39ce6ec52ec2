"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State
from tdconsole.i18n import Msg
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator


class SliceDialog(Dialog):
    def __init__(self, tr: Translator, state: State, declared: Slice) -> None:
        self.declared = declared
        super().__init__(tr, state)

    def heading_words(self) -> Msg:
        return self.declared.heading

    def articles(self) -> tuple[str, ...]:
        article = self.declared.article
        return (article,) if article else ()

    def body(self) -> ComposeResult:
        for field in self.declared.fields:
            yield Input(placeholder=self.tr.say(field.label), id=field.name)

    def command(self) -> Command | None:
        typed = {f.name: self.query_one(f"#{f.name}", Input).value for f in self.declared.fields}
        return self.declared.build(typed)

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
