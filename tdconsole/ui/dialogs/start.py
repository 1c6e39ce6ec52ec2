"""The start: the starting stack and the first big blind, S >= 40·B (Art. III.1, III.5)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.play import Start
from tdconsole.ui.dialogs.base import Dialog, parse_int


class StartDialog(Dialog):
    TITLE_KEY = "Start tournament"
    ARTICLES = ("III.1", "III.5")

    def body(self) -> ComposeResult:
        yield Input("4000", placeholder=self.tr("Starting stack"), id="stack")
        yield Input("100", placeholder=self.tr("First big blind"), id="bb")

    def command(self) -> Command | None:
        stack = parse_int(self.query_one("#stack", Input).value, self.tr("Starting stack"))
        bb = parse_int(self.query_one("#bb", Input).value, self.tr("First big blind"))
        assert stack is not None and bb is not None
        return Start(stack=stack, big_blind=bb)
