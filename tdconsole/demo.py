"""The demo event: 24 fictional players, paid, drawn and started, to try the console on."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from typing import Any

from tdconsole.domain.play import Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.i18n import _
from tdconsole.service import Tournament
from tdconsole.store.memory import MemoryStore
from tdconsole.store.paths import events_dir
from tdconsole.store.settings_file import load_settings

DEMO_PLAYERS = (
    "Rossi",
    "Bianchi",
    "Conti",
    "Esposito",
    "Ferrari",
    "Gallo",
    "Greco",
    "Lombardi",
    "Marino",
    "Russo",
    "Villa",
    "Costa",
    "Fontana",
    "Moretti",
    "Barbieri",
    "Rinaldi",
    "Caruso",
    "Ferri",
    "Galli",
    "Mancini",
    "Bruno",
    "Leone",
    "Serra",
    "De Luca",
)


def demo_path() -> Path:
    return events_dir() / "demo.tdc"


def build_demo(
    path: Path | None = None,
    *,
    seed: int = 7,
    now: datetime | None = None,
    lang: str = "it",
    players: tuple[str, ...] = DEMO_PLAYERS,
) -> Path:
    """Build the demo event, named in ``lang``, with ``players`` (24 of them make its three
    tables). The default demo file is rebuilt afresh each time."""
    target = path or demo_path()
    if path is None and target.exists():
        for suffix in ("", "-wal", "-shm"):
            Path(str(target) + suffix).unlink(missing_ok=True)
    service = Tournament.create(target, demo_name(lang), load_settings(), **_made(seed, now))
    try:
        _play(service, seed, players)
    finally:
        service.close()
    return target


def demo_in_memory(
    *,
    seed: int = 7,
    now: datetime | None = None,
    lang: str = "it",
    players: tuple[str, ...] = DEMO_PLAYERS,
) -> Tournament[MemoryStore]:
    """The demo event of ``build_demo``, kept in memory only (``Tournament.in_memory``)."""
    service = Tournament.in_memory(demo_name(lang), load_settings(), **_made(seed, now))
    try:
        _play(service, seed, players)
    except BaseException:
        service.close()
        raise
    return service


def demo_name(lang: str) -> str:
    return _("Autumn Tournament (demo)").text(lang)


def _made(seed: int, now: datetime | None) -> dict[str, Any]:
    """How the demo's service is made: its dice, and its clock stopped at ``now`` if given."""
    made: dict[str, Any] = {"rng": random.Random(seed)}
    if now is not None:
        made["clock"] = lambda: now
    return made


def _play(service: Tournament[Any], seed: int, players: tuple[str, ...]) -> None:
    """The demo's evening so far: ``players`` registered and paid (the first 18 their food
    too), drawn with ``seed`` and started."""
    service.execute(Register(names=list(players)))
    service.execute(Pay(names=list(players)))
    service.execute(Pay(names=list(players[:18]), food=True))
    service.execute(Draw(seed=seed))
    service.execute(Start(stack=4000, big_blind=100))
