"""The room display: what the players read on a TV. Read-only; ``q`` or Esc leaves.

Four faces, chosen from the State and the time:
- the clock: level, time left in big digits (overtime with its sign), blinds and the next ones,
  the room's numbers (the average stack also in big blinds), the prizes, the second stack;
- a break: the time to its end, when play resumes and with which blinds (and the season's
  first places when the season sets ``room_display``);
- the seating (after the draw until the start, and for ``MOVES_SHOWN`` after a closing or the
  final draw): who moves where, then every player by name with his seat, page after page;
- the result once the event is over: the winner and the paid places.
The room never reads an instruction meant for the Director (``clock_words.room_words``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from tdconsole.domain.numbers import money_said
from tdconsole.ui.clock_words import next_blinds_words, next_level_number, room_words
from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.results import is_over, places, places_text
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.widgets.big_clock import BigClock
from tdconsole.ui.widgets.clock_panel import clock_digits
from tdconsole.ui.widgets.season_board import SeasonBoard
from tdconsole.ui.widgets.seating_board import SeatingBoard

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.state import State
    from tdconsole.ui.log_watch import Moved

MOVES_SHOWN = timedelta(minutes=5)
"""How long the seating stays on the TV after a closing or the final draw."""


def centred(text: str, style: str = "bold") -> Text:
    return Text(text, justify="center", style=style)


class DisplayScreen(MainScreen):
    BINDINGS: ClassVar[list[BindingType]] = [("q", "leave", "Quit"), ("escape", "leave", "Quit")]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr
        self.state: State | None = None
        self.status: ClockStatus | None = None
        self.moved: Moved | None = None
        """The latest closing or final draw (the App reads it from the log)."""
        self.now: datetime | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="display-level")
        yield BigClock(id="display-clock")
        yield Static(id="display-state")
        yield Static(id="display-blinds")
        yield SeasonBoard(self.tr, id="display-season")
        yield SeatingBoard(self.tr, id="display-board")
        yield Static(id="display-result")
        yield Static(id="display-room")
        yield Static(id="display-prizes")
        yield Static(id="display-seconds")

    # -- which face ------------------------------------------------------------------------
    def seating_shown(self) -> bool:
        state = self.state
        if state is None or is_over(state):
            return False
        if state.phase == "seated":
            return True
        moved, now = self.moved, self.now
        recent = moved is not None and now is not None and now - moved.at < MOVES_SHOWN
        return recent and state.phase in ("elimination", "final")

    def _face(self) -> None:
        over = self.state is not None and is_over(self.state)
        self.set_class(over, "-finished")
        self.set_class(self.seating_shown(), "-seating")

    # -- the State -------------------------------------------------------------------------
    def show(self, state: State, now: datetime, who: Text) -> None:
        from tdconsole.domain.play import second_stack_amount
        from tdconsole.domain.view import payouts_json

        tr = self.tr
        self.state, self.now = state, now
        self._face()
        self.query_one(SeatingBoard).show(state, self.moved)
        if is_over(state):
            self._show_result(state)
            return
        self._room_line()
        prizes = " · ".join(f"{r['place']}° {money_said(r['amount'])}" for r in payouts_json(state))
        self.query_one("#display-prizes", Static).update(centred(prizes, ""))
        seconds = []
        if state.phase == "elimination" and not state.final_due:
            for table in state.open_tables():
                amount = second_stack_amount(state, table)
                seconds.append(
                    tr("Table {table} → {amount}", table=table.number, amount=chips(amount))
                )
        line = (tr("Second stack now") + ":   " + "   ".join(seconds)) if seconds else ""
        self.query_one("#display-seconds", Static).update(centred(line, ""))

    def _room_line(self) -> None:
        state, status, tr = self.state, self.status, self.tr
        if state is None or is_over(state):
            return
        average = chips(state.average_stack)
        if state.average_stack is not None and status is not None and status.big_blind:
            bb = state.average_stack / status.big_blind
            average += " " + tr.ngettext("({n} big blind)", "({n} big blinds)", round(bb))
        pool = money_said(state.prize_pool, state.settings.currency)
        room = "     ".join(
            [
                tr("In play {n} / {entrants}", n=state.in_play, entrants=state.entrants),
                tr("Average {avg}", avg=average),
                tr("Prize pool {pool}", pool=pool),
            ]
        )
        self.query_one("#display-room", Static).update(centred(room, ""))

    def _show_result(self, state: State) -> None:
        tr = self.tr
        self.query_one("#display-level", Static).update(centred(tr("TOURNAMENT OVER")))
        rows = places(state)
        winner = next((r for r in rows if r.place == 1), None)
        parts: list[Text] = []
        if winner is not None:
            parts += [centred(tr("WINNER")), Text(""), centred(f" {winner.name} ", "bold reverse")]
            parts += [Text(""), Text("")]
        parts += [centred(tr("Paid places")), Text("")]
        parts.append(places_text(rows, tr, justify="center"))
        self.query_one("#display-result", Static).update(Group(*parts))
        pool = money_said(state.prize_pool, state.settings.currency)
        line = tr("Entrants {n}", n=state.entrants) + "     " + tr("Prize pool {pool}", pool=pool)
        self.query_one("#display-room", Static).update(centred(line, ""))

    # -- the clock -------------------------------------------------------------------------
    def show_time(self, now: datetime) -> None:
        self.now = now
        self._face()
        self.query_one(SeatingBoard).turn(now)

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        before = self.status.big_blind if self.status is not None else None
        self.status = status
        if before != (status.big_blind if status is not None else None):
            self._room_line()
        self.query_one(SeasonBoard).show(status)  # between levels, when the season says so
        if self.state is not None and is_over(self.state):
            return
        tr = self.tr
        label = self.query_one("#display-level", Static)
        state_line = self.query_one("#display-state", Static)
        blinds = self.query_one("#display-blinds", Static)
        pending = status is not None and status.pending_announcement
        self.set_class(status is not None and not status.running, "-paused")
        self.set_class(pending, "-pending")
        self.set_class(pending and blink, "-blink")
        self.set_class(status is not None and status.is_break, "-break")
        # Overtime keeps its sign, so nobody reads it as time left.
        digits = clock_digits(status).strip()
        self.query_one(BigClock).show(digits)
        if status is None:
            title = tr("SEATS") if self.seating_shown() else ""
            label.update(centred(title or tr("The clock starts with the tournament")))
            state_line.update("")
            blinds.update("")
            return
        if self.seating_shown():
            # The seating takes the screen: the clock on one line above it.
            label.update(centred(self._clock_line(status, digits)))
            state_line.update(centred(room_words(status, tr)))
            blinds.update("")
            return
        if status.is_break:
            label.update(centred(tr("BREAK")))
            state_line.update(centred(self._break_words(status)))
            blinds.update(centred(self._resume_blinds(status)))
            return
        label.update(centred(tr("LEVEL {level}", level=status.level)))
        state_line.update(centred(room_words(status, tr)))
        line = tr("BLINDS {sb} / {bb}", sb=chips(status.small_blind), bb=chips(status.big_blind))
        if status.ante:
            line += f"  ANTE {chips(status.ante)}"
        blinds.update(centred(line + "      " + next_blinds_words(status, tr)))

    def _clock_line(self, status: ClockStatus, digits: str) -> str:
        tr = self.tr
        what = tr("BREAK") if status.is_break else tr("LEVEL {level}", level=status.level)
        blinds = tr("BLINDS {sb} / {bb}", sb=chips(status.small_blind), bb=chips(status.big_blind))
        return f"{what} · {digits} · {blinds}"

    def _break_words(self, status: ClockStatus) -> str:
        tr = self.tr
        if status.pending_announcement:
            return room_words(status, tr)
        if not status.running:
            return tr("CLOCK STOPPED")
        if status.level_ends_at is None:
            return ""
        return tr("PLAY RESUMES AT {time}", time=f"{status.level_ends_at.astimezone():%H:%M}")

    def _resume_blinds(self, status: ClockStatus) -> str:
        tr = self.tr
        if status.next is None:
            return ""
        words = tr(
            "LEVEL {level}: BLINDS {sb} / {bb}",
            level=next_level_number(status),
            sb=chips(status.next.small_blind),
            bb=chips(status.next.big_blind),
        )
        if status.next.ante:
            words += f"  ANTE {chips(status.next.ante)}"
        return words

    def action_leave(self) -> None:
        self.app.exit(0)
