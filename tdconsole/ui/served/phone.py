"""The floor on a phone: one screen, 40 columns in portrait, large touch targets.

Type part of a name, tap the player, then record his elimination, his second stack or a chip
count. The clock is shown read-only; pausing it, and undoing another's action, are the
Director's and ask the Director's PIN (``ServedApp``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust, Count, SecondStack
from tdconsole.domain.play_common import can_take_second_stack, second_stack_amount
from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, chips, say_bindings
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.served.messages import ClockToggleRequested, FloorUndoRequested
from tdconsole.ui.widgets.clock_panel import clock_digits

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.state import Player, State

STYLESHEET = str(Path(__file__).with_name("served.tcss"))


def matching(state: State, typed: str) -> list[Player]:
    """The players still in whose name contains what was typed (ignoring case), by name."""
    needle = typed.strip().casefold()
    found = [p for p in state.in_players() if needle in p.name.casefold()]
    return sorted(found, key=lambda p: p.name.casefold())


class PhoneFloorScreen(MainScreen):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+u", "undo", str(_("Undo")), show=False)]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.state: State | None = None
        self.chosen: str | None = None

    def compose(self) -> ComposeResult:
        tr = self.tr
        yield Static(id="phone-clock")
        yield Static(id="phone-who")
        yield Input(placeholder=tr("Find a player"), id="find")
        yield OptionList(id="matches")
        yield Static(id="chosen")
        with Horizontal(classes="served-row"):
            yield Button(tr("Out"), variant="error", id="out")
            yield Button(tr("Second stack {amount}", amount=""), id="second")
        with Horizontal(classes="served-row"):
            yield Input(placeholder=tr("Chips"), type="integer", id="chips")
            yield Button(tr("Count"), variant="primary", id="count")
        with Horizontal(classes="served-row"):
            yield Button(tr("Undo"), id="undo")
            yield Button(tr("Clock ⏯"), id="clock")

    def on_mount(self) -> None:
        self.query_one("#find", Input).focus()

    # -- the State down --------------------------------------------------------------------
    def show(self, state: State, now: datetime, who: Text) -> None:
        self.state = state
        tr = self.tr
        line = Text(who.plain)
        line.append(" · " + tr.ngettext("{n} player in", "{n} players in", state.in_play))
        self.query_one("#phone-who", Static).update(line)
        if self.chosen is not None:
            player = state.find(self.chosen)
            if player is None or player.status != "in":
                self.chosen = None
        self._list()
        self._chosen()

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        tr = self.tr
        if status is None:
            text = Text(tr("The clock starts with the tournament"))
        else:
            title = tr("Break") if status.is_break else tr("Level {level}", level=status.level)
            blinds = f"{chips(status.small_blind)}/{chips(status.big_blind)}"
            text = Text(f"{title}  {blinds}  {clock_digits(status).strip()}", style="bold")
            if not status.running:
                text.append("  " + tr("CLOCK STOPPED"))
        self.query_one("#phone-clock", Static).update(text)

    def _list(self) -> None:
        if self.state is None:
            return
        found = matching(self.state, self.query_one("#find", Input).value)
        options = self.query_one("#matches", OptionList)
        options.clear_options()
        for player in found:
            label = Text(player.name, style="bold")
            label.append("\n" + self._where(player), style="")
            options.add_option(Option(label, id=player.name))
        if not found:
            options.add_option(Option(self.tr("No player still in matches"), disabled=True))
        elif self.chosen is not None:
            for index, player in enumerate(found):
                if player.name == self.chosen:
                    options.highlighted = index

    def _where(self, player: Player) -> str:
        return self.tr(
            "Table {table} · seat {seat} · {chips}",
            table=player.table or "–",
            seat=player.seat or "–",
            chips=chips(player.chips),
        )

    def _chosen(self) -> None:
        state, tr = self.state, self.tr
        player = state.find(self.chosen) if state is not None and self.chosen else None
        note = self.query_one("#chosen", Static)
        out = self.query_one("#out", Button)
        second = self.query_one("#second", Button)
        offered = (
            player is not None
            and state is not None
            and player.table is not None
            and can_take_second_stack(state, player)
        )
        amount = None
        if offered and state is not None and player is not None and player.table is not None:
            amount = second_stack_amount(state, state.tables[player.table])
        for button in (out, second, self.query_one("#count", Button)):
            button.disabled = player is None
        second.disabled = not offered
        second.label = tr("Second stack {amount}", amount=chips(amount) if offered else "")
        out.label = tr.pgettext("phone button", "Out, declined") if offered else tr("Out")
        if player is None:
            note.update(Text(tr("Choose a player first")))
            return
        text = Text(player.name, style="bold")
        text.append("\n" + self._where(player))
        if offered:
            text.append("\n" + tr("may take the second stack: {amount}", amount=chips(amount)))
        note.update(text)

    # -- what was typed and tapped ---------------------------------------------------------
    @on(Input.Changed, "#find")
    def _typed(self) -> None:
        self._list()
        if self.state is not None:
            found = matching(self.state, self.query_one("#find", Input).value)
            if len(found) == 1:
                self._choose(found[0].name)

    @on(Input.Submitted, "#find")
    def _first(self, event: Input.Submitted) -> None:
        event.stop()
        if self.state is not None:
            found = matching(self.state, event.value)
            if found:
                self._choose(found[0].name)

    @on(OptionList.OptionSelected, "#matches")
    def _tapped(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self._choose(event.option.id)

    def _choose(self, name: str) -> None:
        self.chosen = name
        self._chosen()

    @on(Button.Pressed, "#out")
    def _out(self) -> None:
        if self.state is None or self.chosen is None:
            return
        player = self.state.find(self.chosen)
        declined = player is not None and can_take_second_stack(self.state, player)
        self.post_message(CommandRequested(Bust(names=[self.chosen], declined=declined)))

    @on(Button.Pressed, "#second")
    def _second(self) -> None:
        if self.chosen is not None:
            self.post_message(CommandRequested(SecondStack(name=self.chosen)))

    @on(Input.Submitted, "#chips")
    @on(Button.Pressed, "#count")
    def _count(self, event: Message) -> None:
        event.stop()
        if self.chosen is None:
            return
        field = self.query_one("#chips", Input)
        raw = field.value.strip()
        if not raw.isdigit():
            self.app.notify(
                RuleError(
                    _("{words}: give a whole number").format(words=self.tr("Chips")),
                ).text(self.tr.lang),
                severity="error",
                markup=False,
            )
            return
        field.value = ""
        self.post_message(CommandRequested(Count(counts={self.chosen: int(raw)})))

    @on(Button.Pressed, "#undo")
    def action_undo(self) -> None:
        self.post_message(FloorUndoRequested())

    @on(Button.Pressed, "#clock")
    def _clock(self) -> None:
        self.post_message(ClockToggleRequested())
