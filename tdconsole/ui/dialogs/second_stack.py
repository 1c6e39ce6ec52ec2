"""The second stack ("seconda dote"): the table's average stack, once only (Art. III.2-III.3)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.play import SecondStack, can_take_second_stack, second_stack_amount
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator, chips


class SecondStackDialog(Dialog):
    HEADING = _("Second stack")
    ARTICLES = ("III.2", "III.3")

    def __init__(self, tr: Translator, state: State, name: str | None = None) -> None:
        super().__init__(tr, state)
        self.first = name or ""

    def body(self) -> ComposeResult:
        yield self.player_input(self.first)
        yield Input(placeholder=self.tr("Stack now (optional)"), id="stack")

    def update_note(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        player = self.player_named(name)
        if player is None or player.table is None or player.status != "in":
            self.set_note(Text(""))
            return
        table = self.state.tables[player.table]
        amount = second_stack_amount(self.state, table)
        line = Text(
            self.tr(
                "Amount at table {table} now: {amount} chips (C_t {chips} / {n} players)",
                table=table.number,
                amount=chips(amount),
                chips=chips(table.chips),
                n=len(self.state.players_at(table)),
            ),
            style="bold",
        )
        if not can_take_second_stack(self.state, player) and player.second_stack is not None:
            line.append(f"\n② {chips(player.second_stack)}", style="dim")
        self.set_note(line)

    def command(self) -> Command | None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            return None
        stack = parse_int(
            self.query_one("#stack", Input).value, self.tr("Stack now (optional)"), required=False
        )
        return SecondStack(name=name, stack=stack)
