"""The Director's PIN, asked before a Director-only action from a served view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, say_bindings

STYLESHEET = str(Path(__file__).with_name("served.tcss"))


class DirectorPinDialog(ModalScreen[None]):
    """Closes when ``check(pin)`` accepts the PIN and the action ran; stays with the refusal."""

    CSS_PATH = STYLESHEET
    BINDINGS = [Binding("escape", "cancel", str(_("Cancel")))]  # noqa: RUF012

    def __init__(self, tr: Translator, what: str, check: Callable[[str], None]) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.what = what
        self.check = check

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(id="director-pin"):
            yield Static(Text(tr("The Director's PIN, for: {what}", what=self.what)))
            yield Input(
                placeholder=tr("Director PIN"),
                password=True,
                type="integer",
                max_length=12,
                id="director-pin-input",
            )
            with Horizontal(classes="served-row"):
                yield Button(tr("OK"), variant="primary", id="director-ok")
                yield Button(tr("Cancel"), id="director-cancel")
            yield Static(id="director-note")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#director-ok")
    def _ok(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        field = self.query_one(Input)
        try:
            self.check(field.value)
        except RuleError as exc:
            field.value = ""
            self.query_one("#director-note", Static).update(
                Text(exc.text(self.tr.lang), style="bold")
            )
            return
        self.dismiss(None)

    @on(Button.Pressed, "#director-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
