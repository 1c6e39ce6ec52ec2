"""A prize handed over (Art. I.7): the Director confirms the player and the amount, Enter records
it (due becomes paid) and the receipt to sign is written; Escape changes nothing."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from tdconsole.domain.events import Command
from tdconsole.domain.handover import HandOverPrize
from tdconsole.domain.numbers import money_shown
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.state import Player, State
from tdconsole.i18n import _
from tdconsole.reports import receipt_filename
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import PrintRequested


class HandOverDialog(Dialog):
    HEADING = _("Hand over the prize")
    ARTICLES = ("I.7", "V.1")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "submit", show=False)]

    def __init__(
        self, tr: Translator, state: State, player: Player, folder: Path | None = None
    ) -> None:
        super().__init__(tr, state)
        self.player = player
        self.folder = folder
        """Where the receipt is written: the event's print folder."""

    def named_players(self) -> list[str]:
        return [self.player.name]

    def body(self) -> ComposeResult:
        tr, player = self.tr, self.player
        amount = money_shown(player.prize or Decimal(0), self.state.settings.currency)
        line = Text(tr("Hand {name} his prize?", name=player.name) + "\n\n")
        line.append(tr.say(ordinal(player.place or 0)), style="bold")
        line.append("  ")
        line.append(player.name, style="bold")  # as registered: Text, never markup
        line.append("  ")
        line.append(amount, style="bold")
        line.append("\n\n" + tr("Enter: handed over, its receipt written · Esc: not yet"))
        yield Static(line, id="hand-over-words")

    def first_focus(self) -> Widget | None:
        return self.query_one("#ok", Button)

    def ok_label(self) -> str:
        return self.tr("Handed over")

    def command(self) -> Command | None:
        return HandOverPrize(name=self.player.name)

    def then(self) -> Message | None:
        player = self.player
        path = Path(receipt_filename(player.place or 0, player.name, "pdf", self.tr.lang))
        if self.folder is not None:
            path = self.folder / path
        return PrintRequested("receipts", "pdf", path, (player.name,))
