"""Closing a table: the recorded move plan, the movers' counts against C_t, an override with a
reason for a difference (Art. IV.3-IV.4, VII.1). When the other tables have too few vacant
seats, the Director's options are in the dialog: raise the seats for this closing (ctrl+r, a
setting change recorded with the plan), or keep the table open (Esc)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from tdconsole.domain.director_moves import ClosePlanRaisingSeats
from tdconsole.domain.events import Command
from tdconsole.domain.play import ClosePlan, CloseTable
from tdconsole.domain.play_tables import room_for, seats_for_closing
from tdconsole.domain.state import State, Table
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import CommandRequested


def plan_lines(state: State, table: Table, tr: Translator) -> Text:
    """The movers' destinations, one a line, in the order of the dialog's count fields."""
    text = Text()
    if table.plan is None:
        text.append(tr("move plan") + ": –  (ctrl+o " + tr("Draw the plan") + ")", style="dim")
        return text
    text.append(tr("move plan") + "\n", style="bold")
    # In seat order, as the count fields below: a count called out down the plan lands on
    # the field of the same player.
    moves = sorted(table.plan.moves, key=lambda move: state.players[move[0]].seat or 0)
    for key, to_table, to_seat in moves:
        player = state.players[key]
        card = state.tables[to_table].seat(to_seat).card
        text.append(f"  {player.name}")
        text.append(f"  → {tr('Table {table}', table=to_table)}, {tr('Seat')} {to_seat} {card}\n")
    return text


def no_room_lines(state: State, table: Table, tr: Translator) -> Text:
    """The Director's options when the other tables cannot seat the movers (IV.4, VII.1)."""

    text = Text()
    if table.plan is not None or not table.open:
        return text
    movers = len(state.players_at(table))
    now = state.settings.seating.table_seats
    room = room_for(state, table, now)
    if room >= movers:
        return text
    text.append(
        tr(
            "The other tables have {room} vacant seats for {n} players ({seats} seats a table).",
            room=room,
            n=movers,
            seats=now,
        )
        + "\n",
        style="bold yellow",
    )
    seats = seats_for_closing(state, table)
    if seats is None:
        text.append(tr("Not even 13 seats a table make room: keep the table open (Esc)."))
        return text
    text.append(tr("The Director's options (Art. VII.1):") + "\n")
    text.append(
        "  ctrl+r  "
        + tr("raise to {seats} seats a table for this closing, and draw the plan", seats=seats)
        + "\n"
    )
    text.append("  Esc     " + tr("keep the table open for now"))
    return text


class CloseTableDialog(Dialog):
    HEADING = _("Close table")
    ARTICLES = ("IV.4", "IV.3")
    BINDINGS: ClassVar[list[BindingType]] = [
        *Dialog.BINDINGS,
        Binding("ctrl+o", "plan", str(_("Draw the plan")), priority=True),
        Binding("ctrl+r", "raise_seats", str(_("Raise the seats")), priority=True),
    ]

    def __init__(self, tr: Translator, state: State, table: int) -> None:
        super().__init__(tr, state)
        self.table = table

    def title_text(self) -> str:
        return self.tr("Table {table}", table=self.table) + " · " + super().title_text()

    def body(self) -> ComposeResult:
        table = self.state.tables[self.table]
        players = self.state.players_at(table)
        yield Static(plan_lines(self.state, table, self.tr), id="plan")
        yield Static(no_room_lines(self.state, table, self.tr), id="no-room")
        # IV.4: every mover counted now, as the finalists (IV.5); his last count only a hint.
        yield CountRows(
            [p.name for p in players],
            {p.name: p.chips for p in players},
            {},
            id="counts",
            hints=self.tr,
        )
        yield Input(
            placeholder=self.tr("Override reason (only if the counts differ)"), id="override"
        )

    def show(self, state: State) -> None:
        super().show(state)
        if self.table in state.tables:
            table = state.tables[self.table]
            self.query_one("#plan", Static).update(plan_lines(state, table, self.tr))
            self._show_no_room(state, table)

    def _show_no_room(self, state: State, table: Table) -> None:
        lines = no_room_lines(state, table, self.tr)
        options = self.query_one("#no-room", Static)
        options.update(lines)
        options.display = bool(lines.plain)

    def on_mount(self) -> None:
        super().on_mount()
        self._show_no_room(self.state, self.state.tables[self.table])

    def update_note(self) -> None:
        table = self.state.tables[self.table]
        rows = self.query_one("#counts", CountRows)
        total = sum(rows.counts(partial=True).values())
        self.set_note(sum_line(self.tr, total, table.chips, rows.to_type()))

    def action_plan(self) -> None:
        override = self.query_one("#override", Input).value.strip() or None
        self.post_message(CommandRequested(ClosePlan(table=self.table, override=override)))

    def action_raise_seats(self) -> None:
        table = self.state.tables[self.table]
        seats = seats_for_closing(self.state, table)
        if table.plan is not None or seats is None:
            return
        if seats == self.state.settings.seating.table_seats:
            self.action_plan()
            return
        override = self.query_one("#override", Input).value.strip() or None
        command = ClosePlanRaisingSeats(table=self.table, seats=seats, override=override)
        self.post_message(CommandRequested(command))

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts()
        override = self.query_one("#override", Input).value.strip() or None
        return CloseTable(table=self.table, counts=counts, override=override)
