"""An event's finishing places as a season reads them from its log (``domain.finishes``): the
places and their ties once finished, none before, and a place outside the field refused."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest
from tdhelpers.season_events import EVENING_1, play_event

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Record
from tdconsole.domain.finishes import outcome
from tdconsole.domain.play import PlayersEliminated
from tdconsole.service import Tournament


def log_of(path: Path) -> list[Record]:
    service = Tournament.open(path)
    try:
        return service.log()
    finally:
        service.close()


def test_a_finished_event_gives_its_places_and_ties(tmp_path: Path) -> None:
    players, outs = EVENING_1
    read = outcome(log_of(play_event(tmp_path / "one.tdc", "One", players, outs)))
    assert read.phase == "finished" and read.entrants == 6 and read.players == tuple(players)
    assert read.finishes is not None
    places = {f.name: (f.place, f.span) for f in read.finishes}
    assert places == {
        "Anna": (1, 1),
        "Bruno": (2, 1),
        "Carla": (3, 1),
        "Dario": (4, 2),
        "Elena": (4, 2),
        "Fabio": (6, 1),
    }
    assert sum((f.prize for f in read.finishes), Decimal(0)) == read.prize_pool


def test_an_unfinished_event_gives_its_players_and_no_places(tmp_path: Path) -> None:
    players, outs = EVENING_1
    read = outcome(log_of(play_event(tmp_path / "half.tdc", "Half", players, outs[:2])))
    assert read.phase != "finished" and read.finishes is None
    assert read.players == tuple(players)


def test_a_place_outside_the_field_is_refused(tmp_path: Path) -> None:
    players, outs = EVENING_1
    records = log_of(play_event(tmp_path / "forged.tdc", "Forged", players, outs))
    at, first = next((i, r) for i, r in enumerate(records) if isinstance(r.body, PlayersEliminated))
    assert isinstance(first.body, PlayersEliminated)
    out = first.body.players[0].model_copy(update={"place": 60})
    forged = first.body.model_copy(update={"players": [out]})
    records[at] = dataclasses.replace(first, body=forged)
    with pytest.raises(RuleError, match=r"place 60 is outside 1\.\.6"):
        outcome(records)
