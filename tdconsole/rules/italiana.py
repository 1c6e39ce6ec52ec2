"""Poker all'Italiana hand order, as the Circolo Santelia's rules set it (003 Art. 3.2, 7–9).

* Order, low to high (7.1): pair, two pair, three of a kind, straight, full house, **flush**,
  four of a kind, straight flush ("scala reale") — the flush beats the full house.
* Suits (3.2): ♥ hearts > ♦ diamonds > ♣ clubs > ♠ spades.
* Equal pairs (7.2): the pair holding the higher suit wins (before any kicker).
* Two pair (7.2): top pair, then low pair, then the fifth card.
* Flushes (7.2): the article says both "the better suit wins" and "whoever holds the ace
  wins". Reading ``flush="suit"`` (the Decision): the better suit, then the higher cards;
  ``flush="ace"``: the flush holding the ace, then the better suit, then the cards.
* Straights (8): the deck is short (lowest card = 11 − players, 1.3); a straight may wrap round
  the ace ("attaccata", K-A-6-7-8): that is the **minimum** straight and loses to any plain
  ("massima") one (8.3). Between straights of the same kind, the one with the higher cards wins
  (8.1), then the suit of the highest card. Whether A-6-7-8-9 (the ace next to the lowest card)
  wraps is not said: reading ``ace_straight="plain"`` (the Decision): the ace plays low, a plain
  straight topped by the 9 (below 6-7-8-9-10, above every wrap); ``ace_straight="wrap"``: it
  passes from the ace to the lowest card, a minimum straight.
* No split pots (9.1): every comparison ends with a single winner.

Decisions where 003 is silent (documented in docs/rules-search.md): a hand with no combination
ranks below a pair, by its cards then the suit of its highest card; two pair equal in all ranks
go to the top pair holding the better suit; wrap-around straights compare by their cards from
the highest down (all contain the ace).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.rules.cards import Card

SUIT_ORDER = {"h": 4, "d": 3, "c": 2, "s": 1}  # Art. 3.2: ♥ ♦ ♣ ♠

NOTHING, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)
LABELS = {
    NOTHING: pgettext("a Poker all'Italiana hand", "No pair"),
    PAIR: pgettext("a Poker all'Italiana hand", "Pair"),
    TWO_PAIR: pgettext("a Poker all'Italiana hand", "Two pair"),
    TRIPS: pgettext("a Poker all'Italiana hand", "Three of a kind"),
    FULL: pgettext("a Poker all'Italiana hand", "Full house"),
    FLUSH: pgettext("a Poker all'Italiana hand", "Flush"),
    QUADS: pgettext("a Poker all'Italiana hand", "Four of a kind"),
}
"""The hands' names (a straight's name says its kind too: ``describe``)."""

Key = tuple[int, tuple[int, ...]]
FlushReading = Literal["suit", "ace"]
"""003 Art. 7.2, flush against flush: the better suit first, or the ace first."""
AceStraight = Literal["plain", "wrap"]
"""003 Art. 8.1-8.3, A-6-7-8-9: the ace plays low (plain), or the straight wraps (minimum)."""


def lowest_rank(players_at_table: int) -> int:
    """Art. 1.3: the lowest card is 11 minus the number of players (4–6 players, Art. 1.2)."""
    if not 4 <= players_at_table <= 6:
        raise RuleError(
            _(
                "a table of Poker all'Italiana has 4 to 6 players, not "
                "{players_at_table}; give the number of players at the table"
            ).format(players_at_table=players_at_table),
            "1.2",
        )
    return 11 - players_at_table


def ace_low(values: Sequence[int], low: int) -> bool:
    """A-6-7-8-9 on a deck from 6: the ace and the four lowest cards (8.1-8.3's open case)."""
    return sorted(values) == [low, low + 1, low + 2, low + 3, 14]


def _straight(values: Sequence[int], low: int) -> tuple[bool, bool]:
    """(is a straight, is a plain 'massima' straight) on the circular deck low..A."""
    if len(set(values)) != 5:
        return False, False
    ranks = list(range(low, 15))
    idx = sorted(ranks.index(v) for v in values)
    if idx[-1] - idx[0] == 4:
        return True, True
    m = len(ranks)
    for start in idx:  # try every rotation: a wrap passes from the ace to the lowest card
        if sorted((i - start) % m for i in idx) == [0, 1, 2, 3, 4]:
            return True, False
    return False, False


def hand_key(
    cards: Sequence[Card],
    low: int,
    *,
    flush: FlushReading = "suit",
    ace_straight: AceStraight = "plain",
) -> Key:
    """A sortable key: a higher key is a better hand; two different hands never tie.

    ``flush`` and ``ace_straight`` choose the reading of 7.2 and 8.1-8.3 (module docstring).
    """
    if len(cards) != 5:
        raise RuleError(
            _("a Poker all'Italiana hand has 5 cards, not {cards}").format(cards=len(cards)),
            "1.1",
        )
    for c in cards:
        if c.value < low:
            raise RuleError(
                _(
                    "card {c} is not in a deck that starts at {rank}; check the "
                    "cards or the number of players"
                ).format(c=c, rank=Card(low, "s").rank),
                "1.3",
            )
    values = sorted((c.value for c in cards), reverse=True)
    counts = Counter(values)
    by_count = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    is_flush = len({c.suit for c in cards}) == 1
    is_straight, plain = _straight(values, low)
    if ace_straight == "plain" and ace_low(values, low):
        is_straight, plain = True, True

    def best_suit(value: int) -> int:
        return max(SUIT_ORDER[c.suit] for c in cards if c.value == value)

    top_suit = best_suit(values[0])
    if is_straight:
        straight_key = (int(plain), *values, top_suit)
        if ace_straight == "plain" and ace_low(values, low):
            # The ace plays low: the straight is topped by its fourth card (9 of A-6-7-8-9).
            ranked = [*values[1:], low - 1]
            straight_key = (1, *ranked, best_suit(values[1]))
        return (STRAIGHT_FLUSH if is_flush else STRAIGHT, straight_key)
    if counts[by_count[0]] == 4:
        return (QUADS, (by_count[0],))
    if is_flush:
        suit = SUIT_ORDER[cards[0].suit]
        if flush == "ace":
            return (FLUSH, (int(14 in values), suit, *values))
        return (FLUSH, (suit, *values))
    if counts[by_count[0]] == 3 and counts[by_count[1]] == 2:
        return (FULL, (by_count[0],))
    if counts[by_count[0]] == 3:
        return (TRIPS, (by_count[0],))
    if counts[by_count[0]] == 2 and counts[by_count[1]] == 2:
        high, low_pair, fifth = by_count[0], by_count[1], by_count[2]
        return (TWO_PAIR, (high, low_pair, fifth, best_suit(high)))
    if counts[by_count[0]] == 2:
        pair = by_count[0]
        return (PAIR, (pair, best_suit(pair), *by_count[1:]))
    return (NOTHING, (*values, top_suit))


def describe(key: Key) -> Msg:
    """The name of a hand, with the straight's kind (8.3)."""
    if key[0] == STRAIGHT:
        if key[1][0]:
            return pgettext("a Poker all'Italiana hand", "Straight (maximum)")
        return pgettext("a Poker all'Italiana hand", "Straight (minimum, wrap-around)")
    if key[0] == STRAIGHT_FLUSH:
        if key[1][0]:
            return pgettext("a Poker all'Italiana hand", "Straight flush (maximum)")
        return pgettext("a Poker all'Italiana hand", "Straight flush (minimum, wrap-around)")
    return LABELS[key[0]]
