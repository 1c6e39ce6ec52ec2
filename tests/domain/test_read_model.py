"""The read model: the State as the faces read it, typed, built once and written as JSON at
one boundary (``to_json``), with one function for each derived number."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from tdhelpers.support import terminal

from tdconsole.demo import demo_in_memory
from tdconsole.domain.floor_model import floor_state
from tdconsole.domain.numbers import money_shown
from tdconsole.domain.play_common import second_stack_amount, second_stack_offers
from tdconsole.domain.read_model import (
    PayoutView,
    PlayerView,
    ResultView,
    paid_beyond_the_table,
    place_holders,
    state_view,
    to_json,
)
from tdconsole.domain.served import Served
from tdconsole.domain.state import State
from tdconsole.domain.view import state_json
from tdconsole.serve.floor.phone_json import state_json as floor_json

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


@pytest.fixture
def demo() -> Iterator[State]:
    service = terminal(demo_in_memory(now=NOW), clock=lambda: NOW, rng=random.Random(7))
    yield service.state
    service.close()


def test_the_documents_are_the_models_written_once(demo: State) -> None:
    view = state_view(demo, NOW)
    assert state_json(demo, NOW) == to_json(view)
    shown = floor_state(demo, NOW, "Anna", "it")
    assert floor_json(Served(demo), NOW, "Anna", "it") == to_json(shown)
    # each number said once: the players in are also the place the next one out takes
    assert list(floor_json(Served(demo), NOW, "Anna", "it")) == [
        *("seq", "event", "phase", "staff", "lang", "in_play", "big_blind", "clock"),
        *("sent_at", "players", "message"),
    ]
    # the faces read attributes of the same models the documents are written from
    first = view.players[0]
    assert state_json(demo, NOW)["players"][0]["name"] == first.name
    assert [p.name for p in shown.players] == [p.name for p in demo.in_players()]


def test_a_model_is_written_with_its_keys_in_order_money_and_times_as_text() -> None:
    player = PlayerView(
        name="[red]Bob",
        status="out",
        paid=True,
        food_paid=False,
        table=None,
        seat=None,
        card=None,
        chips=0,
        second_stack=None,
        bonus=None,
        place=12,
        tied=True,
        prize=Decimal("42.50"),
        entry_refund=None,
        food_refund=Decimal(5),
        out_at=NOW,
        suspended_orbits=None,
        handed_over=Decimal("42.50"),
        handed_over_at=NOW,
    )
    document = to_json(player)
    assert list(document) == list(PlayerView._fields)
    assert document["name"] == "[red]Bob"
    assert document["prize"] == "42.5"
    assert document["food_refund"] == "5"
    assert document["entry_refund"] is None
    assert document["out_at"] == "2026-11-29T20:00:00+00:00"
    assert document["handed_over"] == "42.5"
    assert document["handed_over_at"] == "2026-11-29T20:00:00+00:00"
    assert to_json((player, player)) == [document, document]


def test_each_table_offers_its_second_stack_from_one_function(demo: State) -> None:
    offers = second_stack_offers(demo)
    assert offers  # the demo is in its elimination phase
    assert offers == {
        t.number: amount
        for t in demo.open_tables()
        if (amount := second_stack_amount(demo, t)) is not None
    }
    view = state_view(demo, NOW)
    assert {t.number: t.second_stack_now for t in view.tables if t.open} == offers
    assert [t.must_close for t in view.tables] == [
        demo.must_close(t) for t in sorted(demo.tables.values(), key=lambda t: t.number)
    ]
    for p in floor_state(demo, NOW, "", "it").players:
        taken = demo.players[next(k for k, q in demo.players.items() if q.name == p.name)]
        expected = None if taken.second_stack is not None else offers.get(p.table or 0)
        assert p.second_stack == expected


def test_place_holders_give_tied_players_the_places_below_theirs(demo: State) -> None:
    out = [p for p in demo.ordered_players() if p.status == "in"][:3]
    for p in out:
        p.status, p.place = "out", 20  # three out in one hand share 20th
    holders = place_holders(demo)
    assert [holders[place].name for place in (20, 21, 22)] == [p.name for p in out]


def test_players_tied_past_the_last_paid_row_are_the_ones_beyond_the_table() -> None:
    """Two out in one hand at 5th share the 5th prize (V.1): the one holding 6th has no row."""
    rows = tuple(
        PayoutView(place, 50, Decimal(10), name, tied, False)
        for place, name, tied in ((4, "Ada", False), (5, "[red]Bob", True))
    )
    paid = (
        ResultView(4, "Ada", False, Decimal(10)),
        ResultView(5, "[red]Bob", True, Decimal(5)),
        ResultView(6, "Cleo", True, Decimal(5)),
    )
    assert paid_beyond_the_table(rows, paid) == (paid[2],)
    assert paid_beyond_the_table(rows, paid[:2]) == ()


def test_a_models_money_is_said_as_its_json_writes_it() -> None:
    assert money_shown(Decimal("1680.00"), "scudi") == "1 680 scudi"
    assert money_shown(Decimal("12.50")) == "12.5"


def test_the_phone_reads_the_number_in_play_once_whatever_the_players(
    demo: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether each player may still take a second stack was asked per player, each asking
    count the players in play again: the phone's list grew as the square of the field."""
    counted = 0
    in_play = State.in_play

    def counting(state: State) -> int:
        nonlocal counted
        counted += 1
        return in_play.fget(state)  # type: ignore[attr-defined, no-any-return]

    monkeypatch.setattr(State, "in_play", property(counting))
    players = len(floor_json(Served(demo), NOW, "", "it")["players"])
    assert players > 10
    assert counted <= 5
