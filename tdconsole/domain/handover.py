"""Art. I.7 / V.1: a prize is due when its place is decided, paid when the Director records
that he handed it over (rules.md's Decision), with its time and a receipt.

An event file written before handovers were recorded (``EventCreated.handovers`` False) counts
a decided prize as paid, as it did then: there, nothing is handed over by record.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import money_shown
from tdconsole.domain.registration import require_player
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _


class PrizeHandedOver(EventBody):
    """The Director handed a player his prize (I.7): the amount as it was then, so the cash
    box reads what was given whatever changes later; the time is the event's."""

    type: ClassVar[str] = "prize_handed_over"
    name: str
    prize: Decimal = Field(ge=0)
    """The amount handed over (scudi; a decimal string in the log)."""

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        player.handed_over, player.handed_over_at = self.prize, at


class HandOverPrize(Command):
    """The Director records that he handed ``name`` his prize (I.7): from due to paid."""

    name: str

    def describe(self) -> Summary:
        return summary_of(said.PRIZE_HANDED_OVER, name=self.name.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        player = require_player(state, self.name)
        if not state.handovers:
            raise RuleError(
                _(
                    "this event was recorded before prizes were handed over by record: its "
                    "prizes count as paid when their place is decided"
                ),
                "I.7",
            )
        if player.prize is None or player.place is None:
            raise RuleError(
                _(
                    "no prize is due to {name}: a prize is handed over once its paid place is "
                    "decided"
                ).format(name=player.name),
                "I.7",
            )
        if player.handed_over_at is not None:
            raise RuleError(
                _("{name}'s prize of {amount} was already handed over at {time}").format(
                    name=player.name,
                    amount=money_shown(player.prize, state.settings.currency),
                    time=f"{player.handed_over_at:%H:%M}",
                ),
                "I.7",
            )
        return [PrizeHandedOver(name=player.name, prize=player.prize)]
