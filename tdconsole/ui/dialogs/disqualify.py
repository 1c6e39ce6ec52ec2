"""Disqualification: place and prize forfeited, his chips leave play (Art. VI.2, VII.1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.play import Disqualify
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator


class DisqualifyDialog(Dialog):
    HEADING = _("Disqualify")
    ARTICLES = ("VI.2", "VII.1")

    def __init__(self, tr: Translator, state: State, name: str | None = None) -> None:
        super().__init__(tr, state)
        self.first = name or ""

    def body(self) -> ComposeResult:
        yield self.player_input(self.first)
        yield Input(placeholder=self.tr("Reason"), id="reason")
        yield Input(placeholder=self.tr("Chips leaving play (empty: his last count)"), id="chips")

    def command(self) -> Command | None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            return None
        reason = self.query_one("#reason", Input).value
        amount = parse_int(self.query_one("#chips", Input).value, _("chips"), required=False)
        return Disqualify(name=name, reason=reason, chips=amount)
