"""The log survives a killed writer, and two writers never both act on a stale state."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import textwrap
import threading
import time
from pathlib import Path

import pytest
from tdhelpers import forked

from tdconsole.domain.fold import fold
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.eventstore import StoreError
from tdconsole.store.settings_file import load_settings

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from tdconsole.domain.slices.register import Register
    from tdconsole.domain.slices.pay import Pay
    from tdconsole.service import Tournament

    service = Tournament.open(Path(sys.argv[1]))
    for i in range(10_000):
        name = f"P{i:05d}"
        service.execute(Register(names=[name]))
        service.execute(Pay(names=[name], food=True))
        print(name, flush=True)
    """
)


def test_sigkill_mid_stream_keeps_every_acknowledged_command(tmp_path: Path) -> None:
    """Every command whose execute() returned is on disk after a SIGKILL; the file is intact."""
    settings = load_settings().with_value("max_players", "100000")
    for round_, target in enumerate((40, 57, 91)):
        path = tmp_path / f"event{round_}.tdc"
        Tournament.create(path, "kill", settings).close()
        proc = forked.popen(WRITER, str(path), stdout=True)
        assert proc.stdout is not None
        acked: list[str] = []
        deadline = time.monotonic() + 60
        while len(acked) < target and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            acked.append(line.strip())
        os.kill(proc.pid, signal.SIGKILL)  # mid-stream: the writer was running flat out
        proc.wait()
        assert len(acked) == target, "the writer did not get going"
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        service = Tournament.open(path)
        try:
            for name in acked:
                player = service.state.find(name)
                assert player is not None and player.food_paid, name
            replayed, _ = fold(service.store.read())
            assert replayed.players.keys() == service.state.players.keys()
            service.execute(Register(names=["after the crash"]))  # the file takes writes
        finally:
            service.close()


CONCURRENT = textwrap.dedent(
    """
    import sys, json
    from pathlib import Path
    from tdconsole.domain.errors import RuleError
    from tdconsole.domain.slices.register import Register
    from tdconsole.domain.slices.pay import Pay
    from tdconsole.service import Tournament

    import os, time
    service = Tournament.open(Path(sys.argv[1]), actor=sys.argv[2])
    print("ready", flush=True)
    while not os.path.exists(sys.argv[3]):
        time.sleep(0.001)
    done, refused = [], []
    names = [f"Player {i:02d}" for i in range(30)]
    if sys.argv[2] == "floor-b":
        names.reverse()  # the two terminals meet in the middle
    for name in names:
        for command in (Register(names=[name]), Pay(names=[name], food=True)):
            try:
                service.execute(command)
                done.append(type(command).__name__ + ":" + name)
            except RuleError as exc:
                refused.append(str(exc))
            time.sleep(0.01)  # a person at a terminal, not a tight loop
    print(json.dumps({"done": done, "refused": refused}))
    """
)


def test_two_processes_register_and_pay_the_same_players(tmp_path: Path) -> None:
    """Two floor terminals race on the same 30 names: each registration and each payment
    happens exactly once; the loser of each race gets a clear refusal; nothing is lost."""
    path = tmp_path / "race.tdc"
    Tournament.create(path, "race", load_settings()).close()
    procs = [
        forked.popen(CONCURRENT, str(path), who, str(tmp_path / "go"), stdout=True)
        for who in ("floor-a", "floor-b")
    ]
    for proc in procs:  # both processes have opened the event and wait at the line
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    (tmp_path / "go").touch()
    results = [json.loads(p.communicate(timeout=120)[0]) for p in procs]
    done = results[0]["done"] + results[1]["done"]
    assert sorted(done) == sorted(
        f"{kind}:Player {i:02d}" for i in range(30) for kind in ("Register", "Pay")
    )
    for result in results:
        for message in result["refused"]:
            assert "already" in message
    service = Tournament.open(path)
    try:
        state = service.state
        assert len(state.players) == 30
        assert sum(p.status == "registered" for p in state.players.values()) == 24  # I.1
        assert sum(p.status == "waitlisted" for p in state.players.values()) == 6
        assert all(p.food_paid for p in state.players.values())
        actors = {r.actor for r in service.log()}
        assert {"floor-a", "floor-b"} <= actors
    finally:
        service.close()


def test_first_write_waits_for_another_terminal_writing(tmp_path: Path) -> None:
    """A new, restored or imported file is self-contained; its first write turns it to WAL,
    which needs the file to itself. Another terminal writing at that moment makes this write
    wait for it, as any write waits for another, and not be refused as busy: SQLite refuses
    that lock at once instead of waiting (this is how two floor terminals racing on a new
    event saw "busy")."""
    path = tmp_path / "e.tdc"
    Tournament.create(path, "e", load_settings()).close()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    assert other.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    other.execute("BEGIN IMMEDIATE")  # another terminal is in the middle of a write
    service = Tournament.open(path)
    other_done = threading.Timer(0.3, other.execute, ("COMMIT",))
    try:
        other_done.start()
        service.execute(Register(names=["Rossi"]))
        assert service.state.find("Rossi") is not None
    finally:
        service.close()
        other_done.join()
        other.close()
    check = sqlite3.connect(path)
    try:
        assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        check.close()


def test_damaged_file_is_reported_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.tdc"
    path.write_bytes(b"this is not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"not a readable event file|not a tdconsole"):
        Tournament.open(path)
    assert path.read_bytes() == before
    with pytest.raises(StoreError, match="no event file"):
        Tournament.open(tmp_path / "missing.tdc")
    with pytest.raises(StoreError, match="already exists"):
        Tournament.create(path, "x", load_settings())
    assert path.read_bytes() == before
