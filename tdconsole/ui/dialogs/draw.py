"""The seat draw by cards (Art. II.1-II.4)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.seating import Draw
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int

TABLES = _("Number of tables")
TABLES_FIELD = _("Number of tables (empty: the fewest, of 6 to 8 players each)")
DRAW_NUMBER = _("Draw number")
DRAW_NUMBER_FIELD = _("Draw number (empty: at random; only to repeat a draw)")
"""The fields' words: what to type, and what leaving it empty does (II.1, II.2)."""


class DrawDialog(Dialog):
    """Closes once the draw is recorded: the tables tab shows every seat, and the seat slips
    print with p (the notice says so)."""

    HEADING = _("Seat draw")
    ARTICLES = ("II.1", "II.2", "II.3", "II.4")

    def body(self) -> ComposeResult:
        yield Input(placeholder=self.tr.say(TABLES_FIELD), id="tables")
        yield Input(placeholder=self.tr.say(DRAW_NUMBER_FIELD), id="seed")

    def command(self) -> Command | None:
        if self.state.phase != "registration":
            return None
        tables = parse_int(self.query_one("#tables", Input).value, TABLES, required=False)
        seed = parse_int(self.query_one("#seed", Input).value, DRAW_NUMBER, required=False)
        return Draw(tables=tables, seed=seed)
