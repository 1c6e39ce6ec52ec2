"""Title II: the seat draw (II.1-II.4) and its table counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import RuleError
from tdconsole.domain.seating import draw_seats, plan_tables, split_said, split_warning
from tdconsole.domain.settings import SeatingSettings
from tdconsole.domain.slices.draw import SeatsDrawn, drawn_warning
from tdconsole.domain.state import RANKS

SEATING = SeatingSettings()


@pytest.mark.parametrize(
    ("players", "sizes", "warned"),
    [
        (24, [8, 8, 8], False),  # fewest tables of 6-8: 3 × 8, not 4 × 6 (II.1 Decision)
        (23, [8, 8, 7], False),
        (18, [6, 6, 6], False),
        (16, [8, 8], False),
        (12, [6, 6], False),
        (17, [6, 6, 5], True),  # no balanced 6-8 split: fewest tables of at most 8, warned
        (11, [6, 5], True),
        (10, [5, 5], True),
        (9, [9], False),  # nine or fewer: one table, the final (IV.2)
        (2, [2], False),
    ],
)
def test_II1_table_count(players: int, sizes: list[int], warned: bool) -> None:
    plan = plan_tables(players, SEATING)
    assert plan.sizes == sizes
    assert (plan.warning is not None) == warned


def test_II1_director_may_choose_the_table_count() -> None:
    assert plan_tables(24, SEATING, tables=4).sizes == [6, 6, 6, 6]
    with pytest.raises(RuleError) as info:
        plan_tables(24, SEATING, tables=2)  # 12 a table: more than the 10 seats
    assert info.value.article == "II.1"
    with pytest.raises(RuleError):
        plan_tables(1, SEATING)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(min_value=2, max_value=24), seed=st.integers(0, 2**32))
def test_II2_II3_any_draw_is_balanced_unique_and_decreasing(players: int, seed: int) -> None:
    """Art. II.3: sizes differ by at most one; II.2: every seat card is unique, decreasing
    clockwise from the ace in seat 1; II.4: seat 1 holds the highest card."""
    plan = plan_tables(players, SEATING)
    final = plan.tables == 1 and players <= SEATING.final_seats
    seats = SEATING.final_seats if final else SEATING.table_seats
    names = [f"P{i}" for i in range(players)]
    tables = draw_seats(names, plan.sizes, seats, SEATING, random.Random(seed), final=final)
    sizes = [sum(s.player is not None for s in t.seats) for t in tables]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(p for t in tables for s in t.seats if (p := s.player)) == sorted(names)
    cards = [(t.number, s.card) for t in tables for s in t.seats]
    assert len(cards) == len(set(cards))
    for table in tables:
        ranks = [RANKS.index(s.card.removesuffix(table.suit)) for s in table.seats]
        assert ranks == sorted(ranks) and ranks[0] == 0  # decreasing value clockwise
        assert {s.card[-1] for s in table.seats} == {table.suit}
        occupied = [s.seat for s in table.seats if s.player is not None]
        assert occupied == list(range(1, len(occupied) + 1))  # the drawn cards are seats 1..n


def test_II2_seed_reproduces_the_draw() -> None:
    names = [f"P{i}" for i in range(24)]
    a = draw_seats(names, [8, 8, 8], 10, SEATING, random.Random(5))
    b = draw_seats(names, [8, 8, 8], 10, SEATING, random.Random(5))
    c = draw_seats(names, [8, 8, 8], 10, SEATING, random.Random(6))
    assert a == b and a != c
    assert [t.suit for t in a] == ["♥", "♦", "♣"]


@pytest.mark.parametrize(
    ("sizes", "said"),
    [
        ([4, 4, 4], "3 tables of 4"),
        ([6, 5], "1 table of 6 and 1 of 5"),
        ([6, 6, 5], "2 tables of 6 and 1 of 5"),
        ([9, 8, 8], "1 table of 9 and 2 of 8"),
    ],
)
def test_II1_a_split_is_said_table_by_table(sizes: list[int], said: str) -> None:
    assert str(split_said(sizes)) == said


def test_II1_the_warning_says_the_tables_drawn_and_the_range() -> None:
    # Twelve at three tables: 6-8 was possible (2 × 6), the count chosen falls outside.
    assert str(split_warning([4, 4, 4], SEATING)) == (
        "3 tables of 4: outside 6-8 players a table (Art. II.1)"
    )
    # Eleven: no balanced split in 6-8 exists.
    assert str(plan_tables(11, SEATING).warning) == (
        "no balanced split of 11 players into tables of 6-8: 1 table of 6 and 1 of 5 (Art. II.1)"
    )
    assert split_warning([8, 8, 8], SEATING) is None
    assert split_warning([5, 4], SEATING) is None  # nine: one table is the final's (IV.2)


def test_II1_a_recorded_draw_carries_its_warning_in_any_language() -> None:
    sizes = [4, 4, 4]
    names = [f"P{i}" for i in range(12)]
    tables = draw_seats(names, sizes, 10, SEATING, random.Random(1))
    found = drawn_warning([SeatsDrawn(tables=tables)], SEATING)
    assert found is not None
    assert found.text("it") == (
        "3 tavoli da 4: fuori dall'intervallo di 6-8 giocatori per tavolo (Art. II.1)"
    )
    assert drawn_warning([], SEATING) is None
