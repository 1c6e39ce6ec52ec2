"""The Director's message to the room (Art. VII.1): its text and, if it should go by itself,
its minutes; Enter shows it on every screen, the text emptied takes the one shown off, Escape
changes nothing."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.room_message import ClearMessage, ShowMessage
from tdconsole.domain.texts import MESSAGE_LIMIT
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int


class RoomMessageDialog(Dialog):
    HEADING = _("Message to the room")
    ARTICLES = ("VII.1",)

    def body(self) -> ComposeResult:
        shown = self.state.message
        yield Input(
            shown.text if shown is not None else "",
            placeholder=self.tr("Message (empty: take it off the screens)"),
            id="message",
            max_length=MESSAGE_LIMIT,
        )
        yield Input(placeholder=self.tr("Minutes (empty: until cleared)"), id="minutes")

    def ok_label(self) -> str:
        return self.tr("Show")

    def command(self) -> Command | None:
        text = self.query_one("#message", Input).value.strip()
        if not text and self.state.message is not None:
            return ClearMessage()
        minutes = parse_int(self.query_one("#minutes", Input).value, _("minutes"), required=False)
        return ShowMessage(message=text, minutes=minutes)
