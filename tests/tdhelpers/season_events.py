"""Finished (and unfinished) events on disk for the season's tests, played through the service."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdhelpers.support import FakeClock

Out = str | tuple[str, ...]
"""Who is out in one hand: one name, or several with equal stacks (they tie)."""


def play_event(
    path: Path,
    name: str,
    players: Sequence[str],
    outs: Sequence[Out],
    *,
    day: int = 1,
    entry_fee: int = 70,
) -> Path:
    """An event of ``players`` (all paid), started, with the hands ``outs`` played in order: a
    finished event when all but one are out. Its date is 2026-10-``day``."""
    # No automatic backups: the files stay alone in their folder.
    settings = load_settings().with_value("entry_fee", str(entry_fee)).with_value("keep", "0")
    clock = FakeClock(datetime(2026, 10, day, 20, 0, tzinfo=UTC))
    service = Tournament.create(path, name, settings, clock=clock, rng=random.Random(day))
    try:
        service.execute(Register(names=list(players)))
        service.execute(Pay(names=list(players)))
        service.execute(Draw(seed=day))
        service.execute(Start(stack=4000, big_blind=100))
        for out in outs:
            who = [out] if isinstance(out, str) else list(out)
            stacks = [100] * len(who) if len(who) > 1 else None
            service.execute(Bust(names=who, stacks=stacks, declined=True))
        assert service.state.entrants == len(players)
        assert service.state.prize_pool == Decimal(entry_fee) * len(players)
    finally:
        service.close()
    return path


# The three evenings of the season's reference test (docs/season.md): overlapping players, a
# tie in the first, one player written "ANNA" and "Zoë"/"Zoe", one written "Carla B.".
EVENING_1 = (
    ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"],
    ["Fabio", ("Dario", "Elena"), "Carla", "Bruno"],  # Anna 1, Bruno 2, Carla 3, D/E 4=, F 6
)
EVENING_2 = (
    ["Bruno", "ANNA", "Zoë", "Dario", "Gino"],
    ["Gino", "Dario", "Zoë", "ANNA"],  # Bruno 1, Anna 2, Zoë 3, Dario 4, Gino 5
)
EVENING_3 = (
    ["Zoe", "Carla B.", "Anna", "Fabio"],
    ["Fabio", "Anna", "Carla B."],  # Zoe 1, Carla B. 2, Anna 3, Fabio 4
)


def three_evenings(folder: Path) -> list[Path]:
    """The three finished evenings; the third with an entry fee of 50 (the others 70)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        play_event(folder / "sera-1.tdc", "Prima sera", *EVENING_1, day=1),
        play_event(folder / "sera-2.tdc", "Seconda sera", *EVENING_2, day=8),
        play_event(folder / "sera-3.tdc", "Terza sera", *EVENING_3, day=15, entry_fee=50),
    ]
