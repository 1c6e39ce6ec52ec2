"""A setting changed by the Director, logged with his name (Art. VII.1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input, Static

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.registration import ChangeSettings
from tdconsole.ui.dialogs.base import Dialog

COMMON = ("director", "language", "table_seats", "close_at", "auto_announce", "chip_unit")
"""The settings a Director changes during an event; any other key works too (``set``)."""


class SettingsDialog(Dialog):
    TITLE_KEY = "Settings"
    ARTICLES = ("VII.1",)

    def body(self) -> ComposeResult:
        flat = self.state.settings.flat()
        known = "  ".join(f"{k}={flat[k]}" for k in COMMON if k in flat)
        yield Static(known, classes="hint", markup=False)
        yield Input(placeholder=self.tr("setting=value"), id="assignment")

    def command(self) -> Command | None:
        raw = self.query_one("#assignment", Input).value.strip()
        if not raw:
            return None
        pairs = []
        for item in raw.split():
            key, sep, value = item.partition("=")
            if not sep or not key or not value:
                raise RuleError(f"{item!r}: write KEY=VALUE")
            pairs.append((key, value))
        return ChangeSettings(assignments=pairs)
