"""The colour-up (a Decision, Art. VII.1): the smallest chip leaves play, every player in play
is counted again, each stack rounded up to the next chip (proposed, the Director types what he
counts); each table's change is shown against what the rounding allows."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label

from tdconsole.domain.colour_up import ColourUp, rounded_up
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.counts import CountRows
from tdconsole.ui.i18n import Translator, chips


class ColourUpDialog(Dialog):
    HEADING = _("Colour-up")
    ARTICLES = ("VII.1",)

    def __init__(self, tr: Translator, state: State, chip: int) -> None:
        super().__init__(tr, state)
        self.chip = chip

    def body(self) -> ComposeResult:
        unit = self.state.settings.stacks.chip_unit
        yield Label(
            self.tr(
                "The {old} chips leave play: each stack rounded up to a {new} chip.",
                old=chips(unit),
                new=chips(self.chip),
            ),
            classes="hint",
        )
        players = self.state.in_players()
        values: dict[str, int | None] = {
            p.name: None if p.chips is None else rounded_up(p.chips, self.chip) for p in players
        }
        labels = {p.name: f"{self.tr('Table {table}', table=p.table)} · {p.name}" for p in players}
        yield CountRows([p.name for p in players], values, labels, id="counts")
        yield Input(
            placeholder=self.tr("Reason to accept other counts (only if needed)"), id="override"
        )

    def update_note(self) -> None:
        counts = self.query_one("#counts", CountRows).counts(partial=True)
        unit = self.state.settings.stacks.chip_unit
        note = Text()
        for table in self.state.open_tables():
            players = self.state.players_at(table)
            if not all(p.name in counts for p in players):
                continue
            change = sum(counts[p.name] for p in players) - table.chips
            most = len(players) * (self.chip - unit)
            style = "green" if 0 <= change <= most else "bold red"
            line = self.tr(
                "Table {table}: {change} (rounding up adds 0 to {most})",
                table=table.number,
                change=chips_change(change),
                most=chips_text(most),
            )
            note.append(line + "\n", style=style)
        self.set_note(note)

    def command(self) -> Command | None:
        try:
            counts = self.query_one("#counts", CountRows).counts()
        except RuleError:
            raise
        override = self.query_one("#override", Input).value.strip() or None
        return ColourUp(counts=counts, override=override)
