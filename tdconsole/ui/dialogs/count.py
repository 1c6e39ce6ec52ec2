"""Chip counts at one table: change the counts that changed (Art. III.3 uses them)."""

from __future__ import annotations

from textual.app import ComposeResult

from tdconsole.domain.events import Command
from tdconsole.domain.play import Count
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.i18n import Translator, table_name


class CountDialog(Dialog):
    HEADING = _("Count")
    ARTICLES = ("III.3",)

    def __init__(self, tr: Translator, state: State, table: int) -> None:
        super().__init__(tr, state)
        self.table = table
        self.players = state.players_at(state.tables[table])

    def title_text(self) -> str:
        final = self.state.tables[self.table].final
        return f"{table_name(self.tr, self.table, final)} · {super().title_text()}"

    def body(self) -> ComposeResult:
        yield CountRows(
            [p.name for p in self.players], {p.name: p.chips for p in self.players}, {}, id="counts"
        )

    def update_note(self) -> None:
        """The running total against the chips the table holds (as the closing dialog)."""
        table = self.state.tables[self.table]
        total = sum(self.query_one("#counts", CountRows).counts(partial=True).values())
        self.set_note(sum_line(self.tr, total, table.chips))

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts(partial=True)
        before = {p.name: p.chips for p in self.players}
        changed = {n: c for n, c in counts.items() if before.get(n) != c}
        return Count(counts=changed) if changed else None
