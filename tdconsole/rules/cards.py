"""Playing cards as the console reads them: ``As``, ``10h``, ``Td``, ``K♠``, ``q♥``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _

RANKS = "23456789TJQKA"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
SUIT_ALIASES = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c"}
SUIT_SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@dataclass(frozen=True, order=True)
class Card:
    value: int  # 2..14, ace high
    suit: str  # 's' 'h' 'd' 'c'

    @property
    def rank(self) -> str:
        return RANKS[self.value - 2]

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def parse_card(text: str) -> Card:
    raw = text.strip().replace("\ufe0e", "").replace("\ufe0f", "")
    if len(raw) < 2:
        raise _bad_card(text)
    rank, suit = raw[:-1].upper(), SUIT_ALIASES.get(raw[-1].lower())
    rank = {"10": "T", "1": "A"}.get(rank, rank)
    if suit is None or rank not in RANK_VALUE:
        raise _bad_card(text)
    return Card(RANK_VALUE[rank], suit)


def _bad_card(text: str) -> RuleError:
    return RuleError(
        _("bad card {text!r}: write rank then suit, e.g. 'As', '10h', 'K♦'").format(text=text),
    )


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """``"AsKd"``, ``"As Kd"``, ``"As,Kd"`` or a list of card strings."""
    if isinstance(text, str):
        cleaned = text.replace(",", " ").replace("\ufe0f", "").replace("\ufe0e", "")
        parts: list[str] = []
        for chunk in cleaned.split():
            i = 0
            while i < len(chunk):
                j = i + 1
                while j < len(chunk) and chunk[j].lower() not in SUIT_ALIASES:
                    j += 1
                parts.append(chunk[i : j + 1])
                i = j + 1
        return tuple(parse_card(p) for p in parts)
    return tuple(parse_card(c) for c in text)


def check_distinct(groups: Iterable[Iterable[Card]]) -> None:
    seen: set[Card] = set()
    for group in groups:
        for card in group:
            if card in seen:
                raise RuleError(
                    _(
                        "card {card} appears twice; each card of the deck exists "
                        "once, check the input"
                    ).format(card=card),
                )
            seen.add(card)
