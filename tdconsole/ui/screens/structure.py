"""The blind structure (Art. III.1, III.5): every level as a row, edited in place.

Before ``start`` the screen proposes the structure from the players and the start time
(``structure_proposal``), previews it as the clock will run it, and starts the tournament with
it. After ``start`` it shows the levels from the current one on; a level not yet played is
edited in its row (``clock edit``: ``EditLevel``), and a break is inserted or removed after any
level not yet played. The levels played and the current one are frozen (III.5); the domain
refuses, and the refusal is said in the console's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Label, Static

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import parse_int
from tdconsole.ui.i18n import Translator, chips, say_bindings
from tdconsole.ui.messages import CommandRequested, RulesRequested
from tdconsole.ui.screens.base import STYLESHEET

if TYPE_CHECKING:
    from tdconsole.domain.clock import PlanRow, Structure
    from tdconsole.domain.state import State

LEVELS = 24
"""Levels shown (breaks come as extra rows)."""

# (field id, label) of the structure before the start: what ``start`` takes (III.1, III.5).
FIELDS = (
    ("stack", _("Starting stack")),
    ("bb", _("First big blind")),
    ("first", _("First level, minutes")),
    ("second", _("Second big blind")),
    ("minutes", _("Later levels, minutes")),
    ("at", _("Start (HH:MM)")),
    ("players", _("Players")),
)


@dataclass(frozen=True)
class Cell:
    """What an edit of a row's cell changes: ``what`` is bb, ante, minutes or break."""

    level: int
    what: str
    value: int


def _hhmm(moment: datetime) -> str:
    return f"{moment.astimezone():%H:%M}"


class StructureScreen(Screen[None]):
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

    def __init__(self, tr: Translator, state: State, now: datetime) -> None:
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

    @property
    def started(self) -> bool:
        return self.opened_started

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
        yield Footer()

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

    # -- the structure shown ---------------------------------------------------------------
    def _local_now(self) -> datetime:
        return self.now.astimezone()

    def _default_start(self) -> str:
        """The next quarter of an hour."""
        moment = self._local_now()
        minutes = (moment.minute // 15 + 1) * 15
        start = moment.replace(minute=0, second=0, microsecond=0) + timedelta(minutes=minutes)
        return f"{start:%H:%M}"

    def _players(self) -> int:
        state = self.state
        seated = sum(1 for p in state.players.values() if p.status == "in")
        return seated or state.entrants or state.settings.registration.max_players

    def _proposal(self, stack: int | None = None, at: str | None = None) -> dict[str, str]:
        from tdconsole.domain.structure_proposal import propose

        players = self._players()
        start = self._start_at(at or self._default_start())
        found = propose(self.state.settings, players=players, start_at=start, stack=stack)
        self.breaks = dict(found.breaks)
        self.edits = {}
        self._last_bb = found.big_blind
        return {
            "stack": str(found.stack),
            "bb": str(found.big_blind),
            "first": str(found.first_minutes),
            "second": str(found.second_big_blind),
            "minutes": str(found.minutes),
            "at": at or self._default_start(),
            "players": str(players),
        }

    def _start_at(self, raw: str) -> datetime:
        try:
            hour = time.fromisoformat(raw.strip())
        except ValueError:
            raise RuleError(
                _("{strip!r} is not a time of day: write HH:MM").format(strip=raw.strip()),
            ) from None
        local = self._local_now()
        moment = datetime.combine(local.date(), hour, tzinfo=local.tzinfo)
        return moment if moment >= local - timedelta(hours=6) else moment + timedelta(days=1)

    def _field(self, key: str) -> int:
        label = dict(FIELDS)[key]
        value = parse_int(self.query_one(f"#f-{key}", Input).value, self.tr.say(label))
        assert value is not None
        return value

    def draft(self) -> Structure:
        """Before the start: the structure of the fields, breaks and edits (checked)."""
        from tdconsole.domain.structure_proposal import build

        structure = build(
            self.state.settings,
            stack=self._field("stack"),
            big_blind=self._field("bb"),
            first_minutes=self._field("first"),
            second_big_blind=self._field("second"),
            minutes=self._field("minutes"),
            with_break=False,
        )
        for level, minutes in sorted(self.breaks.items()):
            structure = structure.with_break(level, minutes, current_index=-1)
        for level, edit in sorted(self.edits.items()):
            structure = structure.with_edit(
                level,
                current_index=-1,
                big_blind=edit.get("bb"),
                ante=edit.get("ante"),
                minutes=edit.get("minutes"),
            )
        return structure

    def plan_rows(self) -> list[PlanRow]:
        from tdconsole.domain import clock

        state = self.state
        if self.started:
            status = getattr(self.app, "clock_status", lambda: None)()
            self.current = status.index if status is not None else 0
            return clock.plan_live(
                state.clock,
                state.structure,
                self.now,
                players=max(state.in_play, 1),
                chips_in_play=state.chips_in_play,
                count=LEVELS,
                auto_announce=state.settings.clock.auto_announce,
            )
        structure = self.draft()
        structure.validate_stack(
            self._field("stack"), min_stack_bb=state.settings.stacks.min_stack_bb
        )
        return clock.plan(
            structure,
            start_at=self._start_at(self.query_one("#f-at", Input).value),
            players=max(self._field("players"), 1),
            stack=self._field("stack"),
            count=LEVELS,
        )

    def _until_the_end(self, rows: list[PlanRow]) -> list[PlanRow]:
        """The rows up to the first level whose big blind passes every chip in play."""
        if self.started:
            chips_in_play = self.state.chips_in_play
        else:
            chips_in_play = self._field("players") * self._field("stack")
        for i, row in enumerate(rows):
            if not row.is_break and row.big_blind > chips_in_play:
                return rows[: i + 1]
        return rows

    def structure_now(self) -> Structure | None:
        if self.started:
            structure: Structure = self.state.structure
            return structure
        try:
            return self.draft()
        except RuleError:
            return None

    def refresh_rows(self) -> None:
        tr = self.tr
        summary = self.query_one("#structure-summary", Static)
        try:
            rows = self.plan_rows()
        except RuleError as exc:
            summary.update(Text(exc.text(tr.lang), style="bold red"))
            return
        rows = self._until_the_end(rows)
        self.rows = rows
        table = self.query_one("#structure-table", DataTable)
        cursor = table.cursor_coordinate
        table.clear()
        structure = self.structure_now()
        colour_up = self._colour_up(structure)
        first_index = self.current if self.started else 0
        for offset, row in enumerate(rows):
            index = first_index + offset
            played = self.started and index < self.current
            style = "dim" if played else ("bold" if index == self.current else "")
            note = ""
            if row.is_break and colour_up is not None and row.level == colour_up[0]:
                note = f"⇄ {chips(colour_up[1])}"
            label = tr("Break") if row.is_break else str(row.level)
            if index == self.current:
                label = f"▶ {label}"
            blinds = "" if row.is_break else f"{chips(row.small_blind)} / {chips(row.big_blind)}"
            ante = "" if row.is_break else chips(row.ante or None)
            average = "" if row.is_break else f"{row.average_stack_bb:g}"
            cells = [label, blinds, ante, str(row.minutes), _hhmm(row.starts_at)]
            cells += [_hhmm(row.ends_at), average, note]
            table.add_row(*[Text(c, style=style) for c in cells])
        if cursor.row < len(rows):
            table.cursor_coordinate = cursor
        summary.update(self.summary_text(rows, structure, colour_up))

    def _colour_up(self, structure: Structure | None) -> tuple[int, int] | None:
        """(the level the colour-up break follows, the chip that leaves), if any."""
        from tdconsole.domain.colour_up import next_chip
        from tdconsole.domain.structure_proposal import colour_up_break

        settings = self.state.settings
        chip = next_chip(settings)
        if structure is None or chip is None:
            return None
        after = colour_up_break(structure, settings.stacks.chip_unit, chip)
        return None if after is None else (after, settings.stacks.chip_unit)

    def summary_text(
        self, rows: list[PlanRow], structure: Structure | None, colour_up: tuple[int, int] | None
    ) -> Text:
        from tdconsole.domain.colour_up import next_chip
        from tdconsole.domain.structure_proposal import colour_up_level, expected_end_level

        tr, state = self.tr, self.state
        text = Text()
        if structure is None:
            return text
        chips_in_play = (
            state.chips_in_play if self.started else self._field("players") * self._field("stack")
        )
        end = expected_end_level(structure, chips_in_play)
        end_row = next((r for r in rows if r.level == end and not r.is_break), None)
        if end_row is not None:
            text.append(
                tr(
                    "Expected end: {time}, at level {level} (big blind {bb})",
                    time=_hhmm(end_row.ends_at),
                    level=end,
                    bb=chips(end_row.big_blind),
                )
            )
        settings = state.settings
        chip = next_chip(settings)
        if colour_up is not None:
            text.append(" · ")
            text.append(
                tr(
                    "colour-up of the {chip} chips at the break after level {level}",
                    chip=chips(colour_up[1]),
                    level=colour_up[0],
                )
            )
        elif chip is not None:
            level = colour_up_level(structure, settings.stacks.chip_unit, chip)
            if level >= 2:
                text.append(" · ")
                text.append(
                    tr(
                        "the {chip} chips are no longer needed after level {level}: "
                        "put a break there (p) for the colour-up",
                        chip=chips(settings.stacks.chip_unit),
                        level=level - 1,
                    ),
                    style="yellow",
                )
        return text

    # -- attributes down -------------------------------------------------------------------
    def show(self, state: State) -> None:
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
            new = int(raw.strip())
            old = int(second.value.strip())
        except ValueError:
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
            from tdconsole.domain.clock_events import EditLevel

            fields: dict[str, Any] = {
                "bb": {"big_blind": cell.value},
                "ante": {"ante": cell.value},
                "minutes": {"minutes": cell.value},
                "break": {"break_minutes": cell.value},
            }[cell.what]
            self.post_message(CommandRequested(EditLevel(level=cell.level, **fields)))
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

    def action_insert_break(self) -> None:
        row = self._row()
        if row is None:
            return
        minutes = self.state.settings.clock.break_minutes
        try:
            self.apply(Cell(row.level, "break", minutes))
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)

    def action_remove_break(self) -> None:
        row = self._row()
        if row is None or not row.is_break:
            self.notify(self.tr("Put the cursor on a break to remove it"), severity="warning")
            return
        try:
            self.apply(Cell(row.level, "break", 0))
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
        from tdconsole.domain.play import Start

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
