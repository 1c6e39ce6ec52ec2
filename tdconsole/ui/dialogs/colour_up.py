"""The colour-up's board (a Decision, Art. VII.1; the command: ``domain.slices.colour_up``):
every player in play counted again, each stack rounded up to the next chip (proposed, the
Director types what he counts); each table's change shown against what the rounding allows."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label

from tdconsole.domain.events import Command
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.slices.colour_up import SLICE, ColourUp, Recount
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows
from tdconsole.ui.i18n import Translator, chips


class ColourUpDialog(Dialog):
    """Its board (``Recount``) is handed over as it is opened: it reads nothing else."""

    HEADING = SLICE.heading
    ARTICLES = SLICE.articles

    def __init__(self, tr: Translator, board: Recount) -> None:
        super().__init__(tr)
        self.board = board

    def body(self) -> ComposeResult:
        board = self.board
        yield Label(
            self.tr(
                "The {old} chips leave play: each stack rounded up to a {new} chip.",
                old=chips(board.unit),
                new=chips(board.chip),
            ),
            classes="hint",
        )
        names = [name for name, _table, _chips in board.players]
        values = {name: proposed for name, _table, proposed in board.players}
        labels = {
            name: f"{self.tr('Table {table}', table=table)} · {name}"
            for name, table, _chips in board.players
        }
        yield CountRows(names, values, labels, id="counts")
        override = next(field for field in SLICE.fields if field.name == "override")
        yield Input(placeholder=self.tr.say(override.label), id="override")

    def update_note(self) -> None:
        counts = self.query_one("#counts", CountRows).counts(partial=True)
        note = Text()
        for number, change, most in self.board.changes(counts):
            line = self.tr(
                "Table {table}: {change} (rounding up adds 0 to {most})",
                table=number,
                change=chips_change(change),
                most=chips_text(most),
            )
            note.append(line + "\n", style="green" if 0 <= change <= most else "bold red")
        self.set_note(note)

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts()
        override = self.query_one("#override", Input).value.strip() or None
        return ColourUp(counts=counts, override=override)
