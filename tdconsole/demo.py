"""The demo event: 24 fictional players, paid, drawn and started, to try the console on."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

from tdconsole.domain.play import Start
from tdconsole.domain.registration import Pay, Register
from tdconsole.domain.seating import Draw
from tdconsole.i18n import _
from tdconsole.service import Tournament
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
    clock = (lambda: now) if now is not None else None
    kwargs = {"clock": clock} if clock else {}
    service = Tournament.create(
        target,
        _("Autumn Tournament (demo)").text(lang),
        load_settings(),
        rng=random.Random(seed),
        **kwargs,
    )
    try:
        service.execute(Register(names=list(players)))
        service.execute(Pay(names=list(players)))
        service.execute(Pay(names=list(players[:18]), food=True))
        service.execute(Draw(seed=seed))
        service.execute(Start(stack=4000, big_blind=100))
    finally:
        service.close()
    return target
