"""The time left on the clock, set to what the room's clock must show (Art. III.5): the same
command as ``tdconsole clock set MM:SS``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator


class ClockSetDialog(Dialog):
    HEADING = _("Set the clock")
    ARTICLES = ("III.5",)

    def __init__(self, tr: Translator, left: str = "") -> None:
        super().__init__(tr)
        self.left = left

    def body(self) -> ComposeResult:
        yield Input(self.left, placeholder=self.tr("Time left (MM:SS)"), id="left")

    def command(self) -> Command | None:
        raw = self.query_one("#left", Input).value
        if not raw.strip():
            raise RuleError(_("type the time left as MM:SS, e.g. 12:00"), "III.5")
        return ClockControl.model_validate({"action": "set", "value": raw})  # as `clock set`

    def ok_label(self) -> str:
        return self.tr("Set the clock")
