"""The standings as a pure function of the events' results: shared season places, the
disqualified, best N, who is the same person."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.finishes import Finish
from tdconsole.season.formulas import check_formula, points
from tdconsole.season.results import EventResult
from tdconsole.season.standings import compute, person_key


def event(day: int, *finishes: Finish, pool: int = 0) -> EventResult:
    return EventResult(
        path=Path(f"e{day}.tdc"),
        status="finished",
        name=f"E{day}",
        created=datetime(2026, 1, day, tzinfo=UTC),
        entrants=len(finishes),
        prize_pool=Decimal(pool),
        players=tuple(f.name for f in finishes),
        finishes=finishes,
    )


def f(name: str, place: int | None, span: int = 1, prize: int = 0) -> Finish:
    return Finish(name, place, span, Decimal(prize))


def test_equal_points_wins_and_best_place_share_a_place_in_name_order() -> None:
    # linear, 3 entrants each: Bea 3 + 1 = 4, Abe 1 + 3 = 4, both one win, best place 1.
    standings = compute(
        [
            event(1, f("Bea", 1), f("Cid", 2), f("Abe", 3)),
            event(2, f("Abe", 1), f("Cid", 2), f("Bea", 3)),
        ],
        "linear",
        0,
        {},
    )
    rows = [(r.place, r.player, r.points, r.tied) for r in standings.rows]
    assert rows == [(1, "Abe", 4, True), (1, "Bea", 4, True), (3, "Cid", 4, False)]
    # Cid has 4 points too but no win: third, alone.


def test_a_disqualified_player_played_and_scored_nothing() -> None:
    standings = compute([event(1, f("Ada", 1), f("Bob", 2), f("Eve", None))], "linear", 0, {})
    eve = next(r for r in standings.rows if r.player == "Eve")
    assert (eve.played, eve.points, eve.best_place, eve.wins) == (1, 0, None, 0)
    assert standings.rows[-1] is eve


def test_best_n_counts_the_highest_scores() -> None:
    events = [event(d, f("Ada", p), f("X", 3 - p), f("Y", 3)) for d, p in ((1, 2), (2, 1), (3, 2))]
    ada = next(r for r in compute(events, "linear", 2, {}).rows if r.player == "Ada")
    assert [(r.points, r.counted) for r in ada.results] == [(2, True), (3, True), (2, False)]
    assert (ada.points, ada.counted, ada.played) == (5, 2, 3)


def test_one_person_ignoring_case_accents_and_spaces() -> None:
    assert person_key("Zoë  Ångström") == person_key("zoe angstrom") == person_key("ZOË ÅNGSTRÖM")
    assert person_key("Rossi M.") != person_key("Mario Rossi")
    standings = compute(
        [event(1, f("Zoë", 1), f("Rossi M.", 2)), event(2, f("zoe", 2), f("Mario Rossi", 1))],
        "linear",
        0,
        {"Rossi M.": "Mario Rossi"},
    )
    assert [(r.player, r.played) for r in standings.rows] == [("Mario Rossi", 2), ("zoe", 2)]


def test_formulas_are_names_never_code() -> None:
    for name in ("__import__('os').system('true')", "1+1", "sqrt "):
        with pytest.raises(RuleError, match="no points formula named"):
            check_formula(name)
    # Tied places share: 2nd-3rd of 3 in linear = (2 + 1) / 2.
    assert points("linear", 2, 2, 3, Decimal(0)) == Decimal("1.50")
