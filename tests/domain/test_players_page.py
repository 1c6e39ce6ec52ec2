"""Each player's own page: one public document for every player, from the State, the log's
latest closing and the room's picture of the same moment (no I/O)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from tdhelpers.support import terminal

from tdconsole.demo import demo_in_memory
from tdconsole.domain.clock import status
from tdconsole.domain.play import Bust, CloseTable, Final, SecondStack
from tdconsole.domain.players_page import PlayerRow, PlayersPage, players_json, players_page
from tdconsole.domain.room import room
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.domain.state import typed_in, typed_key
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

from .test_room import NOW


class Night:
    def __init__(self, made: Tournament[Any]) -> None:
        self.service = terminal(made, clock=lambda: NOW, rng=random.Random(7))

    def run(self, *commands: object) -> None:
        for command in commands:
            self.service.execute(command)  # type: ignore[arg-type]

    def page(self) -> PlayersPage:
        state = self.service.state
        shown = None
        if state.clock is not None and state.structure is not None:
            shown = status(state.clock, state.structure, NOW)
        moved = self.service.latest_moves()
        return players_page(state, moved, room(state, shown, moved, NOW))

    def row(self, name: str) -> PlayerRow:
        return next(r for r in self.page().players if r.name == name)

    def at(self, table: int) -> list[str]:
        state = self.service.state
        return [p.name for p in state.players_at(state.tables[table])]


@pytest.fixture
def night() -> Iterator[Night]:
    made = Night(demo_in_memory(now=NOW))
    made.run(ClockControl(action="start"))
    yield made
    made.service.close()


def test_every_seated_player_with_his_table_seat_and_card(night: Night) -> None:
    page = night.page()
    assert len(page.players) == 24
    state = night.service.state
    for row in page.players:
        seated = next(x for x in state.players.values() if x.name == row.name)
        assert (row.where, row.table, row.seat) == ("in", seated.table, seated.seat)
        assert seated.table is not None and seated.seat is not None
        assert row.card == state.tables[seated.table].seat(seated.seat).card
        assert row.key == typed_key(row.name)
    espo = [r.name for r in page.players if typed_in("espo", r.key)]
    assert espo == ["Esposito"]


def test_the_second_stack_taken_and_who_may_still_take_his_own(night: Night) -> None:
    first, other = night.at(1)[:2]
    assert night.row(first).may_take and not night.row(first).second_stack
    night.run(SecondStack(name=first, stack=0))
    taken, still = night.row(first), night.row(other)
    assert taken.second_stack and not taken.may_take
    assert still.may_take and not still.second_stack
    document = players_json(night.page())
    offers = dict(map(tuple, document["second_stacks"]))
    assert 1 in offers and offers[1] > 0  # the amount is the domain's, said once for the table


def test_a_closing_says_where_each_mover_goes_then_his_place_when_out(night: Night) -> None:
    while len(night.at(1)) > 3:
        night.run(Bust(names=[night.at(1)[-1]], declined=True))
    movers = night.at(1)
    counts = dict.fromkeys(movers, 0)
    counts[movers[0]] = night.service.state.tables[1].chips
    night.run(CloseTable(table=1, counts=counts))
    for name in movers:
        row = night.row(name)
        assert row.moved_from == 1 and row.table not in (None, 1)
    stayed = next(r for r in night.page().players if r.where == "in" and r.name not in movers)
    assert stayed.moved_from is None
    night.run(Bust(names=[movers[1]], declined=True))
    out = night.row(movers[1])
    assert (out.where, out.table, out.seat, out.place) == ("placed", None, None, 19)
    assert out.prize is None  # (19th is not paid)


def test_the_final_seat_then_the_winner_with_his_prize(night: Night) -> None:
    for table in (1, 2, 3):
        while len(night.at(table)) > 3:
            night.run(Bust(names=[night.at(table)[-1]], declined=True))
    names = [p.name for p in night.service.state.in_players()]
    counts = dict.fromkeys(names, 0)
    counts[names[0]] = night.service.state.chips_in_play
    night.run(Final(counts=counts))
    assert all(night.row(n).final and night.row(n).seat for n in names)
    while night.service.state.in_play > 1:
        night.run(Bust(names=[night.service.state.in_players()[-1].name], declined=True))
    page = night.page()
    winner = next(r for r in page.players if r.place == 1)
    assert winner.where == "placed" and winner.prize == "756 scudi"
    assert page.shown.stage == "winner"


def test_the_document_says_only_what_the_room_shows(night: Night) -> None:
    text = json.dumps(players_json(night.page()))
    document = json.loads(text)
    assert set(document) - {"players"} <= set(json.loads(json.dumps(room_keys(night))))
    for secret in ("pin", "session", "handed", "paid", "food", "refund", 'chips"', "order"):
        assert secret not in text.lower(), secret
    assert document["players"][0].keys() == PlayerRow.__dataclass_fields__.keys()


def room_keys(night: Night) -> list[str]:
    from tdconsole.domain.room import room_json

    return list(room_json(night.page().shown))


def test_before_the_draw_no_name_is_listed() -> None:
    service = Tournament.in_memory("Torneo", load_settings())
    try:
        service.execute(Register(names=["Rossi", "Esposito"]))
        service.execute(Pay(names=["Rossi", "Esposito"]))
        state = service.state
        page = players_page(state, None, room(state, None, None, NOW))
        assert page.players == () and players_json(page)["stage"] == "waiting"
    finally:
        service.close()


def test_the_director_s_message_reaches_the_players_page_when_the_room_has_one(
    night: Night,
) -> None:
    assert players_json(night.page())["message"] is None
    night.run(ShowMessage(message="Cena alle 21: [red]non[/red] è markup"))
    said = {"text": "Cena alle 21: [red]non[/red] è markup", "until": None}
    assert players_json(night.page())["message"] == said
