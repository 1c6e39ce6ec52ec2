"""``?``: every key of this console, and the command palette."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.screens.backdrop import Backdrop

KEY_NAMES = {
    "plus": "+",
    "minus": "-",
    "slash": "/",
    "question_mark": "?",
    "exclamation_mark": "!",
}


class KeysScreen(Backdrop):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", str(_("Close"))),
        Binding("question_mark", "close", str(_("Close"))),
        Binding("q", "close", str(_("Close"))),
    ]

    def __init__(self, tr: Translator, keys: list[tuple[str, Msg]]) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.keys = keys

    def compose(self) -> ComposeResult:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        names = {**KEY_NAMES, "space": self.tr.pgettext("key", "space")}
        rows = [(names.get(k, k), self.tr.say(label)) for k, label in self.keys]
        rows += [
            (
                "1-6",
                " · ".join(
                    (
                        self.tr("Tables"),
                        self.tr("Players"),
                        self.tr("Prizes"),
                        self.tr("Standings"),
                        self.tr("Rulebook"),
                        self.tr("Season"),
                    )
                ),
            ),
            ("←→↑↓", self.tr("Seat")),
            ("F1", self.tr("Rulebook")),
            ("ctrl+p", self.tr("Command palette: every action, player and table")),
        ]
        half = -(-len(rows) // 2)
        for i in range(half):
            left = rows[i]
            right = rows[i + half] if i + half < len(rows) else ("", "")
            grid.add_row(Text(left[0]), Text(left[1]), Text(right[0]), Text(right[1]))
        with Vertical(classes="dialog keys") as box:
            box.border_title = self.tr("All keys")
            box.border_subtitle = "Esc"
            with VerticalScroll():
                yield Static(grid)

    def action_close(self) -> None:
        self.dismiss(None)
