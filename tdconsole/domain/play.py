"""Titles III-IV: the start, the chip ledger, the second stack, the end; eliminations and places
(``slices.bust``) re-exported with the other play commands for the faces.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import round_chips
from tdconsole.domain.play_common import (
    can_take_second_stack,
    check_chip_unit,
    check_in_circulation,
    current_big_blind,
    require_in,
    second_stack_amount,
    table_of,
)
from tdconsole.domain.play_tables import (
    ClosePlan,
    ClosePlanDrawn,
    CloseTable,
    Final,
    FinalDrawn,
    Move,
    TableClosed,
    draw_move_plan,
    vacant_seats,
)
from tdconsole.domain.slices.bust import Bust, Elimination, PlayersEliminated, places_for
from tdconsole.domain.slices.second_stack import SecondStack, SecondStackIssued
from tdconsole.domain.slices.start import Start, Started
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
    "draw_move_plan",
    "places_for",
    "round_chips",
    "second_stack_amount",
    "vacant_seats",
]


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
