"""The blind structure (Art. III.1, III.5): every level as a row, edited in place.

Before ``start`` the screen proposes the structure from the players and the start time
(``structure_proposal``), previews it as the clock will run it, and starts the tournament with
it. After ``start`` it shows the levels from the current one on; a level not yet played is
edited in its row (``clock edit``: ``EditLevel``), and a break is inserted or removed after any
level not yet played. The levels played and the current one are frozen (III.5); the domain
refuses, and the refusal is said in the console's language.

This module holds the screen's layout, bindings and edits; the structure it shows (proposed,
drafted, planned, drawn as rows and summed up) is ``structure_rows.StructureRows``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import DataTable, Input, Label, Static

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.domain.play import Start
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import parse_int
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import CommandRequested, RulesRequested
from tdconsole.ui.screens.backdrop import StillBeneath
from tdconsole.ui.screens.base import STYLESHEET
from tdconsole.ui.screens.structure_rows import FIELDS, StructureRows
from tdconsole.ui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from tdconsole.domain.clock import PlanRow
    from tdconsole.domain.console_view import Planned
    from tdconsole.service import Tournament


@dataclass(frozen=True)
class Cell:
    """What an edit of a row's cell changes: ``what`` is bb, ante, minutes or break."""

    level: int
    what: str
    value: int


class StructureScreen(StructureRows, StillBeneath):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", str(_("Close"))),
        Binding("enter", "edit", str(_("Edit"))),
        Binding("p", "insert_break", str(_("Break after"))),
        Binding("delete", "remove_break", str(_("Remove break"))),
        Binding("r", "propose", str(_("Propose"))),
        Binding("ctrl+g", "start", str(_("Start tournament"))),
        Binding("f1", "rules", str(_("Rules"))),
    ]
    COLUMNS = ("Level", "Blinds", "Ante", "Min", "From", "To", "Avg BB", "Note")
    WIDTHS = (7, 17, 5, 4, 5, 5, 7, None)

    state: Planned
    """The event as the service gives it to this screen (``Tournament.planned``)."""

    def __init__(self, tr: Translator, state: Planned, now: datetime) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.state = state
        self.now = now
        self.current = -1
        self.opened_started = state.structure is not None
        """Whether the tournament had started when the screen opened (its two forms)."""
        """The clock's current period (-1 before the start)."""
        self.breaks: dict[int, int] = {}
        self.edits: dict[int, dict[str, int]] = {}
        """Before the start: edits of single levels (``LevelOverride`` fields)."""
        self.rows: list[PlanRow] = []
        self.editing: tuple[int, str] | None = None
        self._last_bb = 0
        """The first big blind last typed (the second follows it, see ``_second_follows``)."""

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(id="structure-box") as box:
            box.border_title = tr.cite(tr("Structure"), ["III.1", "III.5"])
            if not self.started:
                values = self._proposal()
                with Grid(id="structure-fields"):
                    for key, label in FIELDS:
                        yield Label(tr.say(label), classes="structure-label")
                        yield Input(values[key], id=f"f-{key}", compact=True)
            yield Static(id="structure-summary")
            yield DataTable(id="structure-table", cursor_type="cell", zebra_stripes=True)
            with Horizontal(id="structure-edit"):
                yield Label("", id="edit-label")
                yield Input(id="edit-value", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#structure-edit", Horizontal).display = False
        table: DataTable[Text] = self.query_one("#structure-table", DataTable)
        tr = self.tr
        headings = (
            tr("Level"),
            tr("Blinds"),
            tr("Ante"),
            tr("Min"),
            tr("From"),
            tr("To"),
            tr("Avg BB"),
            tr("Note"),
        )
        for key, heading, width in zip(self.COLUMNS, headings, self.WIDTHS, strict=True):
            table.add_column(heading, key=key, width=width)
        self.refresh_rows()
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what applies: no start (nor a proposal) once started, no edit once over."""
        if self.started and action in ("start", "propose"):
            return False
        return not (self.finished and action in ("edit", "insert_break", "remove_break"))

    # -- attributes down -------------------------------------------------------------------
    def show_event(self, event: Tournament[Any]) -> None:
        self.show(event.planned())

    def show(self, state: Planned) -> None:
        self.state = state
        self.now = getattr(self.app, "clock", lambda: self.now)()
        if self.started != (state.structure is not None):
            self.dismiss_screen()
            return
        self.refresh_rows()

    def dismiss_screen(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()

    @on(Input.Changed, "#structure-fields Input")
    def _field_changed(self, event: Input.Changed) -> None:
        if event.input.id == "f-bb":
            self._second_follows(event.value)
        self.refresh_rows()

    def _second_follows(self, raw: str) -> None:
        """The second big blind keeps the settings' factor while it has not been changed."""
        factor = self.state.settings.clock.second_bb_factor
        second = self.query_one("#f-second", Input)
        try:
            new = whole_number(raw, "")
            old = whole_number(second.value, "")
        except RuleError:
            return
        if old == self._last_bb * factor:
            with self.prevent(Input.Changed):
                second.value = str(new * factor)
        self._last_bb = new

    # -- the row under the cursor ----------------------------------------------------------
    def _row(self) -> PlanRow | None:
        table = self.query_one("#structure-table", DataTable)
        if not self.rows or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def _column(self) -> str:
        table = self.query_one("#structure-table", DataTable)
        return self.COLUMNS[table.cursor_column]

    @on(DataTable.CellSelected)
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.action_edit()

    def action_edit(self) -> None:
        row = self._row()
        if row is None:
            return
        column = self._column()
        tr, level = self.tr, row.level
        if row.is_break:
            what, value = "break", row.minutes
            title = tr("Break after level {level}, minutes", level=level)
        elif column == "Ante":
            what, value = "ante", row.ante
            title = tr("Level {level} · Ante", level=level)
        elif column == "Min":
            what, value = "minutes", row.minutes
            title = tr("Level {level} · Minutes", level=level)
        else:
            what, value = "bb", row.big_blind
            title = tr("Level {level} · Big blind", level=level)
        self.editing = (row.level, what)
        edit = self.query_one("#structure-edit", Horizontal)
        self.query_one("#edit-label", Label).update(title)
        field = self.query_one("#edit-value", Input)
        field.value = str(value)
        edit.display = True
        field.focus()

    @on(Input.Submitted, "#edit-value")
    def _edit_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.editing is None:
            return
        level, what = self.editing
        try:
            value = parse_int(event.value, self.query_one("#edit-label", Label).content.__str__())
            assert value is not None
            self.apply(Cell(level, what, value))
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)
            return
        self.close_edit()

    def close_edit(self) -> None:
        self.editing = None
        self.query_one("#structure-edit", Horizontal).display = False
        self.query_one("#structure-table", DataTable).focus()

    def apply(self, cell: Cell) -> None:
        """One change: a command after the start, the draft (checked at once) before it."""
        if self.started:
            self.post_message(self.level_edit(cell))
            return
        breaks, edits = dict(self.breaks), {k: dict(v) for k, v in self.edits.items()}
        if cell.what == "break":
            if cell.value == 0:
                breaks.pop(cell.level, None)
            else:
                breaks[cell.level] = cell.value
        elif cell.level == 1 and cell.what in ("bb", "minutes"):
            field = "#f-bb" if cell.what == "bb" else "#f-first"
            self.query_one(field, Input).value = str(cell.value)
            return
        elif cell.level == 2 and cell.what == "bb":
            self.query_one("#f-second", Input).value = str(cell.value)
            return
        else:
            edits.setdefault(cell.level, {})[cell.what] = cell.value
        old = self.breaks, self.edits
        self.breaks, self.edits = breaks, edits
        try:
            self.draft()
        except RuleError:
            self.breaks, self.edits = old
            raise
        self.refresh_rows()

    def level_edit(self, cell: Cell) -> CommandRequested:
        """The command of a change after the start (``clock edit``)."""
        fields: dict[str, Any] = {
            "bb": {"big_blind": cell.value},
            "ante": {"ante": cell.value},
            "minutes": {"minutes": cell.value},
            "break": {"break_minutes": cell.value},
        }[cell.what]
        return CommandRequested(EditLevel(level=cell.level, **fields))

    def action_insert_break(self) -> None:
        row = self._row()
        if row is None:
            return
        minutes = self.state.settings.clock.break_minutes
        question = self.tr(
            "Insert a break of {minutes} minutes after level {level}?",
            minutes=minutes,
            level=row.level,
        )
        self._one_key(Cell(row.level, "break", minutes), self.tr("Break after"), question)

    def action_remove_break(self) -> None:
        row = self._row()
        if row is None or not row.is_break:
            self.notify(self.tr("Put the cursor on a break to remove it"), severity="warning")
            return
        question = self.tr("Remove the break after level {level}?", level=row.level)
        self._one_key(Cell(row.level, "break", 0), self.tr("Remove break"), question)

    def _one_key(self, cell: Cell, heading: str, question: str) -> None:
        """A change of one key: after the start it changes the night, so it is asked first
        (the console's one question, ``ConfirmDialog``); before, it changes the draft."""
        try:
            if self.started:
                command = self.level_edit(cell)
                dialog = ConfirmDialog(self.tr, heading, question, command, ("III.5",))
                self.app.push_screen(dialog)
                return
            self.apply(cell)
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)

    def action_propose(self) -> None:
        if self.started:
            self.notify(self.tr("The tournament has started: edit the levels not yet played"))
            return
        try:
            stack = self._field("stack")
            at = self.query_one("#f-at", Input).value
            self._start_at(at)
            values = self._proposal(stack, at)
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)
            return
        with self.prevent(Input.Changed):
            for key, value in values.items():
                self.query_one(f"#f-{key}", Input).value = value
        self.refresh_rows()

    def action_start(self) -> None:
        """Start the tournament with this structure (Art. III.1, III.5)."""

        if self.started:
            self.notify(self.tr("The tournament has already started"), severity="warning")
            return
        try:
            structure = self.draft()
            command = Start(
                stack=self._field("stack"),
                big_blind=self._field("bb"),
                first_minutes=self._field("first"),
                second_big_blind=self._field("second"),
                minutes=self._field("minutes"),
                breaks=dict(structure.breaks),
                levels={k: dict(v) for k, v in self.edits.items()},
            )
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)
            return
        self.post_message(CommandRequested(command))

    def action_rules(self) -> None:
        self.post_message(RulesRequested("III.5"))
        self.app.pop_screen()

    def action_close(self) -> None:
        if self.editing is not None:
            self.close_edit()
            return
        self.app.pop_screen()
