"""Files that lie: an event file opened directly is checked as ``import`` checks an
export (the invariants' replay), and a file is examined before anything can write it: a
foreign ``-wal`` beside it is refused with nothing merged into the file and nothing deleted."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import run

from tdconsole.cli import main
from tdconsole.service import Tournament

NAMES = [f"Giocatore {i}" for i in range(1, 9)]


def _serata(path: Path) -> None:
    for argv in (
        ["new", str(path), "--name", "Serata"],
        ["--event", str(path), "register", *NAMES],
        ["--event", str(path), "pay", *NAMES],
        ["--event", str(path), "draw", "--seed", "1"],
        ["--event", str(path), "start", "--stack", "4000", "--bb", "100"],
        ["--event", str(path), "count", f"{NAMES[0]}=3000"],
    ):
        assert main(["--lang", "en", *argv]) == 0, argv


@pytest.fixture(scope="module")
def serata(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "serata", _serata)


@pytest.fixture
def event(tmp_path: Path, serata: Path) -> Path:
    """A started event with a count (``_serata``, once for the module): a copy of its own
    for each test."""
    return copied(serata, tmp_path)


def _rows(db: sqlite3.Connection) -> list[tuple[object, ...]]:
    return db.execute(
        "SELECT seq, command, type, schema, at, actor, data FROM events ORDER BY seq"
    ).fetchall()


def _append(db: sqlite3.Connection, summary: str, kind: str, data: object, schema: int = 1) -> None:
    """A command appended as a forger would: past every check of the live commands."""
    last = _rows(db)[-1]
    seq, at = int(str(last[0])) + 1, last[4]
    noted = json.dumps({"summary": summary})
    db.execute(
        "INSERT INTO events VALUES (?, ?, 'command', 1, ?, 'Direttore', ?)", (seq, seq, at, noted)
    )
    if kind != "command":
        db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, 'Direttore', ?)",
            (seq + 1, seq, kind, schema, at, json.dumps(data)),
        )


def _started(db: sqlite3.Connection) -> object:
    return next(json.loads(str(r[6])) for r in _rows(db) if r[2] == "started")


def forge(path: Path, how: str) -> None:
    db = sqlite3.connect(path)
    try:
        if how == "undo of the creation":
            seq = int(str(_rows(db)[-1][0])) + 1
            at = _rows(db)[-1][4]
            data = json.dumps({"command": 1, "reason": "", "summary": "create event"})
            db.execute(
                "INSERT INTO events VALUES (?, ?, 'undone', 1, ?, 'Direttore', ?)",
                (seq, seq, at, data),
            )
        elif how == "a second start":
            _append(db, "start: stack 4000, big blind 100", "started", _started(db))
        elif how == "a negative count":
            _append(db, "count", "chips_counted", {"counts": {NAMES[1]: -5}})
        elif how == "schema 99":
            _append(db, "count", "chips_counted", {"counts": {NAMES[1]: 4000}}, schema=99)
        db.commit()
    finally:
        db.close()


@pytest.mark.parametrize(
    "how", ["undo of the creation", "a second start", "a negative count", "schema 99"]
)
def test_a_log_import_refuses_is_refused_when_opened_directly(
    capsys: pytest.CaptureFixture[str], event: Path, how: str
) -> None:
    """Attack: an event file opened directly holding a log no live command writes (an undo of the
    creation, a second start, a negative count, an event of an unknown schema). Holds: each
    refused as damaged in one line by reading and writing commands; the file's bytes unchanged."""
    forge(event, how)
    before = event.read_bytes()
    for reading in (["state", "--json"], ["standings"], ["count", f"{NAMES[2]}=4000"]):
        code, out, err = run(capsys, "--event", str(event), *reading)
        assert code == 2, (how, reading, out)
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "damaged" in err or "cannot be read" in err, err
    assert event.read_bytes() == before
    # What import says of the same log, as its export carries it.
    exported = event.with_suffix(".json")
    if run(capsys, "--event", str(event), "export", "-o", str(exported))[0] == 0:
        code, _, _ = run(capsys, "import", str(exported), "--to", str(event) + ".copy")
        assert code == 2


def _foreign_wal(event: Path, tmp_path: Path, change: str) -> bytes:
    """A ``-wal`` from another copy of the file, holding ``change``, dropped beside ``event``."""
    other = tmp_path / "other.tdc"
    shutil.copyfile(event, other)
    db = sqlite3.connect(other)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    if change == "trigger":
        db.execute("CREATE TRIGGER t AFTER INSERT ON events BEGIN SELECT 1; END")
    else:
        forge_into = db
        _append(forge_into, "start: stack 4000, big blind 100", "started", _started(db))
    db.commit()
    wal = Path(f"{other}-wal").read_bytes()
    assert wal
    Path(f"{event}-wal").write_bytes(wal)
    db.close()
    return wal


@pytest.mark.parametrize("change", ["trigger", "a second start"])
def test_a_foreign_wal_is_refused_and_nothing_is_merged_or_deleted(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path, change: str
) -> None:
    """Attack: a foreign ``-wal`` (a copy's, holding a trigger or a second start) dropped beside a
    file, then a write. Holds: refused; the file's bytes and the ``-wal`` unchanged, nothing
    merged or deleted."""
    before = event.read_bytes()
    wal = _foreign_wal(event, tmp_path, change)
    code, _, err = run(capsys, "--event", str(event), "count", f"{NAMES[2]}=4000")
    assert code == 2 and err.count("\n") == 1, err
    assert "untouched" in err or "damaged" in err, err
    assert event.read_bytes() == before, "nothing merged into the file"
    assert Path(f"{event}-wal").read_bytes() == wal, "the -wal left where it was"


def test_a_good_file_with_writes_still_in_its_wal_opens_and_writes(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path
) -> None:
    """A crash leaves acknowledged writes in the -wal: they are read, and the next write opens
    the file for writing once it was examined."""
    code, _, err = run(capsys, "--event", str(event), "count", f"{NAMES[1]}=3500")
    assert code == 0, err
    db = sqlite3.connect(event)
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("BEGIN IMMEDIATE")
    # Unchanged from the live command: the last command, written again into the -wal.
    rows = _rows(db)
    db.execute("DELETE FROM events WHERE command = ?", (rows[-1][1],))
    db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows[-2:])
    db.commit()
    crashed = tmp_path / "crashed.tdc"
    shutil.copyfile(event, crashed)  # the file and its -wal as a killed writer leaves them
    shutil.copyfile(f"{event}-wal", f"{crashed}-wal")
    db.close()
    assert Path(f"{crashed}-wal").stat().st_size > 0
    code, out, err = run(capsys, "--event", str(crashed), "log")
    assert code == 0 and "3500" in out, err
    code, _, err = run(capsys, "--event", str(crashed), "count", f"{NAMES[2]}=4000")
    assert code == 0, err


def test_only_this_machines_sealed_snapshot_spares_the_replay(
    capsys: pytest.CaptureFixture[str],
    event: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack: a snapshot sealed on another machine over a log edited before it. Holds: it is not
    trusted (the log replayed whole, and refused); only a snapshot this console sealed on this
    machine spares the replay of the log before it."""
    assert run(capsys, "--event", str(event), "count", f"{NAMES[1]}=4000")[0] == 0
    service = Tournament.open(event)
    service.cache.save_snapshot()
    service.close()
    db = sqlite3.connect(event)
    (count,) = db.execute("SELECT COUNT(*) FROM snapshots").fetchone()
    assert count == 1
    # The log before the snapshot edited as a forger would (the snapshot itself kept).
    db.execute(
        "UPDATE events SET data = ? WHERE seq = "
        "(SELECT MIN(seq) FROM events WHERE type = 'chips_counted')",
        (json.dumps({"counts": {NAMES[0]: -5}}),),
    )
    db.commit()
    db.close()
    assert run(capsys, "--event", str(event), "standings")[0] == 0  # this machine's seal
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "another machine"))
    code, _, err = run(capsys, "--event", str(event), "standings")
    assert code == 2 and "damaged" in err, err
