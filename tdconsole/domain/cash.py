"""The money of the evening (Art. I.2, V.1, I.7): what came in, what went back, what was paid.

Fees are taken at registration (I.2): the entry fees form the prize pool (V.1), the food
contributions are kept apart. A player who withdraws before the draw is given back what he paid
(``FeeRefunded``). A prize is due when its place is decided and paid when the Director records
he handed it over (I.7, ``handover``); an event recorded before that record counts a decided
prize as paid. What the pool still holds is due to the places to come. The cash box should hold
what came in less what went out: refunds and the prizes handed over.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tdconsole.domain.payouts import money_text
from tdconsole.domain.state import Player, State


@dataclass(frozen=True)
class Cash:
    entry_fees: Decimal
    """Entry fees taken (every payment, a withdrawn player's included)."""
    entry_paid: int
    """How many paid the entry fee."""
    food: Decimal
    """Food contributions taken."""
    food_paid: int
    entry_refunds: Decimal
    """Entry fees given back at withdrawals (they left the pool)."""
    food_refunds: Decimal
    refunded: int
    """How many were given money back."""
    prize_pool: Decimal
    prizes_paid: Decimal
    """Prizes of the places decided, handed over or not (``cash --json``'s meaning since
    before handovers were recorded)."""
    prizes_paid_count: int
    prizes_due: Decimal
    """What the prize pool still owes the places to come."""
    prizes_handed_over: Decimal
    """Prizes the Director recorded he handed over (I.7): they left the cash box."""
    prizes_handed_over_count: int
    prizes_to_hand_over: Decimal
    """Prizes of places decided, not handed over yet: due now, still in the cash box."""
    prizes_to_hand_over_count: int

    @property
    def refunds(self) -> Decimal:
        return self.entry_refunds + self.food_refunds

    @property
    def food_kept(self) -> Decimal:
        return self.food - self.food_refunds

    @property
    def cash_box(self) -> Decimal:
        """What the cash box should hold now: fees taken, less refunds and prizes handed over."""
        return self.entry_fees + self.food - self.refunds - self.prizes_handed_over

    def to_json(self) -> dict[str, Any]:
        """Money as decimal strings in scudi (docs/cli.md), counts as integers; the sums too."""
        return {
            "entry_fees": money_text(self.entry_fees),
            "entry_paid": self.entry_paid,
            "food": money_text(self.food),
            "food_paid": self.food_paid,
            "entry_refunds": money_text(self.entry_refunds),
            "food_refunds": money_text(self.food_refunds),
            "refunds": money_text(self.refunds),
            "refunded": self.refunded,
            "food_kept": money_text(self.food_kept),
            "prize_pool": money_text(self.prize_pool),
            "prizes_paid": money_text(self.prizes_paid),
            "prizes_paid_count": self.prizes_paid_count,
            "prizes_due": money_text(self.prizes_due),
            "prizes_handed_over": money_text(self.prizes_handed_over),
            "prizes_handed_over_count": self.prizes_handed_over_count,
            "prizes_to_hand_over": money_text(self.prizes_to_hand_over),
            "prizes_to_hand_over_count": self.prizes_to_hand_over_count,
            "cash_box": money_text(self.cash_box),
        }


def cash(state: State) -> Cash:
    fees = state.settings.registration
    players = state.players.values()
    entry_paid = sum(1 for p in players if p.paid)
    food_paid = sum(1 for p in players if p.food_paid)
    entry_refunds = sum((p.entry_refund or Decimal(0) for p in players), Decimal(0))
    food_refunds = sum((p.food_refund or Decimal(0) for p in players), Decimal(0))
    prizes = [p.prize for p in players if p.prize is not None]
    paid = sum(prizes, Decimal(0))
    handed = [handed_over(state, p) for p in players]
    given = [amount for amount in handed if amount is not None]
    handed_total = sum(given, Decimal(0))
    pool = state.prize_pool
    return Cash(
        entry_fees=fees.entry_fee * entry_paid,
        entry_paid=entry_paid,
        food=fees.food_fee * food_paid,
        food_paid=food_paid,
        entry_refunds=entry_refunds,
        food_refunds=food_refunds,
        refunded=sum(1 for p in players if p.entry_refund or p.food_refund),
        prize_pool=pool,
        prizes_paid=paid,
        prizes_paid_count=len(prizes),
        prizes_due=max(pool - paid, Decimal(0)),
        prizes_handed_over=handed_total,
        prizes_handed_over_count=len(given),
        prizes_to_hand_over=max(paid - handed_total, Decimal(0)),
        prizes_to_hand_over_count=sum(
            1
            for p, amount in zip(players, handed, strict=True)
            if p.prize is not None and amount is None
        ),
    )


def handed_over(state: State, player: Player) -> Decimal | None:
    """The prize ``player`` was handed (I.7), None while it is due or he has none. An event
    recorded before handovers were recorded counts a decided prize as handed over."""
    if player.handed_over is not None or state.handovers:
        return player.handed_over
    return player.prize if player.place is not None else None


def cash_json(state: State) -> dict[str, Any]:
    """The cash summary as ``state --json``'s ``cash`` and ``cash --json`` write it."""
    return cash(state).to_json()
