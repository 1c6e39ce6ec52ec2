"""The result at the end (IV.7, V.1) as the console's clock panel and the room display show it:
every paid player with his own prize, players tied in one hand each with their share (they were
shown as one player with the whole place's prize, the other left out)."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.registration import Pay, Register
from tdconsole.domain.seating import Draw
from tdconsole.domain.settings import load_settings
from tdconsole.service import Tournament
from tdconsole.ui.i18n import Translator
from tdconsole.ui.results import places, places_text

from .conftest import frozen

PLAYERS = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]


def test_tied_players_each_show_their_own_share(tmp_path: Path) -> None:
    service = Tournament.create(
        tmp_path / "e.tdc", "e", load_settings(), clock=frozen, rng=random.Random(1)
    )
    try:
        service.execute(Register(names=PLAYERS))
        service.execute(Pay(names=PLAYERS))
        service.execute(Draw(seed=1))
        service.execute(Start(stack=4000, big_blind=100))
        service.execute(Bust(names=["Ada"]))  # 6th
        service.execute(Bust(names=["Bea", "Cid"], stacks=[100, 100]))  # 4th and 5th, tied
        service.execute(Bust(names=["Dan"]))
        service.execute(Bust(names=["Eva"]))
        state = service.state
        assert state.phase == "finished"
        shown = places(state)
        prize = {p.name: f"{p.prize} scudi" for p in state.players.values() if p.prize}
        assert [(r.place, r.name, r.tied) for r in shown] == [
            (1, "Fil", False), (2, "Eva", False), (3, "Dan", False),
            (4, "Bea", True), (4, "Cid", True),
        ]  # fmt: skip
        assert {r.name: r.prize for r in shown} == prize
        assert sum(int(p.prize or 0) for p in state.players.values()) == state.prize_pool
        lines = places_text(shown, Translator("en")).plain.splitlines()
        assert lines[3].startswith(" 4°= Bea") and lines[4].startswith(" 4°= Cid")
        assert lines[0].startswith(" 1°  Fil")
        assert len({len(line) for line in lines}) == 1  # in columns
    finally:
        service.close()
