"""The seat draw by cards (Art. II.1-II.4); once drawn, the seat slips to read out."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Static

from tdconsole.domain.events import Command
from tdconsole.domain.seating import Draw
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator


def seat_slips(state: State, tr: Translator) -> Text:
    """One line per player, alphabetical: the card he drew, his table and seat."""
    text = Text(tr("Seat slips") + "\n", style="bold")
    seated = sorted(
        (p for p in state.players.values() if p.status == "in" and p.table),
        key=lambda p: p.name.casefold(),
    )
    for p in seated:
        assert p.table is not None and p.seat is not None
        card = state.tables[p.table].seat(p.seat).card
        text.append(f"{card:<4} ", style="bold")
        text.append(p.name)
        text.append(f"  — {tr('Table {table}', table=p.table)}, {tr('Seat')} {p.seat}\n")
    return text


class DrawDialog(Dialog):
    HEADING = _("Seat draw")
    ARTICLES = ("II.1", "II.2", "II.3", "II.4")
    CLOSE_ON_SUCCESS = False

    def body(self) -> ComposeResult:
        yield Input(placeholder=self.tr("Number of tables (empty: the fewest of 6-8)"), id="tables")
        yield Input(
            placeholder=self.tr("Draw number, to repeat a draw (empty: at random)"), id="seed"
        )
        yield Static(id="slips")

    def show(self, state: State) -> None:
        super().show(state)
        if state.phase != "registration":
            self.query_one("#slips", Static).update(seat_slips(state, self.tr))
            self.query_one("#ok").display = False
            self.query_one("#cancel").focus()

    def command(self) -> Command | None:
        if self.state.phase != "registration":
            return None
        tables = parse_int(self.query_one("#tables", Input).value, "tables", required=False)
        seed = parse_int(self.query_one("#seed", Input).value, "seed", required=False)
        return Draw(tables=tables, seed=seed)
