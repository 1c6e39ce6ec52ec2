"""Closing a table: the recorded move plan, the movers' counts against C_t, an override with a
reason for a difference (Art. IV.3-IV.4, VII.1)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from tdconsole.domain.events import Command
from tdconsole.domain.play import ClosePlan, CloseTable
from tdconsole.domain.state import State, Table
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import CommandRequested


def plan_lines(state: State, table: Table, tr: Translator) -> Text:
    text = Text()
    if table.plan is None:
        text.append(tr("move plan") + ": –  (ctrl+o " + tr("Draw the plan") + ")", style="dim")
        return text
    text.append(tr("move plan") + "\n", style="bold")
    for key, to_table, to_seat in table.plan.moves:
        player = state.players[key]
        card = state.tables[to_table].seat(to_seat).card
        text.append(f"  {player.name}")
        text.append(f"  → {tr('Table {table}', table=to_table)}, {tr('Seat')} {to_seat} {card}\n")
    return text


class CloseTableDialog(Dialog):
    TITLE_KEY = "Close table"
    ARTICLES = ("IV.4", "IV.3")
    BINDINGS: ClassVar[list[BindingType]] = [
        *Dialog.BINDINGS,
        Binding("ctrl+o", "plan", "Draw the plan", priority=True),
    ]

    def __init__(self, tr: Translator, state: State, table: int) -> None:
        super().__init__(tr, state)
        self.table = table

    def title_text(self) -> str:
        return f"{self.tr('Table {table}', table=self.table)} · {super().title_text()}"

    def body(self) -> ComposeResult:
        table = self.state.tables[self.table]
        players = self.state.players_at(table)
        yield Static(plan_lines(self.state, table, self.tr), id="plan")
        yield CountRows(
            [p.name for p in players], {p.name: p.chips for p in players}, {}, id="counts"
        )
        yield Input(
            placeholder=self.tr("Override reason (only if the counts differ)"), id="override"
        )

    def show(self, state: State) -> None:
        super().show(state)
        if self.table in state.tables:
            table = state.tables[self.table]
            self.query_one("#plan", Static).update(plan_lines(state, table, self.tr))

    def update_note(self) -> None:
        table = self.state.tables[self.table]
        total = sum(self.query_one("#counts", CountRows).counts(partial=True).values())
        self.set_note(sum_line(self.tr, total, table.chips))

    def action_plan(self) -> None:
        override = self.query_one("#override", Input).value.strip() or None
        self.post_message(CommandRequested(ClosePlan(table=self.table, override=override)))

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts()
        override = self.query_one("#override", Input).value.strip() or None
        return CloseTable(table=self.table, counts=counts, override=override)
