"""Eliminations in one hand (rules.md: Eliminations; Art. III.2, IV.7): ``tdconsole bust NAME
[NAME ...] [--stacks N [N ...]] [--declined]``, the console's ``e`` (its own dialog: a row per
player with his stack, the second stack asked first, kept between keys for speed).

Places go by the stacks at the start of the hand (more chips, a better place); equal stacks
share the best of their places and pool those places' prizes (Decision). Whoever may still take
the second stack is refused unless he declined it (``--declined``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from pydantic import BaseModel, ConfigDict
from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX, chips_text, money_said
from tdconsole.domain.ordinals import reads_with_vowel
from tdconsole.domain.payouts import money_text, shared_prizes
from tdconsole.domain.play_common import (
    can_take_second_stack,
    check_chip_unit,
    check_in_circulation,
    payout_table,
    require_in,
    require_play_open,
    second_stack_amount,
    settle_finish,
    table_changes_said,
    table_of,
    unseat,
)
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import Player, State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext, pgettext


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
    declined: list[str] = Bounded(default_factory=list)

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
    names: list[str] = Bounded(min_length=1)
    stacks: list[int] | None = None
    declined: bool = False

    named: ClassVar[dict[str, tuple[str, ...]]] = {"names": ("players_eliminated.players.name",)}

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


def out_line(name: str, place: int, tie: Msg | str, prize: Msg | str) -> Msg:
    """A player out, with his place (the players still in before the elimination); Italian
    elides before a place read with a vowel: "all'11° posto", "al 12° posto"
    (``domain.ordinals``)."""
    out = (
        pgettext("before a vowel", "{name}: out in place {place}{tie}{prize}")
        if reads_with_vowel(place)
        else pgettext("before a consonant", "{name}: out in place {place}{tie}{prize}")
    )
    return out.format(name=name, place=place, tie=tie, prize=prize)


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Each player out with his place, tied or not, and his prize due; then what it leaves to
    do (a table to close, the final, the winner)."""
    lines = []
    currency = state.settings.currency
    for body in bodies:
        if not isinstance(body, PlayersEliminated):
            continue
        for out in body.players:
            tie = _(" (tied)") if out.tied else ""
            prize: Msg | str = ""
            if out.prize:
                money = money_said(Decimal(out.prize), currency)
                prize = _(" — prize due {money} (Art. V.1)").format(money=money)
            lines.append(out_line(out.name, out.place, tie, prize))
    return lines + table_changes_said(state)


SLICE = Slice(
    command=Bust,
    description=Description(
        command="Bust",
        module="slices.bust",
        cli="bust",
        summaries=(said.ELIMINATED,),
        keys=(Key("e", "eliminate", _("Eliminate"), True, True),),
        when="in play",
    ),
    fields=(
        Field("names", "names", _("Players out in this hand"), _("NAME")),
        Field(
            "stacks",
            "wholes",
            _("stacks at the start of the hand, same order (needed for several)"),
            _("N"),
            required=False,
            high=CHIPS_MAX,
        ),
        Field(
            "declined",
            "flag",
            _("whoever could still take the second stack declined it (Art. III.2)"),
            _("yes/no"),
        ),
    ),
    heading=_("Eliminate"),
    ok=_("Eliminate"),
    after=aftermath,
    cites=("III.2", "III.3", "IV.7"),
)
