"""Titles III-IV: the start, the chip ledger, the second stack, the end; eliminations and places
(``slices.bust``), the closings and the final (``slices.close_table``, ``slices.final``)
re-exported with the other play commands for the faces.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_text, round_chips
from tdconsole.domain.play_common import (
    MAX_STACK,
    can_take_second_stack,
    check_chip_unit,
    check_in_circulation,
    current_big_blind,
    require_in,
    second_stack_amount,
    table_of,
)
from tdconsole.domain.slices.bust import Bust, Elimination, PlayersEliminated, places_for
from tdconsole.domain.slices.close_plan import ClosePlan, ClosePlanDrawn, Move
from tdconsole.domain.slices.close_table import CloseTable, TableClosed
from tdconsole.domain.slices.final import Final, FinalDrawn
from tdconsole.domain.slices.second_stack import SecondStack, SecondStackIssued
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _

__all__ = [
    "Bust",
    "ChipsCounted",
    "ClosePlan",
    "ClosePlanDrawn",
    "CloseTable",
    "Count",
    "Elimination",
    "Final",
    "FinalDrawn",
    "Move",
    "PlayersEliminated",
    "SecondStack",
    "SecondStackIssued",
    "Start",
    "Started",
    "TableClosed",
    "can_take_second_stack",
    "current_big_blind",
    "places_for",
    "round_chips",
    "second_stack_amount",
]


# -- the start (Art. III.1, III.5) -----------------------------------------------------------


class Started(EventBody):
    """The Director's stack and blind structure; every seated player gets the stack."""

    type: ClassVar[str] = "started"
    stack: int
    structure: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        state.stack = self.stack
        for table in state.tables.values():
            players = state.players_at(table)
            for player in players:
                player.chips = self.stack
            table.chips = self.stack * len(players)
            state.issued += table.chips
        state.structure = clock.Structure.model_validate(self.structure)
        state.clock = clock.initial(state.structure)
        final = any(t.final for t in state.tables.values())
        state.phase = "final" if final else "elimination"


class Start(Command):
    stack: int = Field(gt=0)
    big_blind: int = Field(gt=0)
    first_minutes: int | None = None
    second_big_blind: int | None = None
    minutes: int | None = None
    breaks: dict[int, int] = Field(default_factory=dict)
    """Level k -> minutes of a break after it (the structure screen's, ``--break K=M``)."""
    levels: dict[int, dict[str, int]] = Field(default_factory=dict)
    """Level k -> its edits before the start (``big_blind``/``bb``, ``ante``, ``minutes``)."""

    def describe(self) -> Summary:
        return summary_of(said.START, stack=self.stack, bb=self.big_blind)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase == "registration":
            raise RuleError(
                _("draw the seats first (`draw`), then start"),
                "II.2",
            )
        if state.phase != "seated":
            raise RuleError(_("the tournament has already started"), "III.1")
        unit = state.settings.stacks.chip_unit
        if self.stack > MAX_STACK:
            raise RuleError(
                _(
                    "a starting stack of {stack} chips is not a real stack: give "
                    "at most {MAX_STACK}"
                ).format(stack=chips_text(self.stack), MAX_STACK=chips_text(MAX_STACK)),
                "III.1",
            )
        if self.stack % unit:
            raise RuleError(
                _("stack {stack} is not a multiple of the chip unit {unit}: adjust it").format(
                    stack=chips_text(self.stack), unit=unit
                ),
                "III.1",
            )
        settings = state.settings.clock
        structure = clock.Structure.build(
            first_bb=self.big_blind,
            first_minutes=self.first_minutes or settings.first_minutes,
            second_bb=self.second_big_blind or self.big_blind * settings.second_bb_factor,
            minutes=self.minutes or settings.minutes,
            stack=self.stack,
            chip_unit=unit,
            min_stack_bb=state.settings.stacks.min_stack_bb,
        )
        for level, minutes in sorted(self.breaks.items()):
            structure = structure.with_break(level, minutes, current_index=-1)
        for level, edit in sorted(self.levels.items()):
            structure = structure.with_edit(
                level,
                current_index=-1,
                big_blind=edit.get("big_blind", edit.get("bb")),
                ante=edit.get("ante"),
                minutes=edit.get("minutes"),
            )
        return [Started(stack=self.stack, structure=structure.model_dump(mode="json"))]


# -- counts ---------------------------------------------------------------------------------


class ChipsCounted(EventBody):
    type: ClassVar[str] = "chips_counted"
    counts: dict[str, int]

    def apply(self, state: State, at: datetime) -> None:
        for name, chips in self.counts.items():
            player = state.players[name_key(name)]
            player.chips, player.counted = chips, True


class Count(Command):
    counts: dict[str, int] = Field(min_length=1)

    def describe(self) -> Summary:
        counts = ", ".join(f"{n.strip()}={c}" for n, c in self.counts.items())
        return summary_of(said.COUNT, counts=counts)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.stack is None:
            raise RuleError(
                _("counts are recorded once the tournament has started"),
                "III.1",
            )
        clean: dict[str, int] = {}
        by_table: dict[int, dict[str, int]] = {}
        for raw, chips in self.counts.items():
            player = require_in(state, raw)
            check_chip_unit(state, player.name, chips)
            clean[player.name] = chips
            by_table.setdefault(table_of(state, player).number, {})[player.name] = chips
        for number, named in by_table.items():
            check_in_circulation(state, state.tables[number], named)
        return [ChipsCounted(counts=clean)]
