"""The seat draw by cards (Art. II.1-II.4)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.seating import Draw
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int


class DrawDialog(Dialog):
    """Closes once the draw is recorded: the tables tab shows every seat, and the seat slips
    print with p (the notice says so)."""

    HEADING = _("Seat draw")
    ARTICLES = ("II.1", "II.2", "II.3", "II.4")

    def body(self) -> ComposeResult:
        yield Input(placeholder=self.tr("Number of tables (empty: the fewest of 6-8)"), id="tables")
        yield Input(
            placeholder=self.tr("Draw number, to repeat a draw (empty: at random)"), id="seed"
        )

    def command(self) -> Command | None:
        if self.state.phase != "registration":
            return None
        tables = parse_int(self.query_one("#tables", Input).value, "tables", required=False)
        seed = parse_int(self.query_one("#seed", Input).value, "seed", required=False)
        return Draw(tables=tables, seed=seed)
