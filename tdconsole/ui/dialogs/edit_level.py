"""Edit a level not yet played: blinds, ante, minutes, the break after it (Art. III.5: the
levels played and the current one are frozen). The next levels are shown as they stand."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Static

from tdconsole.domain.clock_events import EditLevel
from tdconsole.domain.events import Command
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.i18n import Translator, chips

SHOWN = 6
"""How many periods (levels and breaks) the dialog lists, from the current one."""

FIELDS = (
    ("level", _("Level")),
    ("bb", _("Big blind")),
    ("ante", _("Ante")),
    ("minutes", _("Minutes")),
    ("break", _("Break after it (minutes, 0: none)")),
)


class EditLevelDialog(Dialog):
    HEADING = _("Edit a level")
    ARTICLES = ("III.5",)

    def __init__(self, tr: Translator, state: State, current: int) -> None:
        super().__init__(tr, state)
        self.current = current
        """The period index the clock is in (it and those before are frozen)."""

    def body(self) -> ComposeResult:
        yield Static(self.levels(), id="levels")
        level = self.next_level()
        for key, label in FIELDS:
            value = "" if key != "level" or level is None else str(level)
            with Horizontal(classes="calc-field"):
                yield Label(self.tr.say(label), classes="calc-label")
                yield Input(value, id=key, compact=True)
        yield Label(self.tr("Empty fields stay as they are"), classes="hint")

    def first_focus(self) -> Input:
        return self.query_one("#bb", Input)

    def next_level(self) -> int | None:
        structure = self.state.structure
        if structure is None:
            return None
        for period in structure.periods(SHOWN, start=self.current + 1):
            if not period.is_break:
                return int(period.level)
        return None

    def levels(self) -> RichTable:
        tr = self.tr
        table = RichTable(box=None, padding=(0, 1), show_edge=False)
        for heading in ("", tr("Level"), tr("Blinds"), tr("Ante"), tr("Minutes")):
            table.add_column(heading, justify="right")
        structure = self.state.structure
        if structure is None:
            return table
        start = max(0, self.current)
        for period in structure.periods(SHOWN, start=start):
            mark = "▶" if period.index == self.current else ""
            style = "dim" if period.index <= self.current else ""
            if period.is_break:
                row = [mark, tr("Break"), "", "", str(period.minutes)]
            else:
                blinds = f"{chips(period.small_blind)} / {chips(period.big_blind)}"
                row = [
                    mark,
                    str(period.level),
                    blinds,
                    chips(period.ante or None),
                    str(period.minutes),
                ]
            table.add_row(*[Text(cell, style=style) for cell in row])
        return table

    def show(self, state: State) -> None:
        super().show(state)
        self.query_one("#levels", Static).update(self.levels())

    def command(self) -> Command | None:
        def number(key: str, what: str) -> int | None:
            return parse_int(self.query_one(f"#{key}", Input).value, what, required=False)

        level = number("level", "level")
        if level is None:
            return None
        edit = EditLevel(
            level=level,
            big_blind=number("bb", "big blind"),
            ante=number("ante", "ante"),
            minutes=number("minutes", "minutes"),
            break_minutes=number("break", "break"),
        )
        return edit
