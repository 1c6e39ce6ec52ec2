"""The money of the evening. A paid player who withdraws is given back what
he paid, recorded as an event of the withdrawal (undone with it); the cash summary adds up fees,
food, refunds and prizes to what the cash box should hold (Art. I.2, V.1, I.7)."""

from __future__ import annotations

from decimal import Decimal

from tdhelpers.support import MakeService, names, started

from tdconsole.domain.cash import cash, cash_json
from tdconsole.domain.play import Bust
from tdconsole.domain.slices.hand_over import HandOverPrize
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import FeeRefunded, PlayerWithdrawn, Withdraw


def test_a_paid_withdrawal_is_refunded_and_undone_with_it(make_service: MakeService) -> None:
    service = make_service(seed=1)
    service.execute(Register(names=names(8)))
    service.execute(Pay(names=names(8)))
    service.execute(Pay(names=names(3), food=True))
    assert service.state.prize_pool == Decimal(560)
    records = service.execute(Withdraw(name="Player 02"))
    bodies = [r.body for r in records if r.type != "command"]
    assert [type(b) for b in bodies] == [PlayerWithdrawn, FeeRefunded]
    assert bodies[1] == FeeRefunded(name="Player 02", entry=Decimal(70), food=Decimal(20))
    assert service.state.prize_pool == Decimal(490)
    summary = cash(service.state)
    assert (summary.entry_fees, summary.food, summary.refunds) == (560, 60, 90)
    assert (summary.prize_pool, summary.food_kept, summary.cash_box) == (490, 40, 530)
    service.undo()
    assert cash(service.state).refunds == 0 and service.state.prize_pool == Decimal(560)
    service.redo()
    assert cash(service.state).refunds == 90
    # Nothing paid, nothing given back: the withdrawal alone.
    service.execute(Register(names=["Late"]))
    records = service.execute(Withdraw(name="Late"))
    assert [r.type for r in records if r.type != "command"] == ["player_withdrawn"]


def test_prizes_leave_the_cash_box_when_handed_over(make_service: MakeService) -> None:
    """Six paid, four of them food: pool 420 (189 / 105 / 63 / 42 / 21). Three out: the 6th
    unpaid, 21 and 42 decided (I.7), 357 still due to the places to come; the 4th's 42 handed
    over, the box holds 420 + 80 - 42 = 458, the 5th's 21 in it still."""
    service = started(make_service(seed=6), names(6), names(4), seed=6)
    order = [p.name for p in service.state.in_players()]
    service.execute(Bust(names=[order[0]]))
    service.execute(Bust(names=[order[1]]))
    service.execute(Bust(names=[order[2]]))
    service.execute(HandOverPrize(name=order[2]))
    document = cash_json(service.state)
    assert document == {
        "entry_fees": "420",
        "entry_paid": 6,
        "food": "80",
        "food_paid": 4,
        "entry_refunds": "0",
        "food_refunds": "0",
        "refunds": "0",
        "refunded": 0,
        "food_kept": "80",
        "prize_pool": "420",
        "prizes_paid": "63",
        "prizes_paid_count": 2,
        "prizes_due": "357",
        "prizes_handed_over": "42",
        "prizes_handed_over_count": 1,
        "prizes_to_hand_over": "21",
        "prizes_to_hand_over_count": 1,
        "cash_box": "458",
    }
