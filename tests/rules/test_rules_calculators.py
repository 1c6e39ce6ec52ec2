"""The rulings calculators against worked examples and properties (articles in each name)."""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tdhelpers.support import printed_by_python

from tdconsole.domain.errors import RuleError
from tdconsole.rules.calculators import (
    Contribution,
    as_json,
    button_plan,
    chips_pushed,
    clock_call,
    minimum_raise,
    showdown,
    side_pots,
)

# --------------------------------------------------------------------------- side pots 7.7–7.8


def test_side_pots_7_7_three_all_ins_at_different_amounts() -> None:
    """Art. 7.7-7.8: A all-in 100, B all-in 300, C all-in 500, D covers; paid last pot first."""
    result = side_pots(
        [
            Contribution("A", 1, 100),
            Contribution("B", 2, 300),
            Contribution("C", 3, 500),
            Contribution("D", 4, 500),
        ],
        ranking=[["A"], ["B"], ["C"], ["D"]],
        button=4,
    )
    assert [(p.name, p.amount, p.eligible, p.winners) for p in result.pots] == [
        ("side 2", 400, ("C", "D"), ("C",)),
        ("side 1", 600, ("B", "C", "D"), ("B",)),
        ("main", 400, ("A", "B", "C", "D"), ("A",)),
    ]
    assert result.won == {"A": 400, "B": 600, "C": 400, "D": 0}
    assert result.total == 1400
    assert result.articles == ("7.7", "7.8", "1.3")


def test_side_pots_7_7_uncalled_excess_goes_back() -> None:
    """Art. 7.7: the bigger bet is reduced to the all-in player's stack; the rest returns."""
    result = side_pots(
        [Contribution("A", 1, 300), Contribution("B", 2, 1000)], ranking=[["A"], ["B"]], button=1
    )
    assert [(p.name, p.amount, p.winners, p.uncontested) for p in result.pots] == [
        ("uncalled", 700, ("B",), True),
        ("main", 600, ("A",), False),
    ]
    assert result.won == {"A": 600, "B": 700}


def test_side_pots_7_7_folded_chips_stay_in_the_pots() -> None:
    """Art. 7.7: a folded player's chips are won by others; he is eligible for nothing."""
    result = side_pots(
        [
            Contribution("A", 1, 200),
            Contribution("B", 2, 600),
            Contribution("C", 3, 600),
            Contribution("F", 5, 400, folded=True),
        ],
        ranking=[["C"], ["A"], ["B"]],
        button=1,
    )
    main, side = result.pots[1], result.pots[0]
    assert (main.amount, main.eligible, main.winners) == (800, ("A", "B", "C"), ("C",))
    assert (side.amount, side.eligible, side.winners) == (1000, ("B", "C"), ("C",))
    assert result.won["F"] == 0 and sum(result.won.values()) == 1800


def test_side_pots_1_3_tie_splits_and_odd_chip_to_first_clockwise_from_button() -> None:
    """Art. 1.3 + Decision: a tie splits; odd chips one each from the first after the button."""
    result = side_pots(
        [
            Contribution("A", 2, 25),
            Contribution("B", 5, 25),
            Contribution("C", 8, 25),
            Contribution("D", 9, 25, folded=True),
        ],
        ranking=[["A", "B", "C"]],
        button=6,
        chip_unit=25,
    )
    (pot,) = result.pots
    # 100 chips = 4 units over 3 winners: seat 8 is first clockwise after the button (6)
    assert pot.winners == ("C", "A", "B")
    assert [(s.player, s.amount) for s in pot.shares] == [("C", 50), ("A", 25), ("B", 25)]


def test_side_pots_ties_in_a_side_pot_only() -> None:
    """Art. 7.7/1.3: B and C tie for the side pot A cannot win."""
    result = side_pots(
        [Contribution("A", 1, 100), Contribution("B", 2, 400), Contribution("C", 3, 400)],
        ranking=[["A"], ["B", "C"]],
        button=3,
    )
    side, main = result.pots
    assert main.winners == ("A",) and main.amount == 300
    assert [(s.player, s.amount) for s in side.shares] == [("B", 300), ("C", 300)]


@pytest.mark.parametrize(
    ("contribs", "ranking", "message"),
    [
        ([Contribution("A", 1, 100), Contribution("A", 2, 100)], [["A"]], "listed twice"),
        ([Contribution("A", 1, -5), Contribution("B", 2, 100)], [["A"], ["B"]], "negative"),
        ([Contribution("A", 1, 100), Contribution("B", 2, 100, True)], [["A"], ["B"]], "folded"),
        ([Contribution("A", 1, 100), Contribution("B", 2, 100)], [["A"]], "missing: B"),
        ([Contribution("A", 1, 100, True)], [], "everyone folded"),
        ([Contribution("A", 1, 10), Contribution("B", 1, 10)], [["A"], ["B"]], "share a seat"),
    ],
)
def test_side_pots_bad_input_refused(
    contribs: list[Contribution], ranking: list[list[str]], message: str
) -> None:
    with pytest.raises(RuleError, match=message):
        side_pots(contribs, ranking, button=1)


@st.composite
def _hands(draw: st.DrawFn) -> tuple[list[Contribution], list[list[str]], int, int]:
    unit = draw(st.sampled_from([1, 5, 25]))
    n = draw(st.integers(2, 9))
    seats = draw(st.lists(st.integers(1, 10), min_size=n, max_size=n, unique=True))
    contribs = [
        Contribution(f"P{i}", seats[i], draw(st.integers(0, 400)) * unit, draw(st.booleans()))
        for i in range(n)
    ]
    if all(c.folded for c in contribs):
        contribs[0] = Contribution("P0", seats[0], contribs[0].amount, False)
    live = [c.player for c in contribs if not c.folded]
    order = draw(st.permutations(live))
    ranking: list[list[str]] = []
    for p in order:
        if ranking and draw(st.booleans()):
            ranking[-1].append(p)
        else:
            ranking.append([p])
    return contribs, ranking, draw(st.sampled_from(seats)), unit


@settings(max_examples=300, deadline=None)
@given(_hands())
def test_side_pots_7_7_conserve_every_chip(
    case: tuple[list[Contribution], list[list[str]], int, int],
) -> None:
    """Art. 7.7: whatever the bets, folds and ties, every chip put in is paid out exactly once."""
    contribs, ranking, button, unit = case
    result = side_pots(contribs, ranking, button=button, chip_unit=unit)
    assert sum(result.won.values()) == sum(c.amount for c in contribs) == result.total
    folded = {c.player for c in contribs if c.folded}
    for pot in result.pots:
        assert sum(s.amount for s in pot.shares) == pot.amount
        assert all(s.amount % unit == 0 for s in pot.shares)
        assert set(pot.winners) <= set(pot.eligible)
        assert not set(pot.eligible) & folded
        amounts = [s.amount for s in pot.shares]
        assert max(amounts) - min(amounts) <= unit  # an even split, odd chips one each
    # a player never wins more from a pot level than the level allows: the best hand's
    # winner gets at least his own contribution back when he alone is best
    best = ranking[0]
    if len(best) == 1:
        me = next(c for c in contribs if c.player == best[0])
        assert result.won[best[0]] >= me.amount


# --------------------------------------------------------------------------- chips 5.5, 6.8


def test_6_8_A_exact_amount_is_that_action() -> None:
    """Art. 6.8-A: the exact call is a call; a full raise is a raise."""
    call = chips_pushed(to_call=400, pushed=400, min_raise=200)
    assert (call.action, call.letter, call.returned, call.complete_to) == ("call", "A", 0, None)
    raise_ = chips_pushed(to_call=400, pushed=700, min_raise=200)
    assert (raise_.action, raise_.letter, raise_.committed) == ("raise", "A", 700)
    assert "6.8-A" in raise_.articles


def test_6_8_B_less_than_the_bet_is_a_call_to_complete() -> None:
    """Art. 6.8-B: below the last valid bet: a call, completed to the bet."""
    r = chips_pushed(to_call=400, pushed=300, min_raise=200)
    assert (r.action, r.letter, r.complete_to, r.returned) == ("call", "B", 400, 0)
    assert r.articles == ("6.8-B",)


def test_6_8_C_less_than_half_a_minimum_raise_over_is_a_call() -> None:
    """Art. 6.8-C: 400 to call, 450 pushed, min raise 200: 50 < 100, a call; 50 go back."""
    r = chips_pushed(to_call=400, pushed=450, min_raise=200)
    assert (r.action, r.letter, r.committed, r.returned) == ("call", "C", 400, 50)
    half = chips_pushed(to_call=400, pushed=500, min_raise=200)  # exactly half: still a call
    assert (half.action, half.letter) == ("call", "C")


def test_6_8_D_more_than_half_a_minimum_raise_over_is_a_raise_to_complete() -> None:
    """Art. 6.8-D: 400 to call, 525 pushed, min raise 200: 125 > 100, a raise to 600."""
    r = chips_pushed(to_call=400, pushed=525, min_raise=200)
    assert (r.action, r.letter, r.complete_to) == ("raise", "D", 600)
    assert r.articles == ("6.8-D", "7.3")


def test_5_5_single_oversized_chip_is_a_call() -> None:
    """Art. 5.5: one 1000 chip facing 400, no word: a call, 600 back."""
    r = chips_pushed(to_call=400, pushed=1000, min_raise=200, single_chip=True)
    assert (r.action, r.letter, r.committed, r.returned) == ("call", None, 400, 600)
    assert r.articles == ("5.5",)


def test_5_5_single_chip_with_declared_raise_is_a_raise_completed_to_minimum() -> None:
    """Art. 5.5: 'raise' with one 500 chip facing 400 (min raise 200): complete to 600."""
    r = chips_pushed(to_call=400, pushed=500, min_raise=200, single_chip=True, declared_raise=True)
    assert (r.action, r.complete_to) == ("raise", 600)
    assert r.articles[0] == "5.5"
    full = chips_pushed(
        to_call=400, pushed=1000, min_raise=200, single_chip=True, declared_raise=True
    )
    assert (full.action, full.committed, full.complete_to) == ("raise", 1000, None)


def test_7_4_chips_all_in_are_complete_actions() -> None:
    """Art. 7.2/7.4: pushing the whole stack is an all-in call or an all-in raise as it is."""
    r = chips_pushed(to_call=400, pushed=450, min_raise=200, stack=450)
    assert (r.action, r.all_in, r.letter, r.returned) == ("raise", True, "A", 0)
    short = chips_pushed(to_call=400, pushed=250, min_raise=200, stack=250)
    assert (short.action, short.complete_to) == ("call", None)


def test_7_5_silent_bet_with_no_bet_open() -> None:
    """Art. 7.5: with nothing to call, chips are a bet of at least the big blind."""
    assert chips_pushed(to_call=0, pushed=300, min_raise=200).action == "bet"
    small = chips_pushed(to_call=0, pushed=100, min_raise=200)
    assert small.complete_to == 200


def test_chips_bad_input_refused() -> None:
    with pytest.raises(RuleError):
        chips_pushed(to_call=-1, pushed=100, min_raise=200)
    with pytest.raises(RuleError, match="stack"):
        chips_pushed(to_call=100, pushed=500, min_raise=200, stack=300)


# --------------------------------------------------------------------------- raise 7.3–7.4


def test_7_3_first_raise_must_double_the_big_blind() -> None:
    """Art. 7.3: BB 200, first raise at least to 400; 300 is short."""
    r = minimum_raise(big_blind=200, current_bet=200, raised_before=False, raise_to=300)
    assert (r.minimum_to, r.valid, r.complete_to, r.first_raise) == (400, False, 400, True)
    ok = minimum_raise(big_blind=200, current_bet=200, raised_before=False, raise_to=400)
    assert ok.valid and ok.reopens


def test_7_3_later_raises_have_no_minimum_increment() -> None:
    """Art. 7.3: after a raise to 1000, a re-raise to 1025 is valid (unlike federation rules)."""
    r = minimum_raise(
        big_blind=200, current_bet=1000, raised_before=True, raise_to=1025, chip_unit=25
    )
    assert (r.minimum_to, r.valid) == (1025, True)


def test_7_4_all_in_below_the_minimum_still_reopens() -> None:
    """Art. 7.4: an all-in to 300 over a 200 big blind is a raise and reopens the betting."""
    r = minimum_raise(
        big_blind=200, current_bet=200, raised_before=False, raise_to=300, all_in=True
    )
    assert (r.valid, r.reopens, r.all_in) == (True, True, True)
    assert "7.4" in r.articles


def test_7_3_a_raise_must_exceed_the_bet() -> None:
    with pytest.raises(RuleError, match="above the current bet") as err:
        minimum_raise(big_blind=200, current_bet=400, raised_before=True, raise_to=400)
    assert err.value.article == "7.3"


def test_7_5_no_bet_open_minimum_is_the_big_blind() -> None:
    r = minimum_raise(big_blind=200, current_bet=0, raised_before=False)
    assert r.minimum_to == 200 and r.articles == ("7.5",)


# --------------------------------------------------------------------------- button 2.4, 2.5


def _hands_of(plan: object) -> list[tuple[int, int | None, int]]:
    return [(h["button"], h["small_blind"], h["big_blind"]) for h in as_json(plan)["hands"]]


def test_2_4_small_blind_eliminated_three_hands() -> None:
    """Art. 2.4: SB (seat 2) out: button stays on 1 for one hand, then moves again."""
    plan = button_plan([1, 2, 3, 4, 5, 6], button=1, out=[2], hands=3)
    assert _hands_of(plan) == [(1, 3, 4), (3, 4, 5), (4, 5, 6)]
    assert plan.hands[0].articles == ("2.4",)


def test_2_4_big_blind_eliminated_three_hands() -> None:
    """Art. 2.4: BB (seat 3) out: button advances to 2, seat 4 posts the big blind directly
    with no small blind; next hand the button stays on 2 with both blinds; then it moves."""
    plan = button_plan([1, 2, 3, 4, 5, 6], button=1, out=[3], hands=3)
    assert _hands_of(plan) == [(2, None, 4), (2, 4, 5), (4, 5, 6)]


def test_2_4_big_blind_eliminated_with_seat_gaps_and_wraparound() -> None:
    """Art. 2.4 round the table: seats 2,5,7,9; button 7, SB 9, BB 2 goes out."""
    plan = button_plan([2, 5, 7, 9], button=7, out=[2], hands=3)
    assert _hands_of(plan) == [(9, None, 5), (9, 5, 7), (5, 7, 9)]


def test_2_4_no_blind_eliminated_button_moves_every_hand() -> None:
    """Art. II.5: the button moves clockwise every hand."""
    plan = button_plan([1, 3, 5, 7], button=7, out=[5], hands=2)
    assert _hands_of(plan) == [(1, 3, 7), (3, 7, 1)]


def test_2_4_small_blind_and_button_out_dead_button_on_empty_seat() -> None:
    """Art. 2.4: the button stays on its seat even if its player went out too (dead button)."""
    plan = button_plan([1, 2, 3, 4, 5], button=1, out=[1, 2], hands=2)
    assert plan.hands[0].dead_button and _hands_of(plan) == [(1, 3, 4), (3, 4, 5)]


def test_2_5_heads_up_button_posts_small_blind() -> None:
    """Art. 2.5: down to two, the button posts the small blind and alternates."""
    plan = button_plan([1, 4, 6], button=1, out=[6], hands=3)
    assert _hands_of(plan) == [(4, 4, 1), (1, 1, 4), (4, 4, 1)]
    assert plan.articles[0] == "2.5"


def test_button_bad_input_refused() -> None:
    with pytest.raises(RuleError, match="not among the occupied"):
        button_plan([1, 2, 3], button=4)
    with pytest.raises(RuleError, match="fewer than two"):
        button_plan([1, 2, 3], button=1, out=[2, 3])
    with pytest.raises(RuleError, match="not occupied"):
        button_plan([1, 2, 3], button=1, out=[5])


# --------------------------------------------------------------------------- showdown 1.1–1.3


def test_1_3_kicker_decides() -> None:
    """Art. 1.3: A-K beats A-Q on an ace-high board: the kicker."""
    r = showdown({"Ada": "AsKd", "Bea": "AcQh"}, "Ah9c7d4s2h")
    assert r.winners == ("Ada",) and not r.split
    assert r.hands[0].label_en == "One pair" and r.hands[0].label_it == "Coppia"


def test_1_3_board_plays_split_and_suits_never_count() -> None:
    """Art. 1.3: the board's straight plays for both: split; suits do not break the tie."""
    r = showdown({"Ada": "2c3d", "Bea": "2h3s", "Cid": "AhKd"}, "9s8h7c6dTs")
    assert set(r.winners) == {"Ada", "Bea", "Cid"} and r.split


def test_1_2_best_five_of_seven_two_pair_kicker() -> None:
    """Art. 1.2-1.3: same two pair from the board, the fifth card decides."""
    r = showdown({"Ada": "Qs2c", "Bea": "Jd3c"}, "KhKd8s8c4h")
    assert r.winners == ("Ada",)
    assert r.hands[0].cards == ("Kh", "Kd", "8s", "8c", "Qs") or set(r.hands[0].cards) == {
        "Kh",
        "Kd",
        "8s",
        "8c",
        "Qs",
    }
    assert r.groups == (("Ada",), ("Bea",))


def test_1_1_royal_flush_label_and_unicode_cards() -> None:
    r = showdown({"Ada": "A♠ K♠", "Bea": "10h 10d"}, "Q♠ J♠ T♠ 2c 3d")
    assert r.winners == ("Ada",) and r.hands[0].label_en == "Royal flush"
    assert r.hands[0].label_it == "Scala reale"


def test_showdown_bad_cards_refused() -> None:
    with pytest.raises(RuleError, match="twice"):
        showdown({"Ada": "AsKs", "Bea": "AsQd"}, "2c3c4c5d7h")
    with pytest.raises(RuleError, match="bad card"):
        showdown({"Ada": "AsKx", "Bea": "QsQd"}, "2c3c4c5d7h")
    with pytest.raises(RuleError, match="board has 5"):
        showdown({"Ada": "AsKs", "Bea": "QsQd"}, "2c3c4c")


_DECK = [r + s for r in "23456789TJQKA" for s in "shdc"]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.randoms(use_true_random=False))
def test_1_2_evaluator_agrees_with_pokerkit_best_five_of_seven(n: int, rnd: random.Random) -> None:
    """Art. 1.2: our winners equal a brute-force best five of seven scored by pokerkit."""
    from pokerkit import StandardHighHand

    cards = rnd.sample(_DECK, 2 * n + 5)
    board = cards[:5]
    holes = {f"P{i}": cards[5 + 2 * i : 7 + 2 * i] for i in range(n)}
    r = showdown({p: "".join(h) for p, h in holes.items()}, "".join(board))

    def brute(hole: list[str]) -> StandardHighHand:
        return max(
            StandardHighHand("".join(five)) for five in itertools.combinations(hole + board, 5)
        )

    best = {p: brute(h) for p, h in holes.items()}
    top = max(best.values())
    assert set(r.winners) == {p for p, b in best.items() if b == top}
    assert r.split == (len(r.winners) > 1)


# --------------------------------------------------------------------------- Poker all'Italiana


def _it(hands: dict[str, str], players: int = 5) -> tuple[str, ...]:
    return showdown(hands, mode="italiana", players_at_table=players).winners


def test_santelia_7_1_flush_beats_full_house() -> None:
    """003 Art. 7.1: colore above full."""
    assert _it({"Ada": "7c7d7s8c8d", "Bea": "Ah Kh Qh Jh 9h"}) == ("Bea",)


def test_santelia_7_1_order_poker_above_flush_straight_flush_on_top() -> None:
    assert _it({"Ada": "9c9d9s9h6c", "Bea": "AhKhQhJh7h"}) == ("Ada",)
    assert _it({"Ada": "9c9d9s9h6c", "Bea": "TsJsQsKsAs"}) == ("Bea",)


def test_santelia_7_2_equal_pairs_higher_suit_wins() -> None:
    """003 Art. 7.2: two pairs of kings: the pair with hearts wins, whatever the kickers."""
    assert _it({"Ada": "KsKd Ac Qc Jc", "Bea": "KhKc 6s 7d 8s"}) == ("Bea",)


def test_santelia_7_2_two_pair_fifth_card() -> None:
    """003 Art. 7.2: same two pair ranks: the higher fifth card wins."""
    assert _it({"Ada": "AsAd KsKd 7c", "Bea": "AhAc KhKc 9s"}) == ("Bea",)
    assert _it({"Ada": "AsAd KsKd 7c", "Bea": "AhAc QhQc 9s"}) == ("Ada",)


def test_santelia_7_2_flushes_by_suit_first() -> None:
    """003 Art. 7.2: a hearts flush beats a higher spades flush (suit order of Art. 3.2)."""
    assert _it({"Ada": "AsKsQs9s7s", "Bea": "6h8h9hJhQh"}) == ("Bea",)


def test_santelia_8_3_maximum_straight_beats_wraparound_minimum() -> None:
    """003 Art. 8.2-8.3: K-A-6-7-8 (attaccata, minima) loses to 6-7-8-9-10 (massima)."""
    r = showdown(
        {"Ada": "Kc Ad 6h 7h 8s", "Bea": "6c 7d 8h 9s Tc"}, mode="italiana", players_at_table=5
    )
    assert r.winners == ("Bea",)
    assert r.hands[1].label_it == "Scala minima" and r.hands[0].label_it == "Scala massima"


def test_santelia_8_1_equal_straights_suit_of_highest_card() -> None:
    """003 Art. 8.1: 7-8-9-10-J twice: the jack of hearts beats the jack of spades."""
    assert _it({"Ada": "7c8d9sTcJs", "Bea": "7d8c9cTdJh"}) == ("Bea",)
    assert _it({"Ada": "8c9dTsJcQs", "Bea": "7d8h9cTdJh"}) == ("Ada",)  # higher card first


def test_santelia_1_3_short_deck_and_table_size() -> None:
    """003 Art. 1.2-1.3: four players, the deck starts at 7; a 6 is refused."""
    with pytest.raises(RuleError, match="deck that starts at 7") as err:
        _it({"Ada": "6c7d8s9cTs", "Bea": "AsAdKsKdQc"}, players=4)
    assert err.value.article == "1.3"
    with pytest.raises(RuleError, match="4 to 6 players"):
        _it({"Ada": "AsAdKsKdQc", "Bea": "7c7d8s9cTs"}, players=7)
    # with four players A-7-8-9-10 wraps round the ace: a minimum straight
    r = showdown({"Ada": "Ac7d8s9cTs", "Bea": "7h8h9dTdJc"}, mode="italiana", players_at_table=4)
    assert r.winners == ("Bea",)


def test_santelia_9_1_never_split_9_2_straight_flushes_may() -> None:
    """003 Art. 9.1: one winner; 9.2: two straight flushes may split by agreement."""
    hands = {"Ada": "7h8h9hThJh", "Bea": "7d8d9dTdJd"}
    r = showdown(hands, mode="italiana")
    assert r.winners == ("Ada",) and not r.split and r.split_possible
    assert "9.2" in r.articles
    agreed = showdown(hands, mode="italiana", split_straight_flushes=True)
    assert set(agreed.winners) == {"Ada", "Bea"} and agreed.split


_SHORT = [r + s for r in "6789TJQKA" for s in "shdc"]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 5), st.randoms(use_true_random=False))
def test_santelia_9_1_always_exactly_one_winner(n: int, rnd: random.Random) -> None:
    """003 Art. 9.1: any deal of distinct cards has a single winner, whatever the input order."""
    cards = rnd.sample(_SHORT, 5 * n)
    hands = {f"P{i}": "".join(cards[5 * i : 5 * i + 5]) for i in range(n)}
    r = showdown(hands, mode="italiana", players_at_table=5)
    assert len(r.winners) == 1 and not r.split
    shuffled = dict(reversed(list(hands.items())))
    assert showdown(shuffled, mode="italiana", players_at_table=5).winners == r.winners
    places = [h.place for h in r.hands]
    assert places == list(range(1, n + 1))


# --------------------------------------------------------------------------- clock 5.4


def test_5_4_clock_phases() -> None:
    """Art. 5.4: 45 s granted: thinking, then 10 s counted aloud, then fold."""
    assert clock_call(45, 0, 20).phase == "thinking"
    assert clock_call(45, 0, 20).seconds_left == 25 and clock_call(45, 0, 20).total_left == 35
    c = clock_call(45, 100.0, 148.0)
    assert (c.phase, c.seconds_left, c.fold) == ("countdown", 7.0, False)
    e = clock_call(45, 0, 55)
    assert (e.phase, e.fold, e.articles) == ("expired", True, ("5.4", "9.1-C"))
    t0 = dt.datetime(2025, 1, 1, 21, 0, tzinfo=dt.UTC)
    assert clock_call(30, t0, t0 + dt.timedelta(seconds=35)).phase == "countdown"


@pytest.mark.parametrize("granted", [29, 61, 0])
def test_5_4_grant_outside_30_60_refused(granted: int) -> None:
    with pytest.raises(RuleError, match="30 to 60") as err:
        clock_call(granted, 0, 1)
    assert err.value.article == "5.4"


def test_5_4_now_before_start_refused() -> None:
    with pytest.raises(RuleError, match="before"):
        clock_call(40, 10, 5)


# --------------------------------------------------------------------------- no UI in the core


def test_rules_package_does_not_load_the_ui() -> None:
    code = (
        "import sys\n"
        "import tdconsole.rules, tdconsole.rules.books, tdconsole.rules.search, "
        "tdconsole.rules.importer, tdconsole.rules.calculators, tdconsole.rules.italiana, "
        "tdconsole.rules.cards\n"
        "from tdconsole.rules.search import search\n"
        "search('dote')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(','.join(bad))\n"
    )
    out = printed_by_python(code)
    assert out.strip() == ""


# -- the calculators' words in the reader's language ------------------------------------------


def test_explanations_count_chips_going_back_in_italian() -> None:
    one = chips_pushed(to_call=100, pushed=101, min_raise=100)
    assert one.letter == "C" and one.returned == 1
    assert one.explain("it") == (
        "1 oltre la puntata, non più della metà del rilancio minimo (100): una chiamata di 100, "
        "1 torna indietro"
    )
    assert one.explain("en").endswith("a call of 100, 1 goes back")
    assert one.explanation == one.explain("en")  # the JSON keeps the English
    many = chips_pushed(to_call=100, pushed=125, min_raise=100)
    assert many.explain("it").endswith("25 tornano indietro")
    assert many.action_text("it") == "chiamata" and many.action_text("en") == "call"
    chip = chips_pushed(to_call=100, pushed=101, min_raise=100, single_chip=True)
    assert chip.explain("it").endswith("1 torna al giocatore")
    assert "said" not in as_json(chip) and "explanation_it" not in as_json(chip)


def test_pots_buttons_and_hands_are_named_in_italian() -> None:
    result = side_pots(
        [Contribution("Ada", 1, 100), Contribution("Bea", 2, 300), Contribution("Cid", 3, 300)],
        [["Ada"], ["Bea", "Cid"]],
        button=1,
    )
    assert [p.label("it") for p in result.pots] == ["sovraresto 1", "principale"]
    assert [p.label("en") for p in result.pots] == [p.name for p in result.pots]
    plan = button_plan([1, 2, 3], button=1, out=[], hands=1)
    assert plan.hands[0].explain("it") == "il bottone avanza in senso orario"
    shown = showdown({"Ada": "AhAd", "Bea": "KcQc"}, "2s3d7h9cJs")
    assert shown.hands[0].name("it") == "Coppia" and shown.hands[0].name("en") == "One pair"
    assert shown.hands[0].name("pseudo") == "⟦One pair⟧"
