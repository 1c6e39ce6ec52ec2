"""Points for a place in one event, by a formula chosen by name (docs/season.md).

Every formula depends on the place ``k`` (1 = the winner) and the number of entrants ``n``;
``pool`` uses the prize pool too. A file only names a formula: nothing from a file is ever
evaluated. Tied players share the points of the places they span, as they share prizes: the
mean of those places' points. Points are rounded half up to hundredths, once, per player and
event (so a season's total is the sum of the numbers printed).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _

CENT = Decimal("0.01")


def linear(k: int, n: int, pool: Decimal) -> float:
    """n + 1 − k: the winner n points, the last 1."""
    return float(n + 1 - k)


def sqrt(k: int, n: int, pool: Decimal) -> float:
    """10 · √(n / k): a large field is worth more, the top places much more."""
    return 10 * math.sqrt(n / k)


def pool(k: int, n: int, pool: Decimal) -> float:
    """10 · √(n / k) · (1 + log10(B + 0.25)), B = pool / n (the entry per player):
    the sqrt formula weighted by the stakes."""
    buy_in = float(pool) / n
    return 10 * math.sqrt(n / k) * (1 + math.log10(buy_in + 0.25))


FORMULAS: dict[str, Callable[[int, int, Decimal], float]] = {
    "linear": linear,
    "sqrt": sqrt,
    "pool": pool,
}
DEFAULT = "sqrt"


def check_formula(name: str) -> str:
    if name not in FORMULAS:
        known = ", ".join(FORMULAS)
        raise RuleError(
            _("no points formula named {name!r}: choose one of {known}").format(
                name=name, known=known
            ),
        )
    return name


def rounded(value: float) -> Decimal:
    """Half up to hundredths, from the shortest decimal that is the float."""
    return Decimal(repr(value)).quantize(CENT, rounding=ROUND_HALF_UP)


@lru_cache(maxsize=65536)
def points(formula: str, place: int, span: int, n: int, prize_pool: Decimal) -> Decimal:
    """The points of one player at ``place`` sharing ``span`` places (1 when alone) among
    ``n`` entrants."""
    f = FORMULAS[check_formula(formula)]
    spanned = range(place, place + span)
    return rounded(sum(f(k, n, prize_pool) for k in spanned) / len(spanned))
