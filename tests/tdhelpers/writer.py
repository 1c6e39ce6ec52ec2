"""The killed writer of ``test_killed_writer``: a process that plays events with every kind of
action, acknowledging each once ``execute`` returned, until it is SIGKILLed or done.

Each writer is a real process with its own connection to the file, killed for real; it is
forked from a server that imported all this and played a throwaway event once (``forked``),
so that twenty writers do not each spend 0.3 s of CPU importing the console and building its
models.
"""

from __future__ import annotations

import json
import os
import random
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Protocol

from tdconsole.domain.errors import RuleError
from tdconsole.service import Tournament
from tdconsole.store import snapshot
from tdconsole.store.settings_file import load_settings
from tdhelpers.driver import next_action


class Acks(Protocol):
    def send_bytes(self, buf: bytes) -> None: ...


def write(
    folder: Path, seed: int, remaining: int, players: int, env: dict[str, str], acks: Connection
) -> None:
    """Play on the newest event of ``folder`` (then new ones) for ``remaining`` actions, each
    acknowledged on ``acks`` as ``[event, seq, kind, summary]``; a traceback is sent as
    ``["error", text]`` (the test shows it) before the process ends with exit code 1."""
    try:
        os.environ.clear()
        os.environ.update(env)  # the test's own (its data folder), not the server's
        play(folder, seed, remaining, players, acks)
    except BaseException:
        acks.send_bytes(json.dumps(["error", traceback.format_exc()]).encode())
        raise


def play(folder: Path, seed: int, remaining: int, players: int, acks: Acks) -> None:
    """The writer's work (``write``), in this process."""
    snapshot.SNAPSHOT_EVERY = 40  # many snapshot writes: many chances to be killed in one
    settings = (
        load_settings()
        .with_value("max_players", str(players))
        .with_value("every", "5")
        .with_value("keep", "3")
    )
    k = max([int(p.stem.split("-")[1]) for p in folder.glob("event-*.tdc")], default=1)
    acks.send_bytes(b'"ready"')
    while remaining > 0:
        path = folder / f"event-{k:02d}.tdc"
        if path.exists():
            service = Tournament.open(path)
        else:
            service = Tournament.create(path, f"event {k}", settings)
        refused = 0
        while remaining > 0:
            rng = random.Random(f"{seed}-{k}-{service.state.last_seq}-{refused}")
            redoable = service.history.last_redoable is not None
            action = next_action(service.state, rng, players, redoable)
            if action is None:
                break
            try:
                if action == "undo":
                    summary, kind = service.undo("killed writer test"), "undo"
                    seq = service.state.last_seq
                elif action == "redo":
                    summary, kind = service.redo(), "redo"
                    seq = service.state.last_seq
                else:
                    records = service.execute(action)
                    seq, kind, summary = records[0].seq, "do", records[0].body.summary
            except RuleError:
                refused += 1
                continue
            acks.send_bytes(json.dumps([k, seq, kind, summary]).encode())
            remaining -= 1
        service.close()
        k += 1
