"""Title V: prize pool and payouts, exact to the scudo (V.1 and its Decisions)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdconsole.domain.payouts import payouts, shared_prizes, without_vacated

PERCENTS = tuple(Decimal(p) for p in (45, 25, 15, 10, 5))


def test_V1_24_entrants() -> None:
    """24 × 70 = 1680 → 756 / 420 / 252 / 168 / 84."""
    rows = payouts(Decimal(1680), PERCENTS, 24, Decimal(1))
    assert [str(r.amount) for r in rows] == ["756", "420", "252", "168", "84"]


def test_V1_rounding_down_remainder_to_first() -> None:
    """17 × 70 = 1190: 535.5, 297.5, 178.5, 119, 59.5 → floors 535, 297, 178, 119, 59 = 1188;
    the 2 left go to 1st: 537."""
    rows = payouts(Decimal(1190), PERCENTS, 17, Decimal(1))
    assert [str(r.amount) for r in rows] == ["537", "297", "178", "119", "59"]


def test_V1_fewer_entrants_than_paid_places() -> None:
    """3 entrants, pool 210: shares 45/25/15 spread in proportion over 85 → 111.17, 61.76,
    37.05 → 111, 61, 37 = 209, remainder 1 to 1st."""
    rows = payouts(Decimal(210), PERCENTS, 3, Decimal(1))
    assert [str(r.amount) for r in rows] == ["112", "61", "37"]
    assert payouts(Decimal(0), PERCENTS, 0, Decimal(1)) == []


@given(
    entrants=st.integers(min_value=1, max_value=2000),
    fee=st.integers(min_value=0, max_value=500),
)
def test_V1_payouts_always_sum_to_the_pool(entrants: int, fee: int) -> None:
    pool = Decimal(fee * entrants)
    rows = payouts(pool, PERCENTS, entrants, Decimal(1))
    assert sum(r.amount for r in rows) == pool
    assert all(r.amount >= 0 and r.amount == r.amount.to_integral() for r in rows)
    assert [r.amount for r in rows[1:]] == sorted((r.amount for r in rows[1:]), reverse=True)


@pytest.mark.parametrize(
    ("first", "tied", "expected"),
    [
        (4, 2, ["126", "126"]),  # 168 + 84 = 252 → 126 each
        (5, 2, ["42", "42"]),  # 84 + 0 (6th is unpaid) → 42 each
        (2, 3, ["280", "280", "280"]),  # 420 + 252 + 168 = 840
        (3, 2, ["210", "210"]),
        (1, 2, ["588", "588"]),
    ],
)
def test_tied_places_pool_and_split(first: int, tied: int, expected: list[str]) -> None:
    table = payouts(Decimal(1680), PERCENTS, 24, Decimal(1))
    assert [str(a) for a in shared_prizes(table, first, tied, Decimal(1))] == expected


def test_tie_leftover_units_go_in_registration_order() -> None:
    """10 entrants, pool 700: places 4-5 are 70 + 35 = 105 → 52.5 → 53 to the first
    registered, 52 to the other."""
    table = payouts(Decimal(700), PERCENTS, 10, Decimal(1))
    assert [str(a) for a in shared_prizes(table, 4, 2, Decimal(1))] == ["53", "52"]


def _exact_shares(pool: int, entrants: int) -> list[Decimal]:
    """rules.md V.1 by hand, in integers: place i gets floor(pool × s_i / Σ s), the rest to 1st."""
    shares = [45, 25, 15, 10, 5][:entrants]
    amounts = [pool * s // sum(shares) for s in shares]
    amounts[0] += pool - sum(amounts)
    return [Decimal(a) for a in amounts]


@pytest.mark.parametrize("entrants", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("fee", [70, 1, 3, 7, 20, 35, 69, 71, 99, 140])
def test_V1_few_entrants_round_amounts_not_percentages(entrants: int, fee: int) -> None:
    """Fields of 1 to 5 paying entrants: the rounding applies to each amount
    (pool × share / Σ shares), never to a rounded percentage; the sum is the pool, exactly."""
    pool = fee * entrants
    rows = payouts(Decimal(pool), PERCENTS, entrants, Decimal(1))
    assert [r.amount for r in rows] == _exact_shares(pool, entrants)
    assert sum(r.amount for r in rows) == pool


def test_V1_two_entrants_90_and_50() -> None:
    """rules.md: 2 entrants, pool 140 → 45:25 of 140 is exactly 90 and 50 (not 91/49)."""
    rows = payouts(Decimal(140), PERCENTS, 2, Decimal(1))
    assert [str(r.amount) for r in rows] == ["90", "50"]


def test_VI2_vacated_place_spread_on_amounts() -> None:
    """A vacated 2nd of two (50 of 140) goes whole to 1st: 140, exactly."""
    table = without_vacated(payouts(Decimal(140), PERCENTS, 2, Decimal(1)), 2, Decimal(1))
    assert [str(r.amount) for r in table] == ["140", "0"]
    three = payouts(Decimal(210), PERCENTS, 3, Decimal(1))  # 112 / 61 / 37
    spread = without_vacated(three, 3, Decimal(1))  # 37 over 45:25 → 23.78, 13.21 → 23, 13 + 1
    assert [str(r.amount) for r in spread] == ["136", "74", "0"]
    # Pool 81 (3 × 27): 44 / 23 / 14; the 14 freed over 45:25 is exactly 9 and 5.
    table = without_vacated(payouts(Decimal(81), PERCENTS, 3, Decimal(1)), 3, Decimal(1))
    assert [str(r.amount) for r in table] == ["53", "28", "0"]
