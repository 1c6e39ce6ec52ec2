"""No event found: create a new one, open one, or try the demo."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import EventChosen
from tdconsole.ui.screens.base import STYLESHEET

__all__ = ["EventChosen", "StartScreen"]


class StartScreen(Screen[None]):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", str(_("Quit"))),
        Binding("ctrl+d", "demo", str(_("Demo")), priority=True),
    ]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(classes="dialog start") as box:
            box.border_title = "tdconsole — " + tr("No event yet")
            yield Static(tr("New event"), classes="label")
            yield Input(placeholder=tr("Event name"), id="new-name")
            yield Static(tr("Open an event"), classes="label")
            yield Input(placeholder=tr("Event file or name"), id="open-path")
            yield Button(tr("Demo event") + "  (ctrl+d)", id="demo", variant="primary")

    @on(Input.Submitted, "#new-name")
    def _new(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.post_message(EventChosen("new", event.value.strip()))

    @on(Input.Submitted, "#open-path")
    def _open(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.post_message(EventChosen("open", event.value.strip()))

    @on(Button.Pressed, "#demo")
    def action_demo(self) -> None:
        self.post_message(EventChosen("demo"))

    def action_quit(self) -> None:
        self.app.exit(0)
