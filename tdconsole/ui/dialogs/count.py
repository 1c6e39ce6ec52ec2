"""Chip counts at one table (the command: ``domain.slices.count``): change the counts that
changed (Art. III.3 uses them), the sum against the chips the table holds."""

from __future__ import annotations

from textual.app import ComposeResult

from tdconsole.domain.events import Command
from tdconsole.domain.slices.count import SLICE, Count, TableCount
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.i18n import Translator, table_name


class CountDialog(Dialog):
    """Its table's counts (``TableCount``) are handed over as it is opened: it reads nothing
    else."""

    HEADING = SLICE.heading
    ARTICLES = SLICE.articles

    def __init__(self, tr: Translator, board: TableCount) -> None:
        super().__init__(tr)
        self.board = board

    def title_text(self) -> str:
        board = self.board
        return f"{table_name(self.tr, board.number, board.final)} · {super().title_text()}"

    def body(self) -> ComposeResult:
        players = self.board.players
        yield CountRows([name for name, _chips in players], dict(players), {}, id="counts")

    def update_note(self) -> None:
        """The running total against the chips the table holds (as the closing dialog)."""
        total = sum(self.query_one("#counts", CountRows).counts(partial=True).values())
        self.set_note(sum_line(self.tr, total, self.board.chips))

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts(partial=True)
        before = dict(self.board.players)
        changed = {n: c for n, c in counts.items() if before.get(n) != c}
        return Count(counts=changed) if changed else None
