"""The structure screen's rows: the structure shown, planned and summed up (Art. III.1, III.5).

Before ``start`` the structure comes from the fields (``structure_proposal``: proposed from the
players and the start time, built through the same checks as ``start``, with the breaks and the
levels edited); after it, from the event's (``Planned``). Either is planned as the clock will run it
(``clock.plan``, ``plan_live``), cut after the first level whose big blind passes every chip in
play, drawn in the table, and summed up under the fields (expected end, colour-up).

``StructureRows`` is the part of ``StructureScreen`` that does this; the screen (``structure``)
holds the layout, the bindings and the edits. It is a plain class at run time, so the screen's
bindings, CSS type names and CSS bases are those of a ``Screen`` alone.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import DataTable, Input, Static

from tdconsole.domain import clock
from tdconsole.domain.colour_up import next_chip
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.start import SLICE as START
from tdconsole.domain.structure_proposal import (
    build,
    colour_up_break,
    colour_up_level,
    expected_end_level,
    propose,
)
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import parse_int
from tdconsole.ui.glyphs import COLOUR_UP
from tdconsole.ui.i18n import chips

if TYPE_CHECKING:
    from textual.screen import Screen

    from tdconsole.domain.clock import PlanRow, Structure
    from tdconsole.domain.console_view import Planned
    from tdconsole.ui.i18n import Translator

    _Screen = Screen[None]
else:
    _Screen = object

LEVELS = 24
"""Levels shown (breaks come as extra rows)."""

_START = {field.name: field.label for field in START.fields}
# (field id, label) of the structure before the start: what ``start`` takes (III.1, III.5).
FIELDS = (
    ("stack", _START["stack"]),
    ("bb", _START["big_blind"]),
    ("first", _START["first_minutes"]),
    ("second", _START["second_big_blind"]),
    ("minutes", _START["minutes"]),
    ("at", _("Start (HH:MM)")),
    ("players", _("Players")),
)


def _hhmm(moment: datetime) -> str:
    return f"{moment.astimezone():%H:%M}"


class StructureRows(_Screen):
    """The structure shown: what the screen's fields, breaks and edits make of it."""

    tr: Translator
    state: Planned
    now: datetime
    current: int
    opened_started: bool
    breaks: dict[int, int]
    edits: dict[int, dict[str, int]]
    rows: list[PlanRow]
    _last_bb: int

    @property
    def started(self) -> bool:
        return self.opened_started

    @property
    def finished(self) -> bool:
        """The event is over: its clock stopped for good (IV.7)."""
        return self.started and bool(getattr(self.state.clock, "finished", False))

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
        return state.in_play or state.entrants or state.settings.registration.max_players

    def _proposal(self, stack: int | None = None, at: str | None = None) -> dict[str, str]:
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
        state = self.state
        if self.started:
            status = getattr(self.app, "clock_status", lambda: None)()
            self.current = status.index if status is not None else 0
            assert state.clock is not None and state.structure is not None  # (started)
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
            return self.state.structure
        try:
            return self.draft()
        except RuleError:
            return None

    def refresh_rows(self) -> None:
        tr = self.tr
        summary = self.query_one("#structure-summary", Static)
        if self.finished:  # no levels ahead, nothing to plan here (IV.7)
            self.rows = []
            self.query_one("#structure-table", DataTable).clear()
            over = tr("The event is over: the clock is stopped for good.")
            summary.update(Text(f"{over} ({tr.articles(['IV.7'])})", style="bold"))
            return
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
                note = f"{COLOUR_UP} {chips(colour_up[1])}"
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

        settings = self.state.settings
        chip = next_chip(settings)
        if structure is None or chip is None:
            return None
        after = colour_up_break(structure, settings.stacks.chip_unit, chip)
        return None if after is None else (after, settings.stacks.chip_unit)

    def summary_text(
        self, rows: list[PlanRow], structure: Structure | None, colour_up: tuple[int, int] | None
    ) -> Text:
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
