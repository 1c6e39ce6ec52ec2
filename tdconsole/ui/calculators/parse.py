"""Reading the calculators' fields: seats, names, players with their chips, cards by player."""

from __future__ import annotations

import re

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.i18n import Msg, _

_PLAYER = re.compile(r"^(?:([^=:]*):)?([^=:]+)=(.*)$")


def words(raw: str) -> list[str]:
    """Items separated by commas or spaces."""
    return [w for w in re.split(r"[,\s]+", raw.strip()) if w]


def number(raw: str, what: Msg | str) -> int:
    """``raw`` as a whole number (thousands may be spaced); ``what`` names the field. The one
    parser of ``numbers``: ASCII digits only (``'²'`` is a digit to Python), bounded."""

    return whole_number(raw, what)


def seats(raw: str, what: Msg) -> list[int]:
    return [number(w, what) for w in words(raw)]


def contributions(raw: str) -> list[tuple[int | None, str, int]]:
    """``1:Ada=100 2:Bea=300`` → (seat or None, name, chips)."""

    out = []
    for item in words(raw):
        found = _PLAYER.match(item)
        if not found:
            raise RuleError(
                _("bad player {item!r}: write [SEAT:]NAME=CHIPS, e.g. 3:Ada=1500").format(
                    item=item
                ),
            )
        seat = number(found.group(1), _("seat")) if found.group(1) is not None else None
        out.append((seat, found.group(2), number(found.group(3), found.group(2))))
    return out


def hands(raw: str) -> dict[str, str]:
    """``Ada=AsKd Bea=AcQh`` → {name: cards}."""

    out: dict[str, str] = {}
    for item in words(raw):
        name, sep, cards = item.partition("=")
        if not sep or not name or not cards:
            raise RuleError(
                _("bad hand {item!r}: write NAME=CARDS, e.g. Ada=AsKd").format(item=item),
            )
        if name in out:
            raise RuleError(_("{name} is given twice").format(name=name))
        out[name] = cards
    return out
