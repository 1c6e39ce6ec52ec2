"""A withdrawal before the draw (Art. I.1): ``tdconsole withdraw NAME``, the console's ``w``.

The player leaves the list; the first on the waiting list moves up (unpaid: he pays once a
place frees). What he paid is given back (rules.md's Decision on I.1-I.2), recorded with the
withdrawal, so undo takes both back.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import money_said
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.register import PlayerRegistered, waiting_said
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class PlayerWithdrawn(EventBody):
    """Art. I.1: a withdrawal before the draw; the first on the waiting list moves up."""

    type: ClassVar[str] = "player_withdrawn"
    name: str
    promoted: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        state.players[name_key(self.name)].status = "withdrawn"
        if self.promoted is not None:
            state.players[name_key(self.promoted)].status = "registered"


class FeeRefunded(EventBody):
    """A withdrawal gives back what the player paid (rules.md's Decision on I.1-I.2): the
    entry fee leaves the prize pool (V.1), the food contribution the food money. Recorded with
    the amounts handed back, so the cash summary reads what was given, whatever the settings
    say later."""

    type: ClassVar[str] = "fee_refunded"
    name: str
    entry: Decimal | None = Bounded(None, ge=0)
    """The entry fee given back (scudi; a decimal string in the log), or None when he had not
    paid it."""
    food: Decimal | None = Bounded(None, ge=0)
    """The food contribution given back, or None when he had not paid it."""

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        if self.entry is not None:
            player.entry_refund = self.entry
        if self.food is not None:
            player.food_refund = self.food


class Withdraw(Command):
    name: str

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("player_withdrawn.name",)}

    def describe(self) -> Summary:
        return summary_of(said.WITHDRAW, name=self.name.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        player = require_player(state, self.name)
        if state.phase != "registration":
            raise RuleError(
                _("{name} is seated: withdrawals are possible only before the draw").format(
                    name=player.name
                ),
                "I.1",
            )
        if player.status == "withdrawn":
            raise RuleError(_("{name} has already withdrawn").format(name=player.name))
        promoted = None
        if player.status == "registered":
            waiting = [p for p in state.ordered_players() if p.status == "waitlisted"]
            promoted = waiting[0].name if waiting else None
        events: list[EventBody] = [PlayerWithdrawn(name=player.name, promoted=promoted)]
        if player.paid or player.food_paid:
            fees = state.settings.registration
            events.append(
                FeeRefunded(
                    name=player.name,
                    entry=fees.entry_fee if player.paid else None,
                    food=fees.food_fee if player.food_paid else None,
                )
            )
        return events


def moved_up_said(withdrawn: PlayerWithdrawn) -> Msg | None:
    """Who moved up from the waiting list at a withdrawal (Art. I.1): unpaid, as a player on
    the waiting list pays once a place frees."""
    if withdrawn.promoted is None:
        return None
    return _("{name}: moves up from the waiting list, entry fee not paid yet (Art. I.1)").format(
        name=withdrawn.promoted
    )


def side_effect_said(body: EventBody) -> Msg | None:
    """What a registration or a withdrawal did beside its summary: a place on the waiting list,
    a move up from it."""
    if isinstance(body, PlayerRegistered):
        return waiting_said(body)
    if isinstance(body, PlayerWithdrawn):
        return moved_up_said(body)
    return None


def refund_lines(refund: FeeRefunded, state: State) -> list[Msg]:
    """What a withdrawal gave back, and how the prize pool dropped (Art. V.1)."""
    currency = state.settings.currency
    lines: list[Msg] = []
    if refund.entry is not None:
        lines.append(
            _(
                "{name}: entry fee of {amount} refunded; the prize pool drops by {amount} "
                "to {pool} (Art. V.1)"
            ).format(
                name=refund.name,
                amount=money_said(refund.entry, currency),
                pool=money_said(state.prize_pool, currency),
            )
        )
    if refund.food is not None:
        lines.append(
            _("{name}: food contribution of {amount} refunded (not part of the pool)").format(
                name=refund.name, amount=money_said(refund.food, currency)
            )
        )
    return lines


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """What the withdrawal gave back, then who moved up from the waiting list."""
    lines = [line for b in bodies if isinstance(b, FeeRefunded) for line in refund_lines(b, state)]
    moved = [moved_up_said(b) for b in bodies if isinstance(b, PlayerWithdrawn)]
    return lines + [line for line in moved if line is not None]


SLICE = Slice(
    command=Withdraw,
    description=Description(
        command="Withdraw",
        module="slices.withdraw",
        cli="withdraw",
        summaries=(said.WITHDRAW,),
        keys=(Key("w", "command('Withdraw')", _("Withdraw")),),
        when="before the start",
    ),
    fields=(Field("name", "player", _("Player"), _("NAME")),),
    heading=_("Withdraw a player before the draw"),
    ok=_("Withdraw"),
    after=aftermath,
    chosen_first=True,
    cites=("I.1",),
)
