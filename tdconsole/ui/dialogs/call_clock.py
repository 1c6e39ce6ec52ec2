"""Calling the clock on a player: 30-60 seconds granted, then ten counted aloud; no action by
then and the hand is dead (Art. 5.4). Shown on this terminal only; nothing is recorded."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Digits, Input, Static

from tdconsole.ui.dialogs.base import parse_int
from tdconsole.ui.i18n import Translator
from tdconsole.ui.screens.backdrop import Backdrop


class CallClockDialog(Backdrop):
    BINDINGS: ClassVar[list[BindingType]] = [("escape", "dismiss_dialog", "Close")]

    def __init__(self, tr: Translator, name: str, clock: Callable[[], datetime]) -> None:
        super().__init__()
        self.tr = tr
        self.player = name
        self.clock = clock
        self.started: datetime | None = None
        self.granted = 60

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.tr.cite(self.tr("Call the clock"), ["5.4"])
            box.border_subtitle = "Enter " + self.tr("Start") + " · Esc " + self.tr("Close")
            yield Static(Text(self.player, style="bold"))
            seconds = Input("60", placeholder=self.tr("Seconds granted (30-60)"), id="seconds")
            seconds.border_title = Content(seconds.placeholder)  # its label, shown when filled
            yield seconds
            yield Digits("", id="countdown")
            yield Static(id="dialog-note", classes="dialog-note")

    def on_mount(self) -> None:
        self.query_one("#seconds", Input).focus()
        self.set_interval(0.2, self._tick)

    @on(Input.Submitted)
    def _start(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            seconds = parse_int(event.value, self.tr("Seconds granted (30-60)")) or 60
        except Exception as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.granted = max(30, min(60, seconds))
        self.started = self.clock()
        self._tick()

    def _tick(self) -> None:
        if self.started is None:
            return
        left = self.granted + 10 - int((self.clock() - self.started).total_seconds())
        note = self.query_one("#dialog-note", Static)
        self.query_one("#countdown", Digits).update(f"{max(0, left):02d}")
        if left <= 0:
            note.update(
                Text(
                    self.tr("Time! {name}'s hand is dead (Art. 5.4)", name=self.player),
                    style="bold red",
                )
            )
        elif left <= 10:
            note.update(Text(self.tr("Counting down 10"), style="bold"))
        else:
            note.update(Text(self.tr("{name}: {seconds} s to act", name=self.player, seconds=left)))

    def action_dismiss_dialog(self) -> None:
        self.dismiss(None)
