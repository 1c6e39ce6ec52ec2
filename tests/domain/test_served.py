"""The event as the served pages read it (``domain.served``): the players a name typed on a
phone means, the places a bust would give, and what the floor checks before it acts."""

from __future__ import annotations

import random

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

NAMES = ["Rossi", "Rossini", "Bianchi", "Verdi", *(f"Player {n}" for n in range(1, 11))]


def test_a_phone_finds_the_players_in_play_and_a_bust_gives_their_places() -> None:
    service = Tournament.in_memory("e", load_settings(), rng=random.Random(5))
    try:
        service.execute(Register(names=NAMES))
        service.execute(Pay(names=NAMES))
        service.execute(Draw(seed=5))
        service.execute(Start(stack=4000, big_blind=100))
        service.execute(Bust(names=["Rossi"], declined=True))
        event = service.served()
    finally:
        service.close()
    assert event.phase == "elimination" and event.clock_running is False
    assert event.director == service.state.settings.director
    assert event.in_play("oss") == ["Rossini"]
    assert event.found("") == [n for n in NAMES if n != "Rossi"]
    assert event.one("ross") == "Rossini"  # the one in play it matches
    assert event.one("verdi") == "Verdi"
    with pytest.raises(RuleError, match="no player named 'Gialli'"):
        event.one("Gialli")
    with pytest.raises(RuleError, match="Rossi is not in play"):
        event.bust(["Rossi"], [None])
    (row,) = event.bust(["Bianchi"], [None])
    assert (row.name, row.place, row.tied) == ("Bianchi", 13, False)
    both = event.bust(["Bianchi", "Verdi"], [1000, 3000])
    assert [(r.name, r.place) for r in both] == [("Bianchi", 13), ("Verdi", 12)]
