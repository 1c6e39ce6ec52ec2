"""The showdown calculator: best five of seven with pokerkit (1.1–1.3), or Poker
all'Italiana (003 Art. 7–9). A pure function; see ``calculators``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, Said, _, pgettext
from tdconsole.rules import italiana
from tdconsole.rules.calc_common import HIDDEN, said_text
from tdconsole.rules.cards import Card, check_distinct, parse_cards

if TYPE_CHECKING:
    from pokerkit import StandardHighHand

# ---------------------------------------------------------------------------------------------
# Showdown (1.1–1.3; Poker all'Italiana: 003 Art. 7–9)

Mode = Literal["holdem", "italiana"]


def _holdem_name(label: str) -> Msg | str:
    """pokerkit's name of a hand as a message (pokerkit's own words if it is a new one)."""
    names = {
        "Royal flush": pgettext("hand", "Royal flush"),
        "Straight flush": pgettext("hand", "Straight flush"),
        "Four of a kind": pgettext("hand", "Four of a kind"),
        "Full house": pgettext("hand", "Full house"),
        "Flush": pgettext("hand", "Flush"),
        "Straight": pgettext("hand", "Straight"),
        "Three of a kind": pgettext("hand", "Three of a kind"),
        "Two pair": pgettext("hand", "Two pair"),
        "One pair": pgettext("hand", "One pair"),
        "High card": pgettext("hand", "High card"),
    }
    return names.get(label, label)


class _Named:
    """A hand's name as ``italiana.describe`` gives it, (Italian, English), until that module
    marks its names for the catalogue."""

    def __init__(self, italian: str, english: str) -> None:
        self.italian, self.english = italian, english

    def text(self, lang: str = "en") -> str:
        return self.italian if lang == "it" else self.english


@dataclass(frozen=True)
class RankedHand:
    player: str
    place: int  # 1 = best; tied hands share the place
    cards: tuple[str, ...]  # the best five
    label_it: str
    label_en: str
    label: Said | str | None = field(default=None, compare=False, repr=False, metadata=HIDDEN)

    def name(self, lang: str = "en") -> str:
        """The hand's name in ``lang``."""
        if self.label is None:
            return self.label_en
        return self.label if isinstance(self.label, str) else self.label.text(lang)


def _ranked(player: str, place: int, cards: tuple[str, ...], label: Said | str) -> RankedHand:
    italian, english = (label, label) if isinstance(label, str) else (label.text("it"), str(label))
    return RankedHand(player, place, cards, italian, english, label)


@dataclass(frozen=True)
class Reading:
    """One reading of an ambiguous article that decided this showdown (003 Art. 7.2, 8.1-8.3)."""

    article: str
    setting: str  # the setting that chooses it (config: [rulings])
    choice: str  # the reading applied
    explanation: str  # in English (the JSON's)
    said: Msg | None = field(default=None, compare=False, repr=False, metadata=HIDDEN)

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``lang``."""
        return said_text(self.said, self.explanation, lang)


def _reading(setting: str, choice: str) -> Reading:
    readings: dict[tuple[str, str], tuple[str, Msg]] = {
        ("italiana_flush", "suit"): (
            "7.2",
            _(
                "flush against flush: the better suit wins (then the higher cards); the ace "
                "does not count first"
            ),
        ),
        ("italiana_flush", "ace"): (
            "7.2",
            _("flush against flush: the flush holding the ace wins, then the better suit"),
        ),
        ("italiana_ace_straight", "plain"): (
            "8.2",
            _(
                "A-6-7-8-9: the ace plays low, a maximum straight topped by its fourth card; it "
                "does not wrap"
            ),
        ),
        ("italiana_ace_straight", "wrap"): (
            "8.2",
            _(
                "A-6-7-8-9: the straight passes from the ace to the lowest card, a minimum "
                "(wrap-around) straight"
            ),
        ),
    }
    article, said = readings[(setting, choice)]
    return Reading(article, setting, choice, str(said), said)


@dataclass(frozen=True)
class ShowdownResult:
    mode: Mode
    book: str
    hands: tuple[RankedHand, ...]  # best first
    winners: tuple[str, ...]
    split: bool
    groups: tuple[tuple[str, ...], ...]  # the ranking, tied players together (for side pots)
    split_possible: bool  # Poker all'Italiana: two straight flushes may split by agreement (9.2)
    articles: tuple[str, ...]
    readings: tuple[Reading, ...] = ()  # readings of ambiguous articles that applied here


def holdem_evaluator() -> type[StandardHighHand]:
    """pokerkit's best five of seven, imported on first use: pokerkit builds its lookup tables
    on import (seconds on a busy machine), which every other calculator and command skips. The
    showdown's form calls this in a worker while the hands are typed."""
    # lazy: pokerkit builds its tables on import: every other calculator and command skips it
    from pokerkit import StandardHighHand

    return StandardHighHand


def _holdem(hands: Mapping[str, Sequence[Card]], board: Sequence[Card]) -> ShowdownResult:
    evaluator = holdem_evaluator()
    if len(board) != 5:
        raise RuleError(
            _("the board has 5 cards at showdown, not {board}").format(board=len(board)),
            "1.2",
        )
    board_text = "".join(str(c) for c in board)
    evaluated = []
    for player, hole in hands.items():
        if len(hole) != 2:
            raise RuleError(
                _("{player} must show 2 hole cards, not {hole}").format(
                    player=player, hole=len(hole)
                ),
                "1.1",
            )
        best = evaluator.from_game("".join(str(c) for c in hole), board_text)
        evaluated.append((player, best))
    evaluated.sort(key=lambda pb: pb[1], reverse=True)
    groups: list[list[str]] = []
    ranked: list[RankedHand] = []
    previous = None
    for player, best in evaluated:
        if previous is None or best != previous:
            groups.append([])
        groups[-1].append(player)
        previous = best
        five = tuple(f"{c.rank}{c.suit}" for c in best.cards)
        label = str(best.entry.label.value)
        if label == "Straight flush" and {"A", "K"} <= {c[0] for c in five}:
            label = "Royal flush"
        ranked.append(_ranked(player, len(groups), five, _holdem_name(label)))
    winners = tuple(groups[0])
    return ShowdownResult(
        "holdem",
        "ordine",
        tuple(ranked),
        winners,
        len(winners) > 1,
        tuple(tuple(g) for g in groups),
        False,
        ("1.1", "1.2", "1.3"),
    )


def _italiana_name(key: italiana.Key) -> Said:
    described = italiana.describe(key)
    if isinstance(described, tuple):  # (Italian, English)
        return _Named(*described)
    return described


def _italiana(
    hands: Mapping[str, Sequence[Card]],
    players_at_table: int,
    split_straight_flushes: bool,
    flush: italiana.FlushReading,
    ace_straight: italiana.AceStraight,
) -> ShowdownResult:
    low = italiana.lowest_rank(players_at_table)
    if len(hands) > players_at_table:
        raise RuleError(
            _(
                "{hands} hands shown at a table of {players_at_table}; give "
                "the number of players at the table"
            ).format(hands=len(hands), players_at_table=players_at_table),
            "1.2",
        )
    keyed = sorted(
        (
            (italiana.hand_key(cards, low, flush=flush, ace_straight=ace_straight), p)
            for p, cards in hands.items()
        ),
        reverse=True,
    )
    readings: list[Reading] = []
    if sum(1 for key, _p in keyed if key[0] == italiana.FLUSH) >= 2:
        readings.append(_reading("italiana_flush", flush))
    if any(italiana.ace_low([c.value for c in cards], low) for cards in hands.values()):
        readings.append(_reading("italiana_ace_straight", ace_straight))
    ranked = []
    for place, (key, player) in enumerate(keyed, start=1):
        five = tuple(str(c) for c in sorted(hands[player], reverse=True))
        ranked.append(_ranked(player, place, five, _italiana_name(key)))
    sf = [p for key, p in keyed if key[0] == italiana.STRAIGHT_FLUSH]
    split_possible = len(sf) >= 2
    winners = tuple(sf) if split_possible and split_straight_flushes else (keyed[0][1],)
    groups = (winners, *((p,) for _k, p in keyed if p not in winners))
    arts = ("7.1", "7.2", "8.1", "8.3", "9.1") + (("9.2",) if split_possible else ())
    if readings and any(r.article == "8.2" for r in readings):
        arts = ("7.1", "7.2", "8.1", "8.2", "8.3", "9.1", *arts[5:])
    return ShowdownResult(
        "italiana",
        "santelia",
        tuple(ranked),
        winners,
        len(winners) > 1,
        groups,
        split_possible,
        arts,
        tuple(readings),
    )


def showdown(
    hands: Mapping[str, str | Sequence[str]],
    board: str | Sequence[str] = (),
    *,
    mode: Mode = "holdem",
    players_at_table: int = 5,
    split_straight_flushes: bool = False,
    flush: italiana.FlushReading = "suit",
    ace_straight: italiana.AceStraight = "plain",
) -> ShowdownResult:
    """Rank the hands shown and name the winners.

    ``holdem``: two hole cards each plus five board cards; best five of seven, suits never break
    ties, equal hands split (1.1–1.3), evaluated by pokerkit. ``italiana``: five cards each, no
    board, the Circolo Santelia's order (003 Art. 7–9), always one winner unless two or more
    straight flushes meet and the players agree to split (9.2: ``split_straight_flushes``).
    ``flush`` and ``ace_straight`` choose the reading of 003 Art. 7.2 and 8.1-8.3 (settings
    ``italiana_flush`` and ``italiana_ace_straight``); the result's ``readings`` name those
    that decided this showdown, with their article.
    """
    if len(hands) < 2:
        raise RuleError(
            _("a showdown needs at least two hands"),
        )
    parsed = {p: parse_cards(c) for p, c in hands.items()}
    board_cards = parse_cards(board)
    check_distinct([*parsed.values(), board_cards])
    if mode == "holdem":
        return _holdem(parsed, board_cards)
    if mode == "italiana":
        if board_cards:
            raise RuleError(
                _("Poker all'Italiana has no board: give five cards per player"),
                "1.1",
            )
        if flush not in ("suit", "ace") or ace_straight not in ("plain", "wrap"):
            raise RuleError(
                _(
                    "unknown reading {flush!r}/{ace_straight!r}: flush is 'suit' "
                    "or 'ace', the ace straight 'plain' or 'wrap'"
                ).format(flush=flush, ace_straight=ace_straight),
            )
        return _italiana(parsed, players_at_table, split_straight_flushes, flush, ace_straight)
    raise RuleError(
        _("unknown showdown mode {mode!r}: use 'holdem' or 'italiana'").format(mode=mode),
    )
