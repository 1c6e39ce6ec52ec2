"""The button's seat at a table: it moves clockwise every hand (Art. II.5) and stays put or
skips after eliminations by this regulation's own procedure (2.4)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.seating import MoveButton
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator


class MoveButtonDialog(Dialog):
    HEADING = _("Button")
    ARTICLES = ("II.5", "2.4")

    def __init__(self, tr: Translator, state: State, table: int, seat: int | None) -> None:
        super().__init__(tr, state)
        self.table = table
        self.seat = seat

    def body(self) -> ComposeResult:
        now = self.state.tables.get(self.table)
        current = "" if now is None else self.tr("now at seat {seat}", seat=now.button)
        for key, label, value in (
            ("table", self.tr("Table"), str(self.table)),
            ("seat", self.tr("Seat"), "" if self.seat is None else str(self.seat)),
        ):
            with Horizontal(classes="calc-field"):
                yield Label(label, classes="calc-label")
                yield Input(value, id=key, compact=True)
        yield Label(current, classes="hint", id="button-now")

    def first_focus(self) -> Input:
        return self.query_one("#seat", Input)

    def command(self) -> Command | None:
        table = parse_int(self.query_one("#table", Input).value, "table")
        seat = parse_int(self.query_one("#seat", Input).value, "seat")
        if table is None or seat is None:
            raise RuleError(_("give the table and the seat"))
        return MoveButton(table=table, seat=seat)
