"""Events played by the random Director (``driver``), for the tests of what an event file may
hold: snapshots, damage, storage faults. Deterministic for a given seed."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament
from tdconsole.store import snapshot
from tdconsole.store.opening import SNAPSHOTS
from tdhelpers.driver import next_action
from tdhelpers.support import FakeClock


def play(
    path: Path | None, settings: Settings, actions: int, seed: int = 3, players: int = 30
) -> Tournament[Any]:
    """A new event at ``path`` (None: in memory) after ``actions`` accepted actions (refusals
    are skipped)."""
    made: dict[str, Any] = {"clock": FakeClock(), "rng": random.Random(seed)}
    service: Tournament[Any] = (
        Tournament.in_memory("t", settings, **made)
        if path is None
        else Tournament.create(path, "t", settings, **made)
    )
    return play_on(service, actions, seed, players)


def play_on(
    service: Tournament,
    actions: int,
    seed: int = 3,
    players: int = 30,
    after: Callable[[Tournament], object] | None = None,
) -> Tournament:
    """``actions`` more accepted actions on ``service`` (refusals are skipped), ``after`` called
    with it after each one."""
    refused = 0
    for _ in range(actions * 3):
        if actions <= 0:
            break
        rng = random.Random(f"{seed}-{service.state.last_seq}-{refused}")
        redoable = service.history.last_redoable is not None
        action = next_action(service.state, rng, players, redoable)
        if action is None:
            break
        try:
            if action == "undo":
                service.undo()
            elif action == "redo":
                service.redo()
            else:
                service.execute(action)
            actions -= 1
        except RuleError:
            refused += 1
            continue
        if after is not None:
            after(service)
    return service


def file_state(path: Path) -> tuple[bytes, int]:
    """A file's bytes and modification time (to prove it was never written)."""
    return path.read_bytes(), path.stat().st_mtime_ns


def companions(path: Path) -> list[str]:
    """The files SQLite keeps beside an event (``-wal``, ``-shm``, ``-journal``) that exist."""
    return [s for s in ("-wal", "-shm", "-journal") if Path(f"{path}{s}").exists()]


def plant(path: Path, blob: bytes, *, seq: int | None = None, fp: str | None = None) -> None:
    """Replace the file's snapshots with one row, as a hostile copy of the file would hold."""
    with sqlite3.connect(path) as db:
        db.execute(SNAPSHOTS)
        (last,) = db.execute("SELECT MAX(seq) FROM events").fetchone()
        db.execute("DELETE FROM snapshots")
        db.execute(
            "INSERT INTO snapshots VALUES (?, ?, ?)",
            (last if seq is None else seq, fp or snapshot.fingerprint(), blob),
        )
