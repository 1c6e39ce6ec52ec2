"""Calculators for disputes at the table. Each is a pure function: inputs in, result out, and
every result names the articles it applies. Bad input raises :class:`RuleError`.

* :func:`side_pots` — main and side pots from each player's contribution (7.7–7.8, 1.3);
* :func:`chips_pushed` — chips put in without a word: call, raise or completion (5.5, 6.8 A–D);
* :func:`minimum_raise` — this regulation's minimum raise (7.3–7.4);
* :func:`button_plan` — button and blinds after eliminations (2.4, 2.5, II.5);
* :func:`showdown` — best five of seven with pokerkit (1.1–1.3), or Poker all'Italiana (003);
* :func:`clock_call` — calling the clock on a player (5.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_count, chips_text
from tdconsole.i18n import Msg, _, ngettext, pgettext
from tdconsole.rules.calc_common import HIDDEN, as_json, clockwise_from, said_text
from tdconsole.rules.calc_showdown import Mode, RankedHand, Reading, ShowdownResult, showdown
from tdconsole.rules.calc_table import (
    COUNTDOWN_SECONDS,
    ButtonPlan,
    ClockCall,
    ClockPhase,
    HandPositions,
    button_plan,
    clock_call,
)

__all__ = [
    "COUNTDOWN_SECONDS",
    "ButtonPlan",
    "ChipsAction",
    "ChipsResult",
    "ClockCall",
    "ClockPhase",
    "Contribution",
    "HandPositions",
    "Mode",
    "Pot",
    "RaiseResult",
    "RankedHand",
    "Reading",
    "Share",
    "ShowdownResult",
    "SidePotResult",
    "as_json",
    "button_plan",
    "chips_pushed",
    "clock_call",
    "clockwise_from",
    "minimum_raise",
    "showdown",
    "side_pots",
]


# ---------------------------------------------------------------------------------------------
# Side pots (7.7–7.8)


@dataclass(frozen=True)
class Contribution:
    """What one player put in the pot during the whole hand."""

    player: str
    seat: int
    amount: int
    folded: bool = False


@dataclass(frozen=True)
class Share:
    player: str
    amount: int


@dataclass(frozen=True)
class Pot:
    name: str  # "main", "side 1", "side 2"… or "uncalled" (an excess returned, 7.7)
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[Share, ...]
    uncontested: bool

    def title(self) -> Msg:
        """The pot's name as a message: main, side N, uncalled (``name`` stays English)."""
        if self.name == "main":
            return pgettext("pot", "main")
        if self.name == "uncalled":
            return pgettext("pot", "uncalled")
        return pgettext("pot", "side {number}").format(number=self.name.removeprefix("side "))

    def label(self, lang: str = "en") -> str:
        """The pot's name in ``lang``."""
        return self.title().text(lang)


@dataclass(frozen=True)
class SidePotResult:
    pots: tuple[Pot, ...]  # in the order they are awarded: the last side pot first (7.8)
    won: dict[str, int]  # every player's total, folded players included (0)
    total: int
    articles: tuple[str, ...] = ("7.7", "7.8", "1.3")


def side_pots(
    contributions: Sequence[Contribution],
    ranking: Sequence[Sequence[str]],
    button: int,
    chip_unit: int = 1,
) -> SidePotResult:
    """Split the chips into the main pot and side pots and award them.

    ``ranking`` lists the players still in the hand from the best hand down, tied players in
    the same group (``[["Ada"], ["Bea", "Cid"]]``). Each pot goes to the best of the players
    eligible for it; a tie splits it, odd chips (in ``chip_unit``) one each to the winners from
    the first clockwise from the ``button`` (1.3, Decision in docs/rules.md). Pots are listed in
    the order they are decided: from the last side pot back to the main pot (7.8).
    """
    if chip_unit <= 0:
        raise RuleError(
            _("the chip unit must be a positive number of chips"),
        )
    if not contributions:
        raise RuleError(
            _("no players given: list each player's total contribution to the pot"),
        )
    names = [c.player for c in contributions]
    seats = [c.seat for c in contributions]
    if len(set(names)) != len(names):
        raise RuleError(
            _("a player is listed twice; give each player's total contribution once"),
        )
    if len(set(seats)) != len(seats):
        raise RuleError(
            _("two players share a seat; give each player his own seat number"),
        )
    for c in contributions:
        if c.amount < 0:
            raise RuleError(
                _("{player}'s contribution is negative; give chips put in, ≥ 0").format(
                    player=c.player
                ),
            )
        if c.amount % chip_unit:
            raise RuleError(
                _(
                    "{player}'s contribution {amount} is not a multiple of the "
                    "chip unit {chip_unit}; fix the amount or give the right unit"
                ).format(player=c.player, amount=chips_text(c.amount), chip_unit=chip_unit),
            )
    live = [c for c in contributions if not c.folded]
    if not live:
        raise RuleError(
            _("everyone folded: at least one player must still be in the hand"),
            "7.7",
        )
    live_names = {c.player for c in live}
    flat = [p for group in ranking for p in group]
    if len(set(flat)) != len(flat):
        raise RuleError(
            _("a player appears twice in the showdown ranking"),
        )
    unknown = set(flat) - set(names)
    if unknown:
        raise RuleError(
            _("in the ranking but not among the players: {unknown}").format(
                unknown=", ".join(sorted(unknown))
            ),
        )
    folded_ranked = set(flat) - live_names
    if folded_ranked:
        raise RuleError(
            _(
                "{folded_ranked} folded and cannot win a pot; leave folded "
                "players out of the ranking"
            ).format(folded_ranked=", ".join(sorted(folded_ranked))),
            "7.7",
        )
    missing = live_names - set(flat)
    if missing and len(live) > 1:
        raise RuleError(
            _("the ranking must list every player still in the hand; missing: {missing}").format(
                missing=", ".join(sorted(missing))
            ),
            "7.7",
        )
    groups = [list(g) for g in ranking if g] or [[live[0].player]]
    seat_of = {c.player: c.seat for c in contributions}

    levels = sorted({c.amount for c in live})
    formed: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c.amount, level) - min(c.amount, previous) for c in contributions)
        eligible = tuple(c.player for c in live if c.amount >= level)
        if amount or not formed:
            formed.append((amount, eligible))
        previous = level
    dead = sum(max(0, c.amount - previous) for c in contributions)  # folded above every live bet
    if dead:
        amount, eligible = formed[-1]
        formed[-1] = (amount + dead, eligible)

    won = {c.player: 0 for c in contributions}
    pots: list[Pot] = []
    for index, (amount, eligible) in enumerate(formed):
        uncontested = len(eligible) == 1
        name = "main" if index == 0 else ("uncalled" if uncontested else f"side {index}")
        winners: tuple[str, ...] = ()
        for group in groups:
            hit = tuple(p for p in group if p in eligible)
            if hit:
                winners = hit
                break
        if not winners:
            winners = eligible[:1]
        ordered = clockwise_from(button, (seat_of[w] for w in winners))
        by_seat = {seat_of[w]: w for w in winners}
        chips = amount // chip_unit
        base, odd = divmod(chips, len(winners))
        shares = tuple(
            Share(by_seat[s], (base + (1 if i < odd else 0)) * chip_unit)
            for i, s in enumerate(ordered)
        )
        for share in shares:
            won[share.player] += share.amount
        pots.append(
            Pot(name, amount, eligible, tuple(by_seat[s] for s in ordered), shares, uncontested)
        )
    total = sum(c.amount for c in contributions)
    return SidePotResult(pots=tuple(reversed(pots)), won=won, total=total)


# ---------------------------------------------------------------------------------------------
# Chips pushed without a word (5.5, 6.8)

ChipsAction = Literal["call", "raise", "bet"]

@dataclass(frozen=True)
class ChipsResult:
    action: ChipsAction
    letter: str | None  # the 6.8 letter that applies (A–D), None for 5.5 or a bet
    committed: int  # chips that stay in for this action
    returned: int  # chips the player takes back
    complete_to: int | None  # the amount he must bring his action up to, if any
    all_in: bool
    explanation: str  # in English (the JSON's)
    articles: tuple[str, ...]
    said: Msg | None = field(default=None, compare=False, repr=False, metadata=HIDDEN)

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``lang``."""
        return said_text(self.said, self.explanation, lang)

    def action_text(self, lang: str = "en") -> str:
        """The action's name in ``lang`` (``action`` stays English)."""
        words = {
            "call": pgettext("chips action", "call"),
            "raise": pgettext("chips action", "raise"),
            "bet": pgettext("chips action", "bet"),
        }
        return words[self.action].text(lang)


def _chips(
    action: ChipsAction,
    letter: str | None,
    committed: int,
    returned: int,
    complete_to: int | None,
    all_in: bool,
    said: Msg,
    articles: tuple[str, ...],
) -> ChipsResult:
    return ChipsResult(
        action, letter, committed, returned, complete_to, all_in, str(said), articles, said
    )


def chips_pushed(
    to_call: int,
    pushed: int,
    min_raise: int,
    *,
    single_chip: bool = False,
    declared_raise: bool = False,
    stack: int | None = None,
) -> ChipsResult:
    """What chips put in the pot without a word amount to.

    ``to_call``: chips this player must add to call (0 when no bet is open); ``pushed``: chips he
    put in; ``min_raise``: the minimum raise increment of 7.3 (the big blind), used as the
    reference by 6.8-C/D; ``single_chip``: one chip only (5.5); ``declared_raise``: he said
    "raise" without an amount (5.5); ``stack``: his chips before pushing, to spot an all-in.
    Exactly half the minimum raise over the bet is a call (6.8-D needs more than half).
    """
    if to_call < 0 or pushed <= 0 or min_raise <= 0:
        raise RuleError(
            _("give the amount to call (≥ 0), the chips pushed (> 0) and the minimum raise (> 0)"),
        )
    if stack is not None and pushed > stack:
        raise RuleError(
            _("{pushed} pushed but the stack was {stack}; check the amounts").format(
                pushed=chips_count(pushed), stack=chips_text(stack)
            ),
        )
    all_in = stack is not None and pushed == stack
    excess = pushed - to_call

    if to_call == 0:
        if pushed >= min_raise or all_in:
            said = _("a bet of {pushed}").format(pushed=pushed)
            return _chips("bet", "A", pushed, 0, None, all_in, said, ("6.8-A", "7.5"))
        said = _("a bet below the minimum: complete it to {min_raise}").format(min_raise=min_raise)
        return _chips("bet", None, pushed, 0, min_raise, False, said, ("6.8", "7.5"))
    if declared_raise:
        arts = ("5.5", "7.3") if single_chip else ("6.8", "7.3")
        if excess >= min_raise or (all_in and excess > 0):
            said = _("a raise to {pushed} (declared)").format(pushed=pushed)
            return _chips("raise", None, pushed, 0, None, all_in, said, (*arts, "7.4"))
        said = _(
            "a declared raise: complete it to the minimum, {minimum} in all"
        ).format(minimum=to_call + min_raise)
        return _chips(
            "raise", None, max(pushed, to_call), 0, to_call + min_raise, all_in, said, arts
        )
    if single_chip and excess > 0 and not all_in:
        said = _(
            "one oversized chip without a declared raise is a call of {to_call}; {back}"
        ).format(
            to_call=to_call,
            back=ngettext("{n} goes back to the player", "{n} go back to the player", excess),
        )
        return _chips("call", None, to_call, excess, None, False, said, ("5.5",))
    if all_in:
        if excess <= 0:
            said = _("all-in call for {pushed}").format(pushed=pushed)
            return _chips("call", "A", pushed, 0, None, True, said, ("6.8-A", "7.2", "7.7"))
        said = _("all-in raise to {pushed}; it reopens the betting").format(pushed=pushed)
        return _chips("raise", "A", pushed, 0, None, True, said, ("6.8-A", "7.4"))
    if excess == 0:
        said = _("the exact amount: a call of {to_call}").format(to_call=to_call)
        return _chips("call", "A", pushed, 0, None, False, said, ("6.8-A",))
    if excess < 0:
        said = _("less than the bet: a call, to be completed to {to_call}").format(
            to_call=to_call
        )
        return _chips("call", "B", pushed, 0, to_call, False, said, ("6.8-B",))
    if excess >= min_raise:
        said = _("a complete raise: {excess} over the bet").format(excess=excess)
        return _chips("raise", "A", pushed, 0, None, False, said, ("6.8-A", "7.3"))
    if 2 * excess <= min_raise:
        said = _(
            "{excess} over the bet is not more than half the minimum raise ({min_raise}): a call "
            "of {to_call}, {back}"
        ).format(
            excess=excess,
            min_raise=min_raise,
            to_call=to_call,
            back=ngettext("{n} goes back", "{n} go back", excess),
        )
        return _chips("call", "C", to_call, excess, None, False, said, ("6.8-C", "7.3"))
    said = _(
        "{excess} over the bet is more than half the minimum raise ({min_raise}): a raise, "
        "to be completed to {complete_to}"
    ).format(excess=excess, min_raise=min_raise, complete_to=to_call + min_raise)
    return _chips(
        "raise", "D", pushed, 0, to_call + min_raise, False, said, ("6.8-D", "7.3")
    )


# ---------------------------------------------------------------------------------------------
# Minimum raise (7.3–7.4)


@dataclass(frozen=True)
class RaiseResult:
    minimum_to: int  # the smallest total a raise may reach (all-in aside)
    first_raise: bool
    raise_to: int | None
    valid: bool | None  # None when no raise_to was given
    all_in: bool
    reopens: bool  # a valid raise, all-in below the minimum included, reopens the betting (7.4)
    complete_to: int | None
    explanation: str  # in English (the JSON's)
    articles: tuple[str, ...]
    said: Msg | None = field(default=None, compare=False, repr=False, metadata=HIDDEN)

    def explain(self, lang: str = "en") -> str:
        """The explanation in ``lang``."""
        return said_text(self.said, self.explanation, lang)


def minimum_raise(
    big_blind: int,
    current_bet: int,
    raised_before: bool,
    raise_to: int | None = None,
    *,
    all_in: bool = False,
    chip_unit: int = 1,
) -> RaiseResult:
    """The minimum raise under 7.3–7.4 and whether ``raise_to`` (a total) is valid.

    First raise of a betting round: at least one big blind over the current bet (preflop, the
    total is then at least double the big blind). Later raises: no minimum increment (one chip
    unit). An all-in that is a raise is valid even below the minimum and reopens the betting.
    With no bet open (``current_bet`` 0) this is a bet: at least the big blind (7.5).
    """
    if big_blind <= 0 or current_bet < 0 or chip_unit <= 0:
        raise RuleError(
            _("give a big blind > 0, the current bet ≥ 0 and a chip unit > 0"),
        )
    if current_bet == 0:
        minimum, first, arts = big_blind, not raised_before, ("7.5",)
        what = _("no bet is open: a bet of at least the big blind, {big_blind}").format(
            big_blind=big_blind
        )
    elif not raised_before:
        minimum, first, arts = current_bet + big_blind, True, ("7.3",)
        what = _("first raise: at least one big blind over {current_bet}, to {minimum}").format(
            current_bet=current_bet, minimum=minimum
        )
    else:
        minimum, first, arts = current_bet + chip_unit, False, ("7.3",)
        what = _(
            "a later raise has no minimum increment: any total above {current_bet}"
        ).format(current_bet=current_bet)

    def result(
        raise_to: int | None,
        valid: bool | None,
        all_in: bool,
        reopens: bool,
        complete_to: int | None,
        said: Msg,
        articles: tuple[str, ...],
    ) -> RaiseResult:
        return RaiseResult(
            minimum, first, raise_to, valid, all_in, reopens, complete_to, str(said), articles, said
        )

    if raise_to is None:
        return result(None, None, all_in, True, None, what, arts)
    if raise_to <= current_bet:
        raise RuleError(
            _(
                "a raise must go above the current bet of {current_bet}; "
                "{raise_to} is a call or less"
            ).format(current_bet=current_bet, raise_to=raise_to),
            "7.3",
        )
    if raise_to >= minimum:
        said = _("{what}; {raise_to} is valid and reopens the betting").format(
            what=what, raise_to=raise_to
        )
        return result(raise_to, True, all_in, True, None, said, (*arts, "7.4"))
    if all_in:
        said = _(
            "{what}; an all-in to {raise_to} is below it but still a raise, and it reopens "
            "the betting"
        ).format(what=what, raise_to=raise_to)
        return result(raise_to, True, True, True, None, said, (*arts, "7.4"))
    said = _("{what}; {raise_to} is short: complete to {minimum}").format(
        what=what, raise_to=raise_to, minimum=minimum
    )
    return result(raise_to, False, False, False, minimum, said, arts)
