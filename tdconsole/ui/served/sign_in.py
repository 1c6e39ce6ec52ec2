"""The first screen of a served floor session: the floor PIN and the staff member's name.

Nothing else is reachable before it: the session acts as the name typed (``--as``), on the
floor's role, once the App has checked the PIN (``ServedApp.sign_in``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from tdconsole.domain.errors import RuleError
from tdconsole.ui.i18n import Translator

STYLESHEET = str(Path(__file__).with_name("served.tcss"))

SignIn = Callable[[str, str], None]
"""Checks the PIN and the name and opens the floor; raises RuleError when refused."""


class SignInScreen(Screen[None]):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        # Enter acts as the App reads it, before the keys typed after it are handed to a
        # widget: a name typed at once after the PIN's Enter lands in the name field (the PIN
        # field takes digits only and would drop its letters).
        Binding("enter", "enter", show=False, priority=True),
    ]

    def __init__(self, tr: Translator, sign_in: SignIn, *, needs_pin: bool) -> None:
        super().__init__()
        self.tr = tr
        self.sign_in = sign_in
        self.needs_pin = needs_pin

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(id="sign-in"):
            prompt = (
                tr("Type the floor PIN and your name") if self.needs_pin else tr("Type your name")
            )
            yield Static(Text(tr("tdconsole — Floor"), style="bold"), id="sign-in-title")
            yield Static(Text(prompt), id="sign-in-prompt")
            if self.needs_pin:
                yield Input(
                    placeholder=tr("Floor PIN"),
                    password=True,
                    type="integer",
                    max_length=12,
                    id="pin",
                )
            yield Input(placeholder=tr("Your name"), max_length=40, id="name")
            yield Button(tr("Enter"), variant="primary", id="enter")
            yield Static(id="sign-in-note")

    def on_mount(self) -> None:
        self.query(Input).first().focus()

    def action_enter(self) -> None:
        """Enter: from the PIN to the name at once; anywhere else, sign in."""
        if self.needs_pin and self.focused is self.query_one("#pin", Input):
            self.set_focus(self.query_one("#name", Input))
        else:
            self._enter()

    @on(Button.Pressed, "#enter")
    def _pressed(self) -> None:
        self._enter()

    def _enter(self) -> None:
        pin = self.query_one("#pin", Input).value if self.needs_pin else ""
        name = self.query_one("#name", Input).value
        try:
            self.sign_in(pin, name)
        except RuleError as exc:
            self.refused(exc.text(self.tr.lang))

    def refused(self, text: str) -> None:
        self.query_one("#sign-in-note", Static).update(Text(text, style="bold"))
        if self.needs_pin:
            pin = self.query_one("#pin", Input)
            pin.value = ""
            pin.focus()
