"""Registration: names typed in, past the cap onto the waiting list (Art. I.1-I.2)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.registration import Register
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog


def split_names(raw: str) -> list[str]:
    """Names separated by commas or semicolons; a name may contain spaces."""
    parts = raw.replace(";", ",").split(",")
    return [p.strip() for p in parts if p.strip()]


class RegisterDialog(Dialog):
    HEADING = _("Register")
    ARTICLES = ("I.1", "I.2")

    def body(self) -> ComposeResult:
        yield Input(placeholder=self.tr("Names, one per line or separated by commas"), id="names")

    def command(self) -> Command | None:
        names = split_names(self.query_one("#names", Input).value)
        return Register(names=names) if names else None
