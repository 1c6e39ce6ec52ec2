"""Reading the calculators' fields: seats, names, players with their chips, cards by player."""

from __future__ import annotations

import re

from tdconsole.i18n import Msg, _

_PLAYER = re.compile(r"^(?:(\d+):)?([^=:]+)=(\d+)$")


def words(raw: str) -> list[str]:
    """Items separated by commas or spaces."""
    return [w for w in re.split(r"[,\s]+", raw.strip()) if w]


def number(raw: str, what: Msg) -> int:
    """``raw`` as a whole number (thousands may be spaced); ``what`` names the field."""
    from tdconsole.domain.errors import RuleError

    text = raw.strip().replace(" ", "")
    if not text.isdigit():
        raise RuleError(
            _("{what}: {raw!r} is not a whole number").format(what=what, raw=raw.strip()),
        )
    return int(text)


def seats(raw: str, what: Msg) -> list[int]:
    return [number(w, what) for w in words(raw)]


def contributions(raw: str) -> list[tuple[int | None, str, int]]:
    """``1:Ada=100 2:Bea=300`` → (seat or None, name, chips)."""
    from tdconsole.domain.errors import RuleError

    out = []
    for item in words(raw):
        found = _PLAYER.match(item)
        if not found:
            raise RuleError(
                _("bad player {item!r}: write [SEAT:]NAME=CHIPS, e.g. 3:Ada=1500").format(
                    item=item
                ),
            )
        seat = int(found.group(1)) if found.group(1) else None
        out.append((seat, found.group(2), int(found.group(3))))
    return out


def hands(raw: str) -> dict[str, str]:
    """``Ada=AsKd Bea=AcQh`` → {name: cards}."""
    from tdconsole.domain.errors import RuleError

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
