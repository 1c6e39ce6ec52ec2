"""Titles III-IV: the start, the chip ledger, the second stack, eliminations, places, the end.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_text, round_chips
from tdconsole.domain.payouts import money_text, shared_prizes
from tdconsole.domain.play_common import (
    MAX_STACK,
    can_take_second_stack,
    check_chip_unit,
    check_in_circulation,
    current_big_blind,
    payout_table,
    require_in,
    require_play_open,
    second_stack_amount,
    settle_finish,
    table_of,
    unseat,
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
from tdconsole.domain.slices.second_stack import SecondStack, SecondStackIssued
from tdconsole.domain.state import Player, State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _, ngettext, pgettext

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


# -- eliminations and places ----------------------------------------------------------------


class Elimination(BaseModel):
    model_config = ConfigDict(defer_build=True)

    name: str
    place: int
    tied: bool
    prize: str | None
    stack: int | None


class PlayersEliminated(EventBody):
    """One hand's eliminations with their places and prizes (rules.md: Eliminations)."""

    type: ClassVar[str] = "players_eliminated"
    players: list[Elimination]
    declined: list[str] = Field(default_factory=list)

    def apply(self, state: State, at: datetime) -> None:
        for out in self.players:
            player = state.players[name_key(out.name)]
            unseat(state, player)
            player.status = "out"
            player.place, player.tied = out.place, out.tied
            player.prize = Decimal(out.prize) if out.prize is not None else None
            player.chips = 0
            player.out_at = at
        settle_finish(state, at)


def places_for(state: State, busted: list[tuple[Player, int | None]]) -> list[Elimination]:
    """Places for players out in one hand: more chips at the start of the hand = better place;
    equal stacks share the best of their places and pool those places' prizes (Decision)."""
    table = payout_table(state)
    unit = state.settings.prizes.payout_unit
    ordered = sorted(busted, key=lambda item: -(item[1] or 0))
    result: list[Elimination] = []
    place = state.in_play - len(busted) + 1
    i = 0
    while i < len(ordered):
        group = [item for item in ordered[i:] if item[1] == ordered[i][1]]
        group.sort(key=lambda item: item[0].order)
        amounts = shared_prizes(table, place, len(group), unit)
        for (player, stack), amount in zip(group, amounts, strict=True):
            result.append(
                Elimination(
                    name=player.name,
                    place=place,
                    tied=len(group) > 1,
                    stack=stack,
                    prize=money_text(amount) if amount > 0 else None,
                )
            )
        place += len(group)
        i += len(group)
    return result


class Bust(Command):
    names: list[str] = Field(min_length=1)
    stacks: list[int] | None = None
    declined: bool = False

    def describe(self) -> Summary:
        return summary_of(said.ELIMINATED, names=", ".join(n.strip() for n in self.names))

    @classmethod
    def check_applies(cls, state: State) -> None:
        require_play_open(state, pgettext("play refused", "elimination"))

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        if len(self.names) > 1 and self.stacks is None:
            raise RuleError(
                _(
                    "several players out in one hand: give --stacks, their "
                    "stacks at the start of the hand, in the same order as the "
                    "names (they order the places: Director's discretion)"
                ),
                "VII.1",
            )
        if self.stacks is not None and len(self.stacks) != len(self.names):
            raise RuleError(
                _("{names} but {stacks}: give one stack per name").format(
                    names=ngettext("{n} name", "{n} names", len(self.names)),
                    stacks=ngettext("{n} stack", "{n} stacks", len(self.stacks)),
                ),
            )
        players: list[Player] = []
        for raw in self.names:
            player = require_in(state, raw)
            if player in players:
                raise RuleError(
                    _("{name} is named twice: list each player once").format(name=player.name),
                )
            players.append(player)
        if len(players) >= state.in_play:
            raise RuleError(
                _("that would leave nobody in play: the last player standing is the winner"),
                "IV.7",
            )
        declined: list[str] = []
        for player in players:
            if can_take_second_stack(state, player):
                if not self.declined:
                    amount = second_stack_amount(state, table_of(state, player))
                    raise RuleError(
                        _(
                            "{name} may still take the second stack of {amount} chips "
                            "(table {table}'s average): record `dote {name} --stack 0`, or add "
                            "--declined if he declines it"
                        ).format(name=player.name, amount=chips_text(amount), table=player.table),
                        "III.2",
                    )
                declined.append(player.name)
        if self.stacks is not None:
            by_table: dict[int, dict[str, int]] = {}
            for player, stack in zip(players, self.stacks, strict=True):
                check_chip_unit(state, player.name, stack)
                by_table.setdefault(table_of(state, player).number, {})[player.name] = stack
            for number, named in by_table.items():
                check_in_circulation(state, state.tables[number], named)
        stacks: list[int | None] = list(self.stacks) if self.stacks else [None] * len(players)
        outcome = places_for(state, list(zip(players, stacks, strict=True)))
        return [PlayersEliminated(players=outcome, declined=declined)]
