"""The room display: the big clock for a TV. Read-only; ``q`` or Esc leaves."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.widgets.big_clock import BigClock
from tdconsole.ui.widgets.clock_panel import clock_digits
from tdconsole.ui.widgets.season_board import SeasonBoard

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.state import State


class DisplayScreen(MainScreen):
    BINDINGS: ClassVar[list[BindingType]] = [("q", "leave", "Quit"), ("escape", "leave", "Quit")]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr

    def compose(self) -> ComposeResult:
        yield Static(id="display-level")
        yield BigClock(id="display-clock")
        yield Static(id="display-state")
        yield Static(id="display-blinds")
        yield SeasonBoard(self.tr, id="display-season")
        yield Static(id="display-room")
        yield Static(id="display-prizes")
        yield Static(id="display-seconds")

    def show(self, state: State, now: datetime, who: Text) -> None:
        from tdconsole.domain.play import second_stack_amount
        from tdconsole.domain.view import payouts_json

        tr = self.tr
        avg = chips(state.average_stack)
        pool = f"{state.prize_pool} {state.settings.currency}"
        room = "     ".join(
            [
                tr("In play {n} / {entrants}", n=state.in_play, entrants=state.entrants),
                tr("Average {avg}", avg=avg),
                tr("Prize pool {pool}", pool=pool),
            ]
        )
        self.query_one("#display-room", Static).update(Text(room, justify="center"))
        prizes = " · ".join(f"{r['place']}° {r['amount']}" for r in payouts_json(state))
        self.query_one("#display-prizes", Static).update(Text(prizes, justify="center"))
        seconds = []
        if state.phase == "elimination" and not state.final_due:
            for table in state.open_tables():
                amount = second_stack_amount(state, table)
                seconds.append(
                    tr("Table {table} → {amount}", table=table.number, amount=chips(amount))
                )
        line = (tr("Second stack now") + ":   " + "   ".join(seconds)) if seconds else ""
        self.query_one("#display-seconds", Static).update(Text(line, justify="center"))

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        tr = self.tr
        self.query_one(SeasonBoard).show(status)  # between levels, when the season says so
        # No sign slot on the TV: five glyphs, centred; overtime shows by colour and the line below.
        self.query_one(BigClock).show(clock_digits(status)[1:])
        label = self.query_one("#display-level", Static)
        state_line = self.query_one("#display-state", Static)
        blinds = self.query_one("#display-blinds", Static)
        pending = status is not None and status.pending_announcement
        self.set_class(status is not None and not status.running, "-paused")
        self.set_class(pending, "-pending")
        self.set_class(pending and blink, "-blink")
        if status is None:
            label.update(Text(tr("The clock starts with the tournament"), justify="center"))
            state_line.update("")
            blinds.update("")
            return
        title = tr("Break").upper() if status.is_break else tr("LEVEL {level}", level=status.level)
        label.update(Text(title, justify="center", style="bold"))
        words = tr("PAUSED") if not status.running else ""
        if pending:
            nxt = status.next.level if status.next else status.level + 1
            words = tr("Announce level {level}", level=nxt).upper()
        state_line.update(Text(words, justify="center", style="bold"))
        line = tr("BLINDS {sb} / {bb}", sb=chips(status.small_blind), bb=chips(status.big_blind))
        if status.ante:
            line += f"  ANTE {chips(status.ante)}"
        if status.next is not None:
            line += "      " + tr(
                "NEXT {sb} / {bb}",
                sb=chips(status.next.small_blind),
                bb=chips(status.next.big_blind),
            )
        blinds.update(Text(line, justify="center", style="bold"))

    def action_leave(self) -> None:
        self.app.exit(0)
