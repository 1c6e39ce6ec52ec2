"""Closing a table: the recorded move plan, the movers' counts against C_t, an override with a
reason for a difference (Art. IV.3-IV.4, VII.1). When the other tables have too few vacant
seats, the Director's options are in the dialog: raise the seats for this closing (ctrl+r, a
setting change recorded with the plan), or keep the table open (Esc). What it shows of the
table is the domain's ``Closing`` (``slices.close_table``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from tdconsole.domain.events import Command
from tdconsole.domain.slices.close_plan import MOST_SEATS, ClosePlan
from tdconsole.domain.slices.close_plan_seats import ClosePlanRaisingSeats
from tdconsole.domain.slices.close_table import SLICE, CloseTable, Closing
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.widgets.changed import update_changed

if TYPE_CHECKING:
    from tdconsole.service import Tournament


def plan_lines(shown: Closing, tr: Translator) -> Text:
    """The movers' destinations, one a line, in the order of the dialog's count fields."""
    text = Text()
    if shown.plan is None:
        text.append(tr("move plan") + ": –  (ctrl+o " + tr("Draw the plan") + ")", style="dim")
        return text
    text.append(tr("move plan") + "\n", style="bold")
    # In seat order, as the count fields below: a count called out down the plan lands on
    # the field of the same player.
    for move in shown.plan:
        text.append(f"  {move.name}")
        text.append(
            f"  → {tr('Table {table}', table=move.table)}, {tr('Seat')} {move.seat} {move.card}\n"
        )
    return text


def no_room_lines(shown: Closing, tr: Translator) -> Text:
    """The Director's options when the other tables cannot seat the movers (IV.4, VII.1)."""

    text = Text()
    movers = len(shown.movers)
    if shown.plan is not None or not shown.open or shown.room >= movers:
        return text
    text.append(
        tr(
            "The other tables have {room} vacant seats for {n} players ({seats} seats a table).",
            room=shown.room,
            n=movers,
            seats=shown.seats,
        )
        + "\n",
        style="bold yellow",
    )
    if shown.needed is None:
        text.append(
            tr(
                "Not even {seats} seats a table make room: keep the table open (Esc).",
                seats=MOST_SEATS,
            )
        )
        return text
    text.append(tr("The Director's options (Art. VII.1):") + "\n")
    text.append(
        "  ctrl+r  "
        + tr(
            "raise to {seats} seats a table for this closing, and draw the plan",
            seats=shown.needed,
        )
        + "\n"
    )
    text.append("  Esc     " + tr("keep the table open for now"))
    return text


class CloseTableDialog(Dialog):
    HEADING = SLICE.heading
    ARTICLES = SLICE.articles
    BINDINGS: ClassVar[list[BindingType]] = [
        *Dialog.BINDINGS,
        Binding("ctrl+o", "plan", str(_("Draw the plan")), priority=True),
        Binding("ctrl+r", "raise_seats", str(_("Raise the seats")), priority=True),
    ]

    def __init__(self, tr: Translator, shown: Closing, table: int) -> None:
        super().__init__(tr)
        self.table = table
        self.shown = shown
        """The closing as the service gave it (``Roster.closing``; again at each change)."""

    def show_event(self, event: Tournament[Any]) -> None:
        shown = event.roster().closing(self.table)
        if shown is not None:
            self.shown = shown
        self.update_note()

    def title_text(self) -> str:
        return self.tr("Table {table}", table=self.table) + " · " + super().title_text()

    def body(self) -> ComposeResult:
        movers = self.shown.movers
        yield Static(plan_lines(self.shown, self.tr), id="plan")
        yield Static(no_room_lines(self.shown, self.tr), id="no-room")
        # IV.4: every mover counted now, as the finalists (IV.5); his last count only a hint.
        yield CountRows(
            [name for name, _chips in movers], dict(movers), {}, id="counts", hints=self.tr
        )
        yield Input(
            placeholder=self.tr("Override reason (only if the counts differ)"), id="override"
        )

    def update_note(self) -> None:
        """The plan, the Director's options and the sum of the counts against C_t, as the
        table is now (it may have changed: ``show_event``)."""
        update_changed(self.query_one("#plan", Static), plan_lines(self.shown, self.tr))
        options = no_room_lines(self.shown, self.tr)
        room = self.query_one("#no-room", Static)
        update_changed(room, options)
        room.display = bool(options.plain)
        rows = self.query_one("#counts", CountRows)
        total = sum(rows.counts(partial=True).values())
        self.set_note(sum_line(self.tr, total, self.shown.chips, rows.to_type()))

    def _override(self) -> str | None:
        return self.query_one("#override", Input).value.strip() or None

    def action_plan(self) -> None:
        command = ClosePlan(table=self.table, override=self._override())
        self.post_message(CommandRequested(command))

    def action_raise_seats(self) -> None:
        seats = self.shown.needed
        if self.shown.plan is not None or seats is None:
            return
        if seats == self.shown.seats:
            self.action_plan()
            return
        command = ClosePlanRaisingSeats(table=self.table, seats=seats, override=self._override())
        self.post_message(CommandRequested(command))

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts()
        return CloseTable(table=self.table, counts=counts, override=self._override())
