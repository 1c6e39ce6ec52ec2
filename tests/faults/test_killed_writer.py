"""1,000 mixed actions by a writer SIGKILLed at random moments (issue 8, faults).

A writer process plays events with every kind of action (registration, fees, draw, start,
counts, second stacks, eliminations, closings, the final, the clock, undo and redo), printing
each action once ``execute`` returned. The test kills it at random instants, sometimes inside a
transaction, a snapshot write or a backup, then reopens: every acknowledged action is in the
log, the file is intact, the state equals a replay from event 1 and every invariant holds, and
the backups listed are whole files. Then a new writer carries on, until 1,000 actions are done.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from invariants import check

from tdconsole.domain.events import CommandNoted, Redone, Undone
from tdconsole.service import Tournament
from tdconsole.store.backup import backup_folder, list_backups
from tdconsole.store.eventstore import inspect

ACTIONS = 1000
PLAYERS = 40

WRITER = textwrap.dedent(
    """
    import json, random, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[4])
    from driver import next_action
    from tdconsole.store import snapshot
    snapshot.SNAPSHOT_EVERY = 40  # many snapshot writes: many chances to be killed in one
    from tdconsole.domain.errors import RuleError
    from tdconsole.store.settings_file import load_settings
    from tdconsole.service import Tournament

    folder, seed, remaining = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    players = int(sys.argv[5])
    settings = (
        load_settings()
        .with_value("max_players", str(players))
        .with_value("every", "5")
        .with_value("keep", "3")
    )
    k = max([int(p.stem.split("-")[1]) for p in folder.glob("event-*.tdc")], default=1)
    print("ready", flush=True)
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
            print(json.dumps([k, seq, kind, summary]), flush=True)
            remaining -= 1
        service.close()
        k += 1
    """
)


Seen = dict[Path, tuple[object, ...]]


def _on_disk(path: Path, acked: int) -> tuple[object, ...]:
    """What a verification of ``path`` depends on: its bytes' size and time, those of every
    file beside it (its journal, its backups) and the acknowledged actions it must hold."""
    beside = [*path.parent.glob(path.name + "?*"), *backup_folder(path).glob("*")]
    around = sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in beside)
    stat = path.stat()
    return (stat.st_size, stat.st_mtime_ns, acked, tuple(around))


def _verify(folder: Path, acked: list[list[object]], seen: Seen) -> None:
    """Every event file checked; one left as it was when last checked (a writer carries on
    only the newest) is not checked again: the same bytes give the same answers."""
    by_event: dict[int, list[list[object]]] = {}
    for item in acked:
        by_event.setdefault(int(str(item[0])), []).append(item)
    for path in sorted(folder.glob("event-*.tdc")):
        k = int(path.stem.split("-")[1])
        if seen.get(path) == _on_disk(path, len(by_event.get(k, []))):
            continue
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",), path
        service = Tournament.open(path)
        try:
            log = {r.seq: r for r in service.store.read()}
            for _, seq, kind, summary in by_event.get(k, []):
                record = log.get(int(str(seq)))
                assert record is not None, f"acknowledged {kind} {summary!r} lost from {path}"
                expected = {"do": CommandNoted, "undo": Undone, "redo": Redone}[str(kind)]
                assert isinstance(record.body, expected), (record, kind)
                assert record.body.summary == summary
            # The state equals a replay from event 1 (``check`` folds the log again) and
            # every invariant holds.
            check(service)
        finally:
            service.close()
        for backup in list_backups(path):
            inspect(backup.path)  # a listed backup is always a whole, readable event
        seen[path] = _on_disk(path, len(by_event.get(k, [])))


def test_sigkill_at_random_points_across_a_thousand_actions(tmp_path: Path) -> None:
    folder = tmp_path / "events"
    folder.mkdir()
    rng = random.Random(8)
    acked: list[list[object]] = []
    kills = 0
    env = dict(os.environ)
    starts = 0
    seen: Seen = {}
    while len(acked) < ACTIONS:
        # About 20 writers do it; a bound on their number, not on time (a busy machine is slow).
        starts += 1
        assert starts <= 300, f"only {len(acked)} actions from {starts - 1} writers"
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                WRITER,
                str(folder),
                str(rng.randint(0, 10**6)),
                str(ACTIONS - len(acked)),
                str(Path(__file__).parent),
                str(PLAYERS),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        budget = rng.choice([3, 10, 30, 60, 150])  # actions before the kill, about
        limit = time.monotonic() + 20
        while budget > 0 and time.monotonic() < limit:
            line = proc.stdout.readline()
            if not line:
                break
            acked.append(json.loads(line))
            budget -= 1
        time.sleep(rng.random() * 0.003)  # somewhere inside the next action
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            kills += 1
        out, err = proc.communicate()
        acked.extend(json.loads(line) for line in out.splitlines() if line.strip())
        assert proc.returncode in (0, -signal.SIGKILL), err
        _verify(folder, acked, seen)
    print(f"{kills} kills, {len(acked)} acknowledged actions")
    assert kills >= 5
    kinds = {str(item[2]) for item in acked}
    assert kinds == {"do", "undo", "redo"}
    summaries = " ".join(str(item[3]) for item in acked)
    for word in (
        "register",
        "entry fee",
        "food",
        "seat draw",
        "start",
        "count",
        "second stack",
        "eliminated",
        "close table",
        "final table draw",
        "clock",
    ):
        assert word in summaries, f"no {word!r} among the actions"
