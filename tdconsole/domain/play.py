"""Titles III-IV: the start, the chip ledger, the second stack, eliminations, places, the end.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

from datetime import datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from pydantic import Field

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.state import State, Table


def round_chips(value: Decimal, unit: int, mode: str = "half_up") -> int:
    """Round to a multiple of the chip unit (Decision of III.3: nearest, halves up)."""
    rounding = ROUND_HALF_UP if mode == "half_up" else ROUND_DOWN
    return int((value / unit).to_integral_value(rounding=rounding)) * unit


def second_stack_amount(state: State, table: Table) -> int | None:
    """Art. III.3: the table's average stack, C_t / n_t, rounded to the chip unit."""
    n = len(state.players_at(table))
    if n == 0 or state.stack is None:
        return None
    stacks = state.settings.stacks
    return round_chips(Decimal(table.chips) / n, stacks.chip_unit, stacks.second_stack_rounding)


# -- the start (Art. III.1, III.5) -----------------------------------------------------------


class Started(EventBody):
    """The Director's stack and blind structure; every seated player gets the stack."""

    type: ClassVar[str] = "started"
    stack: int
    structure: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        from tdconsole.domain import clock

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
    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "III.1"
    stack: int = Field(gt=0)
    big_blind: int = Field(gt=0)
    first_minutes: int | None = None
    second_big_blind: int | None = None
    minutes: int | None = None

    def describe(self) -> str:
        return f"start: stack {self.stack}, big blind {self.big_blind}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        from tdconsole.domain import clock

        if state.phase == "registration":
            raise RuleError("draw the seats first (`draw`), then start", "II.2")
        if state.phase != "seated":
            raise RuleError("the tournament has already started", "III.1")
        unit = state.settings.stacks.chip_unit
        if self.stack % unit:
            raise RuleError(
                f"stack {self.stack} is not a multiple of the chip unit {unit}: adjust it", "III.1"
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
        return [Started(stack=self.stack, structure=structure.model_dump(mode="json"))]
