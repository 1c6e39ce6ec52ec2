"""Art. V.1: the prize pool and its shares, exact to the payout unit.

Money is ``Decimal`` throughout. Each share is rounded down to the unit and the remainder goes to
1st, so the amounts always sum to the pool. With fewer entrants than paid places, the missing
shares are spread over the paid places in proportion: each amount is pool × share / Σ shares,
rounded down on the amount itself (never a rounded percentage). Tied places pool their prizes.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal


@dataclass(frozen=True)
class Payout:
    place: int
    percent: Decimal
    """The place's share of the pool in percent, for display (may be rounded: 64.2857…)."""
    amount: Decimal
    weight: Decimal = Decimal(0)
    """The place's share as configured (45, 25, …): exact, for any proportion of amounts."""


def _floor_to(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(rounding=ROUND_DOWN) * unit


def payouts(
    pool: Decimal, percents: tuple[Decimal, ...], entrants: int, unit: Decimal
) -> list[Payout]:
    """The amount due to each paid place (Art. V.1).

    >>> [str(p.amount) for p in payouts(Decimal(1680), (45, 25, 15, 10, 5), 24, Decimal(1))]
    ['756', '420', '252', '168', '84']
    """
    shares = [Decimal(p) for p in percents[: max(entrants, 0)]]
    if not shares:
        return []
    total = sum(shares)
    effective = [share * 100 / total for share in shares]
    amounts = [_floor_to(pool * share / total, unit) for share in shares]
    amounts[0] += pool - sum(amounts)
    return [
        Payout(place=i + 1, percent=pct, amount=amount, weight=share)
        for i, (pct, share, amount) in enumerate(zip(effective, shares, amounts, strict=True))
    ]


def _weight(row: Payout) -> Decimal:
    return row.weight or row.percent


def without_vacated(table: list[Payout], vacated: int, unit: Decimal) -> list[Payout]:
    """The table after place ``vacated`` was left empty by a disqualification (VI.2).

    Places are counted among the others, so nobody can take the vacated place; its amount is
    spread over the better places still to be awarded, in proportion to their shares, each
    rounded down and the remainder to 1st (the V.1 Decisions) - the prizes still add up to
    the pool. Places already awarded (worse than ``vacated``) keep their amounts.
    """
    by_place = {row.place: row for row in table}
    if vacated not in by_place or by_place[vacated].amount == 0:
        return table
    freed = by_place[vacated].amount
    better = [row for row in table if row.place < vacated]
    if not better:
        return table
    total = sum(_weight(row) for row in better)
    extra = [_floor_to(freed * _weight(row) / total, unit) for row in better]
    extra[0] += freed - sum(extra)
    bonus = {row.place: amount for row, amount in zip(better, extra, strict=True)}
    return [
        Payout(
            place=row.place,
            percent=row.percent,
            amount=Decimal(0) if row.place == vacated else row.amount + bonus.get(row.place, 0),
            weight=row.weight,
        )
        for row in table
    ]


def shared_prizes(table: list[Payout], first_place: int, tied: int, unit: Decimal) -> list[Decimal]:
    """Prizes for ``tied`` players sharing places first_place .. first_place + tied - 1.

    The shared places' amounts are pooled and split equally in units; leftover units go one each
    to the tied players in the order given (registration order), per rules.md's Decision.
    """
    by_place = {p.place: p.amount for p in table}
    pooled = sum(
        (by_place.get(place, Decimal(0)) for place in range(first_place, first_place + tied)),
        Decimal(0),
    )
    each = _floor_to(pooled / tied, unit)
    leftover_units = int((pooled - each * tied) / unit)
    return [each + (unit if i < leftover_units else 0) for i in range(tied)]


def percent_text(percent: Decimal) -> str:
    """45 → '45', 52.941… → '52.94'."""
    rounded = percent.quantize(Decimal("0.01"))
    return format(rounded.normalize(), "f") if rounded == rounded.to_integral() else str(rounded)


def money_text(amount: Decimal) -> str:
    """Money as the JSON contract writes it: a decimal string without exponent or separators."""
    if amount == amount.to_integral():
        return str(amount.quantize(Decimal(1)))
    return format(amount.normalize(), "f")
