"""The room at a glance: players in, average stack, chips in play, prize pool, what is due."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from tdconsole.domain.state import State
from tdconsole.ui.i18n import Translator, chips


def alerts(state: State, tr: Translator) -> list[Text]:
    """What the Director must do now: the final draw, tables to close (Art. IV.2, IV.4)."""
    lines: list[Text] = []
    if state.final_due:
        lines.append(Text("⚠ " + tr("FINAL DUE: draw the final table (f)"), style="bold"))
    for table in state.open_tables():
        if state.must_close(table):
            n = len(state.players_at(table))
            text = tr(
                "Table {table}: {n} players — close it (Art. IV.4) [c]", table=table.number, n=n
            )
            lines.append(Text("⚠ " + text, style="bold"))
    return lines


class RoomSummary(Static):
    """Shows the room's numbers for the State handed down."""

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.border_title = tr("Room")

    def show(self, state: State) -> None:
        tr = self.tr
        grid = RichTable.grid(padding=(0, 2), expand=True)
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right", no_wrap=True)
        currency = state.settings.currency
        pool = f"{state.prize_pool} {currency}"
        grid.add_row(tr("In play"), f"{state.in_play} / {state.entrants}", tr("Prize pool"), pool)
        avg = chips(state.average_stack)
        grid.add_row(tr("Chips in play"), chips(state.chips_in_play), tr("Average"), avg)
        final_at = tr("Final: at {n} in play", n=state.settings.seating.final_seats)
        if state.final_bonus is not None:
            final_at = f"{tr('Final bonus')} {chips(state.final_bonus)}"
        grid.add_row(tr("Open tables"), str(len(state.open_tables())), final_at, "")
        grid.add_row(tr("Phase"), tr(state.phase), "", "")
        self.set_class(bool(alerts(state, tr)), "-alert")
        from rich.console import Group

        self.update(Group(grid, *alerts(state, tr)))
