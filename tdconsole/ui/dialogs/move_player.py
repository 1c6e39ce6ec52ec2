"""The Director moves one player (a broken seat, a dispute) with his counted chips, for a reason
the log keeps (Art. VII.1). Not a closing: the regulation's closings are the close dialog."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from tdconsole.domain.director_moves import MovePlayer
from tdconsole.domain.events import Command
from tdconsole.domain.state import State
from tdconsole.i18n import Msg, _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator


class MovePlayerDialog(Dialog):
    HEADING = _("Move a player")
    ARTICLES = ("VII.1", "IV.3")

    def __init__(self, tr: Translator, state: State, name: str | None) -> None:
        super().__init__(tr, state)
        self.player_name = name

    def title_text(self) -> str:
        if self.player_name:
            title = self.tr("Move {name}", name=self.player_name)
            return self.tr.cite(title, self.ARTICLES)
        return super().title_text()

    def body(self) -> ComposeResult:
        player = self.state.find(self.player_name) if self.player_name else None
        chips = "" if player is None or player.chips is None else str(player.chips)
        yield self.player_input(self.player_name or "")
        for key, label, value in (
            ("to-table", _("To table"), ""),
            ("to-seat", _("To seat"), ""),
            ("chips", _("Chips (counted)"), chips),
            ("reason", _("Reason (kept in the log)"), ""),
        ):
            with Horizontal(classes="calc-field"):
                yield Label(self.tr.say(label), classes="calc-label")
                yield Input(value, id=key, compact=True)
        hint = self.tr(
            "The Director's decision, not a closing: the player goes with his counted chips."
        )
        yield Label(hint, classes="hint")

    def command(self) -> Command | None:
        def number(key: str, label: Msg, required: bool = True) -> int | None:
            raw = self.query_one(f"#{key}", Input).value
            return parse_int(raw, self.tr.say(label), required=required)

        table = number("to-table", _("To table"))
        seat = number("to-seat", _("To seat"))
        assert table is not None and seat is not None
        return MovePlayer(
            name=self.query_one("#name", Input).value.strip(),
            table=table,
            seat=seat,
            chips=number("chips", _("Chips (counted)"), required=False),
            reason=self.query_one("#reason", Input).value,
        )
