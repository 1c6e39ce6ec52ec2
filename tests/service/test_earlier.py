"""A new event "like the last one" copies the earlier one as the service reads it
(``Tournament.earlier``): its settings with the structure it started with, and its players
to offer, the withdrawn left out."""

from __future__ import annotations

import random

from tdconsole.domain.play import Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def test_the_earlier_event_carries_its_structure_and_its_players() -> None:
    service = Tournament.in_memory("Earlier", load_settings(), rng=random.Random(3))
    try:
        service.execute(Register(names=["Rossi", "Bianchi", "Verdi", "Neri"]))
        before = service.earlier()
        assert before.carried == service.state.settings  # no structure yet: as they are
        service.execute(Withdraw(name="Bianchi"))
        service.execute(Pay(names=["Rossi", "Verdi", "Neri"]))
        service.execute(Draw(seed=3))
        service.execute(Start(stack=10000, big_blind=200))
        copied = service.earlier()
    finally:
        service.close()
    assert copied.name == "Earlier"
    assert copied.players == ("Rossi", "Verdi", "Neri")
    assert copied.carried.stacks.starting_stack == 10000
    structure = service.state.structure
    assert structure is not None
    assert copied.carried.clock.minutes == structure.minutes
    assert copied.carried.clock.second_bb_factor == structure.second_bb // structure.first_bb
