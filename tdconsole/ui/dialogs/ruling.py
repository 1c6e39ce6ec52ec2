"""A ruling for the log: table, players, the articles cited, the decision (Art. VII.1-VII.3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.rulings import RecordRuling
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.dialogs.register import split_names
from tdconsole.ui.i18n import Translator


class RulingDialog(Dialog):
    HEADING = _("Record ruling")
    ARTICLES = ("VII.1", "VII.2", "VII.3")

    def __init__(
        self, tr: Translator, state: State, table: int | None, article: str, text: str = ""
    ) -> None:
        super().__init__(tr, state)
        self.table = table
        self.article = article
        self.text = text

    def body(self) -> ComposeResult:
        table = "" if self.table is None else str(self.table)
        # The players first: the dialog opens on them, and Tab goes down the screen from there.
        yield Input(placeholder=self.tr("Players") + " (a, b)", id="players")
        yield Input(table, placeholder=self.tr("Table"), id="table")
        # A Tab onto the articles cited keeps them (the cursor at their end), not all selected
        # for the next letter to replace.
        yield Input(
            self.article, placeholder="Art. (III.2, 7.7)", id="articles", select_on_focus=False
        )
        yield Input(self.text, placeholder=self.tr("Decision"), id="text")

    def command(self) -> Command | None:
        text = self.query_one("#text", Input).value.strip()
        if not text:
            self.query_one("#text", Input).focus()
            raise RuleError(_("write the decision"), "VII.3")
        return RecordRuling(
            table=parse_int(self.query_one("#table", Input).value, _("table"), required=False),
            players=split_names(self.query_one("#players", Input).value),
            articles=split_names(self.query_one("#articles", Input).value.replace("Art.", "")),
            text=text,
        )
