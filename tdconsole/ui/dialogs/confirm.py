"""The one confirmation of the console's one-key actions that change the night (withdraw, pay,
food, undo, redo, the clock's level and time, quit): what the key will do, said with the player
or the action it names; Enter confirms, Escape changes nothing.

A letter typed into it is a word meant for somewhere else (a name typed while the console, not
a field, had the keys): it confirms nothing, and Enter then only closes the dialog.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Label

from tdconsole.i18n import Msg, _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator


class ConfirmDialog(Dialog):
    """``question`` asked; Enter (or OK) sends ``request`` up, Escape closes it unsent."""

    HEADING: ClassVar[Msg] = _("Confirm")

    def __init__(
        self,
        tr: Translator,
        heading: str,
        question: str,
        request: Message,
        articles: tuple[str, ...] = (),
    ) -> None:
        self.heading = heading
        self.cited = articles
        self.question = question
        self.request = request
        self.stray = ""
        """Letters typed into the dialog: it then confirms nothing."""
        super().__init__(tr)

    def title_text(self) -> str:
        return self.tr.cite(self.heading, self.cited) if self.cited else self.heading

    def articles(self) -> tuple[str, ...]:
        return self.cited

    def body(self) -> ComposeResult:
        yield Label(Text(self.question), id="question")
        yield Label(self.tr("Enter confirms · Escape changes nothing"), classes="hint")

    def ok_label(self) -> str:
        return self.tr("Confirm")

    def first_focus(self) -> Widget | None:
        return self.query_one("#ok", Button)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """What is typed here is noted, never an answer (``on_key``; ``ui.keyboard``)."""
        return character is not None and character.isprintable() and key not in ("space", "enter")

    def on_key(self, event: events.Key) -> None:
        if self.check_consume_key(event.key, event.character):
            event.stop()
            event.prevent_default()
            self.stray += event.character or ""
            self.set_note(
                Text(
                    self.tr(
                        "Typed here: {typed} — nothing will be done; Enter or Escape closes",
                        typed=self.stray,
                    ),
                    style="bold",
                )
            )

    def action_submit(self) -> None:
        if not self.stray:
            self.app.post_message(self.request)
        self.dismiss(None)
