"""The second stack, "seconda dote" (Art. III.2-III.3): ``tdconsole dote NAME [--stack N]``,
the console's ``d``, a floor terminal's too.

A player whose stack is below the big blind takes the table's average stack, once only; his
stack now is given, or his last count below the big blind stands for it (the Decision of
III.2). The dialog says the amount at his table as his name is typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX, chips_text
from tdconsole.domain.play_common import (
    check_chip_unit,
    check_in_circulation,
    current_big_blind,
    require_in,
    require_play_open,
    second_stack_amount,
    table_of,
)
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, pgettext


class SecondStackIssued(EventBody):
    """Art. III.3: the table's average stack, recorded with its amount; C_t grows by it."""

    type: ClassVar[str] = "second_stack_issued"
    name: str
    table: int
    amount: int
    stack_before: int | None = None

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        player.second_stack = self.amount
        player.chips = None if self.stack_before is None else self.stack_before + self.amount
        player.counted = self.stack_before is not None
        state.tables[self.table].chips += self.amount
        state.issued += self.amount


class SecondStack(Command):
    name: str
    stack: int | None = Bounded(None, ge=0)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("second_stack_issued.name",)}

    def describe(self) -> Summary:
        return summary_of(said.SECOND_STACK, name=self.name.strip())

    @classmethod
    def check_applies(cls, state: State) -> None:
        require_play_open(state, pgettext("play refused", "second stack"))
        if state.phase != "elimination":
            raise RuleError(
                _("no second stack in the final: the III.4 bonus replaced it"),
                "III.4",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        player = require_in(state, self.name)
        if player.second_stack is not None:
            raise RuleError(
                _(
                    "{name} has already taken his second stack ({second_stack}): "
                    "it is given once only"
                ).format(name=player.name, second_stack=chips_text(player.second_stack)),
                "III.3",
            )
        if self.stack is not None:
            check_chip_unit(state, player.name, self.stack)
            check_in_circulation(state, table_of(state, player), {player.name: self.stack})
        big_blind = current_big_blind(state, ctx.now)
        if (
            self.stack is None
            and player.counted
            and player.chips is not None
            and big_blind is not None
            and player.chips >= big_blind
        ):
            # Decision of III.2: with no stack given, the last recorded count is his stack.
            raise RuleError(
                _(
                    "{name}'s last count is {chips} chips, not below the big "
                    "blind {big_blind}: the second stack is for a stack below "
                    "the big blind; give his stack now with `dote {name} --stack "
                    "N`"
                ).format(
                    name=player.name,
                    chips=chips_text(player.chips),
                    big_blind=chips_text(big_blind),
                ),
                "III.2",
            )
        if self.stack is None and (not player.counted or player.chips is None):
            # Decision of III.2: his starting stack is no evidence of his stack now.
            raise RuleError(
                _(
                    "{name} has no count on record below the big blind: the second stack "
                    "is for a stack below the big blind; give his stack now with "
                    "`dote {name} --stack N`"
                ).format(name=player.name),
                "III.2",
            )
        if self.stack is not None and big_blind is not None and self.stack >= big_blind:
            raise RuleError(
                _(
                    "{name} has {stack} chips, not below the big blind "
                    "{big_blind}: the second stack is for a stack below the big "
                    "blind"
                ).format(
                    name=player.name, stack=chips_text(self.stack), big_blind=chips_text(big_blind)
                ),
                "III.2",
            )
        table = table_of(state, player)
        amount = second_stack_amount(state, table)
        assert amount is not None
        stack = self.stack
        if stack is None and player.counted:
            stack = player.chips  # below the big blind (checked above): his last count
        return [
            SecondStackIssued(
                name=player.name, table=table.number, amount=amount, stack_before=stack
            )
        ]


def amount_here(
    state: State, now: datetime, typed: Mapping[str, str]
) -> list[tuple[str | Msg, ...]]:
    """What the player named would take: his table's average stack now (C_t over its players);
    the one he took, if he did; his last count when it stands for his stack now."""
    found = state.match(typed.get("name", "")) if typed.get("name", "").strip() else []
    player = found[0] if len(found) == 1 else None
    if player is None or player.table is None or player.status != "in":
        return []
    table = state.tables[player.table]
    lines: list[tuple[str | Msg, ...]] = [
        (
            _("Amount at table {table} now: {amount} chips (C_t {chips} / {n} players)").format(
                table=table.number,
                amount=chips_text(second_stack_amount(state, table)),
                chips=chips_text(table.chips),
                n=len(state.players_at(table)),
            ),
        )
    ]
    if player.second_stack is not None:
        taken = _("second stack taken: {chips}").format(chips=chips_text(player.second_stack))
        lines.append((taken,))
    big_blind = current_big_blind(state, now)
    counted = player.chips if player.counted else None
    if counted is not None and big_blind is not None and counted < big_blind:
        empty = _("Stack now (empty: his count {chips})").format(chips=chips_text(counted))
        lines.append((empty,))
    return lines


def given(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The amount, the table's average stack, and the table's chips now."""
    return [
        _(
            "{name}: second stack {amount} chips — the average stack of table "
            "{table} (Art. III.3); table chips now {chips}"
        ).format(
            name=body.name,
            amount=chips_text(body.amount),
            table=body.table,
            chips=chips_text(state.tables[body.table].chips),
        )
        for body in bodies
        if isinstance(body, SecondStackIssued)
    ]


SLICE = Slice(
    command=SecondStack,
    description=Description(
        command="SecondStack",
        module="slices.second_stack",
        cli="dote",
        summaries=(said.SECOND_STACK,),
        keys=(Key("d", "command('SecondStack')", _("Second stack"), True, True),),
        when="in play",
        director_only=False,
        article=None,
    ),
    fields=(
        Field("name", "player", _("Player"), _("NAME")),
        Field(
            "stack",
            "whole",
            _("Stack now"),
            _("N"),
            required=False,
            high=CHIPS_MAX,
        ),
    ),
    heading=_("Second stack"),
    ok=_("Record"),
    after=given,
    cites=("III.2", "III.3"),
    opened_at="stack",
    context=amount_here,
    kept=True,
)
