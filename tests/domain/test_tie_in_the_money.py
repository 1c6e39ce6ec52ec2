"""What stands beside a name in the prize table (V.1, VI.2): the prize that player receives and
the place he shows. Players out in one hand with equal stacks share their places' prizes and
all show the best shared place; they were listed beside the places' own amounts (a cashier
paid 84 and 42 where each was owed 63), and the room's rows never said the tie. A disqualified
holder shows DQ, not his vacated place's 0."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.read_model import payouts
from tdconsole.domain.room import Place, room, room_json
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
PLAYERS = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]
"""Six entrants: a pool of 420, places paid 189 / 105 / 63 / 42 / 21."""


@pytest.fixture
def service() -> Iterator[Tournament]:
    made = Tournament.in_memory("e", load_settings(), clock=lambda: NOW, rng=random.Random(1))
    made.execute(Register(names=PLAYERS))
    made.execute(Pay(names=PLAYERS))
    made.execute(Draw(seed=1))
    made.execute(Start(stack=4000, big_blind=100))
    yield made
    made.close()


def held(service: Tournament) -> list[tuple[int, int | None, str | None, str, str | None]]:
    """Each row: the place, the place its holder shows, who, the place's amount, his prize."""
    return [
        (
            r.place,
            r.player_place,
            r.player,
            str(r.amount),
            None if r.prize is None else str(r.prize),
        )
        for r in payouts(service.state)
    ]


def room_payouts(service: Tournament) -> tuple[Place, ...]:
    return room(service.state, None, None, NOW).payouts


def test_a_tie_at_4th_and_5th_shows_each_his_share_at_the_shared_place(
    service: Tournament,
) -> None:
    service.execute(Bust(names=["Ada"]))  # 6th
    service.execute(Bust(names=["Bea", "Cid"], stacks=[500, 500]))  # 4th and 5th, tied
    assert held(service)[3:] == [(4, 4, "Bea", "42", "32"), (5, 4, "Cid", "21", "31")]
    assert room_payouts(service)[3:] == (
        Place(4, "Bea", Decimal(32), True),
        Place(4, "Cid", Decimal(31), True),
    )
    rows = room_json(room(service.state, None, None, NOW))["payouts"]
    assert rows[4] == {
        "place": 4, "name": "Cid", "amount": "31 scudi", "tied": True, "disqualified": False,
    }  # fmt: skip
    assert rows[0] == {
        "place": 1, "name": None, "amount": "189 scudi", "tied": False, "disqualified": False,
    }  # fmt: skip


def test_a_tie_at_the_top_shows_the_best_shared_place(service: Tournament) -> None:
    """The last player is the winner (IV.7): the best tie is for 2nd and 3rd."""
    for name in ("Ada", "Bea", "Cid"):
        service.execute(Bust(names=[name]))
    service.execute(Bust(names=["Dan", "Eva"], stacks=[100, 100]))
    assert held(service)[:3] == [
        (1, 1, "Fil", "189", "189"),
        (2, 2, "Dan", "105", "84"),
        (3, 2, "Eva", "63", "84"),
    ]
    assert [(p.place, p.name, p.amount, p.tied) for p in room_payouts(service)[:3]] == [
        (1, "Fil", Decimal(189), False),
        (2, "Dan", Decimal(84), True),
        (2, "Eva", Decimal(84), True),
    ]


def test_a_three_way_tie_across_the_money_line(service: Tournament) -> None:
    """4th, 5th and an unpaid 6th: (42 + 21 + 0) / 3 each; the third is past the table's rows
    and the room lists him too."""
    service.execute(Bust(names=["Ada", "Bea", "Cid"], stacks=[300, 300, 300]))
    assert held(service)[3:] == [(4, 4, "Ada", "42", "21"), (5, 4, "Bea", "21", "21")]
    assert room_payouts(service)[3:] == (
        Place(4, "Ada", Decimal(21), True),
        Place(4, "Bea", Decimal(21), True),
        Place(4, "Cid", Decimal(21), True),
    )


def test_a_disqualified_holder_shows_dq_not_his_vacated_place_s_amount(
    service: Tournament,
) -> None:
    service.execute(Bust(names=["Ada"]))
    service.execute(Bust(names=["Bea"]))
    service.execute(Disqualify(name="Cid", reason="collusione"))  # keeps the 4th
    assert held(service)[3] == (4, 4, "Cid", "0", None)
    assert payouts(service.state)[3].disqualified
    assert room_payouts(service)[3] == Place(4, "Cid", None, False, True)
    assert room_payouts(service)[4] == Place(5, "Bea", Decimal(21), False)
