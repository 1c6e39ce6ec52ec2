"""The room display in a terminal: what the players read on a TV plugged into the Director's
laptop. Read-only; ``q`` or Esc leaves.

It draws the one room model (``Served.room``), as the room's web page does, in the
same words (``tdconsole.words.room``): the two never disagree. The stages:
- a level, its last minute, a pending change (overtime, and the level to come, never "now"),
  a stopped clock: the level, the time in big digits, the blinds and the next ones;
- a break: the time to its end, when play resumes and with which blinds, the colour-up if
  due, the season's first places when the season says so;
- the seats after the draw; the moves after a closing or the final draw, and the final table,
  with the clock still a quarter of the screen high;
- the winner, the paid places; the event over.
The Director's message, when there is one, is a band under the top line at every stage.
The bell rings where the page chimes: a level change, a break's start and end, one minute left;
with the event's ``voice`` on, espeak-ng says what the page says there, where it is installed
(``tdconsole.ui.voice``).

``DisplayViews`` makes the screen for the App, whose worker that opens the event imports this
module (``ui.app.views_for``): what it imports at its top is all the room display loads after
its first frame.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from tdconsole.domain.numbers import money_said
from tdconsole.domain.room import Blinds, Room, chime
from tdconsole.ui.app_views import Views
from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.voice import Voice
from tdconsole.ui.widgets.big_clock import BigClock
from tdconsole.ui.widgets.season_board import SeasonBoard
from tdconsole.ui.widgets.seating_board import SeatingBoard
from tdconsole.words.room import WORDS, spoken

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.served import Served
    from tdconsole.service import Tournament


def centred(text: str, style: str = "bold") -> Text:
    return Text(text, justify="center", style=style)


def mmss(seconds: int) -> str:
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


class DisplayScreen(MainScreen):
    BINDINGS: ClassVar[list[BindingType]] = [("q", "leave", "Quit"), ("escape", "leave", "Quit")]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr
        self.served: Served | None = None
        """The event as last handed down (``Tournament.served``)."""
        self.status: ClockStatus | None = None
        self.now: datetime | None = None
        self.blink = False
        self.shown: Room | None = None
        """The room model as last drawn."""
        self.chimes: list[str] = []
        """The sounds rung, in order (the bell has no other trace)."""
        self.voice = Voice(tr.lang)

    def compose(self) -> ComposeResult:
        yield Static(id="display-top")
        yield Static(id="display-message")
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

    def say(self, key: str, **values: Any) -> str:
        return WORDS[key].format(**values).text(self.tr.lang)

    # -- what the App hands down ---------------------------------------------------------
    def show_event(self, event: Tournament[Any], now: datetime, who: Text) -> None:
        self.served, self.now = event.served(), now
        self._draw()

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        self.status, self.blink = status, blink
        self._draw()

    def show_time(self, now: datetime) -> None:
        self.now = now
        self._draw()
        self.query_one(SeatingBoard).turn(now)

    # -- drawing the model ----------------------------------------------------------------
    def _draw(self) -> None:
        if self.served is None or self.now is None:
            return
        shown = self.served.room(self.moved, self.now)
        sound = chime(self.shown, shown)
        if sound is not None:
            self.chimes.append(sound)
            self.app.bell()
            said = spoken(sound, shown, self.tr.lang) if shown.voice else None
            if said:
                self.voice.say(said)
        changed = self.shown is None or shown.stage != self.shown.stage
        self.shown = shown
        stage = shown.stage
        self.set_class(stage in ("winner", "over"), "-finished")
        self.set_class(stage == "paused", "-paused")
        self.set_class(stage == "pending", "-pending")
        self.set_class(stage == "pending" and self.blink, "-blink")
        self.set_class(stage == "break", "-break")
        self.set_class(stage == "last_minute", "-last-minute")
        self.set_class(stage in ("seats", "moves", "final"), "-seating")
        self.set_class(stage in ("moves", "final") and shown.clock_shown, "-with-clock")
        top = f"{shown.event}   ·   {self.now.astimezone():%H:%M}"
        self.query_one("#display-top", Static).update(centred(top, ""))
        self._message(shown)
        board = self.query_one(SeatingBoard)
        if changed or stage in ("seats", "moves", "final"):
            board.show_room(shown)
        self.query_one(SeasonBoard).show(self.status if stage == "break" else None)
        if stage in ("winner", "over"):
            self._result(shown)
        else:
            self._clock(shown)
            self._numbers(shown)

    def _message(self, shown: Room) -> None:
        band = self.query_one("#display-message", Static)
        band.set_class(shown.message is not None, "-shown")
        band.update(centred(shown.message.text if shown.message is not None else ""))

    def _clock(self, shown: Room) -> None:
        level = self.query_one("#display-level", Static)
        state_line = self.query_one("#display-state", Static)
        blinds = self.query_one("#display-blinds", Static)
        digits = self.query_one(BigClock)
        if not shown.clock_shown:
            title = self.say("seats") if shown.stage == "seats" else self.say("waiting")
            level.update(centred(title))
            digits.show("--:--")
            state_line.update("")
            blinds.update("")
            return
        if shown.overtime_seconds:
            digits.show("+" + mmss(shown.overtime_seconds))
        else:
            digits.show(mmss(shown.remaining_seconds))
        title = self.say("break") if shown.is_break else self.say("level", level=shown.level)
        level.update(centred(title))
        state_line.update(centred(self._state_words(shown)))
        blinds.update(Group(*(centred(line) for line in self._blinds_words(shown).split("\n"))))

    def _state_words(self, shown: Room) -> str:
        nxt = shown.next
        if shown.stage == "pending":
            if shown.is_break:
                return self._next_words("pending_resume", nxt)
            if shown.next_is_break:
                return self.say("pending_break")
            return self._next_words("pending", nxt) if nxt else self.say("last_level")
        words = []
        if shown.stage == "paused" or (shown.stage == "break" and not shown.running):
            words.append(self.say("stopped"))
        if shown.stage == "last_minute":
            words.append(self.say("last_minute"))
        if shown.stage == "break" and shown.zero_at is not None:
            words.append(self.say("resumes_at", time=f"{shown.zero_at.astimezone():%H:%M}"))
        return "   ".join(words)

    def _next_words(self, key: str, nxt: Blinds | None) -> str:
        if nxt is None:
            return ""
        return self.say(key, level=nxt.level, sb=chips(nxt.small_blind), bb=chips(nxt.big_blind))

    def _blinds_words(self, shown: Room) -> str:
        nxt = shown.next
        if shown.is_break:
            words = self._next_words("resume_blinds", nxt)
            if shown.colour_up is not None:
                chip, to = chips(shown.colour_up), chips(shown.colour_up_to)
                words += "\n\n" + self.say("colour_up", chip=chip, to=to)
            return words
        line = ""
        if shown.blinds is not None:
            b = shown.blinds
            line = self.say("blinds", sb=chips(b.small_blind), bb=chips(b.big_blind))
            if b.ante:
                line += "  " + self.say("ante", ante=chips(b.ante))
        if shown.stage == "pending":
            return line  # the level to come is said on the line above
        if nxt is None:
            return line + "      " + self.say("last_level")
        upcoming = self.say("next", sb=chips(nxt.small_blind), bb=chips(nxt.big_blind))
        if nxt.ante:
            upcoming += "  " + self.say("ante", ante=chips(nxt.ante))
        if shown.next_is_break:
            upcoming = self.say("then_break") + " · " + upcoming
        return line + "      " + upcoming

    def _numbers(self, shown: Room) -> None:
        average = chips(shown.average_stack)
        if shown.average_bb is not None:
            n = round(shown.average_bb)
            average += " " + self.say("bb_one" if n == 1 else "bb_many", n=n)
        pool = money_said(shown.prize_pool, shown.currency)
        line = "     ".join(
            [
                self.say("in_play", n=shown.in_play, entrants=shown.entrants),
                self.say("average", avg=average),
                self.say("pool", pool=pool),
            ]
        )
        self.query_one("#display-room", Static).update(centred(line, ""))
        prizes = [
            f"{p.place}°{'=' if p.tied else ''} "
            + (self.say("dq") if p.disqualified else money_said(p.amount or 0, shown.currency))
            for p in shown.payouts
        ]
        if shown.next_break_at is not None and self.now is not None:
            left = int((shown.next_break_at - self.now).total_seconds() + 0.999)
            prizes.insert(0, self.say("next_break", time=mmss(left)) + "  ·")
        self.query_one("#display-prizes", Static).update(centred(" · ".join(prizes), ""))
        seconds = [
            self.say("second_at", table=table, amount=chips(amount))
            for table, amount in shown.second_stacks
        ]
        text = (self.say("second_stack") + ":   " + "   ".join(seconds)) if seconds else ""
        self.query_one("#display-seconds", Static).update(centred(text, ""))

    def _result(self, shown: Room) -> None:
        self.query_one("#display-level", Static).update(
            centred(self.say("winner") if shown.stage == "winner" else self.say("over"))
        )
        parts: list[Text] = []
        if shown.winner is not None:
            if shown.stage == "over":  # (the title says the event is over: who won, here)
                parts += [centred(self.say("winner")), Text("")]
            parts += [centred(f" {shown.winner} ", "bold reverse"), Text(""), Text("")]
        parts += [centred(self.say("paid")), Text("")]
        rows = [
            (
                f"{p.place}°{'=' if p.tied else ' '}",
                p.name or "",
                "" if p.amount is None else money_said(p.amount, shown.currency),
            )
            for p in shown.places
        ]
        name_w = max((len(r[1]) for r in rows), default=0)
        prize_w = max((len(r[2]) for r in rows), default=0)
        lines = []
        for place, name, prize in rows:
            line = Text(place.rjust(4) + " ", style="bold")
            line.append(name.ljust(name_w), style="bold" if place.startswith("1°") else "")
            if prize_w:
                line.append("  " + prize.rjust(prize_w))
            lines.append(line)
        block = Text("\n", justify="center").join(lines)
        block.no_wrap, block.overflow = True, "ellipsis"
        parts.append(block)
        self.query_one("#display-result", Static).update(Group(*parts))
        pool = money_said(shown.prize_pool, shown.currency)
        said = self.say("entrants", n=shown.entrants) + "     " + self.say("pool", pool=pool)
        self.query_one("#display-room", Static).update(centred(said, ""))

    def action_leave(self) -> None:
        self.app.exit(0)


class DisplayViews(Views):
    """The room display's views of the event, on its one screen."""

    def main_screen(self) -> DisplayScreen:
        return DisplayScreen(self.app.tr)

    def import_later(self) -> None:
        """Nothing: the room display opens no dialog."""
