"""Damaged files, snapshots as a disposable cache, backups, export and import.

A truncated, garbled or zeroed file is said in one line (restore a backup; the file left
untouched) and is byte for byte unchanged afterwards; a malicious or stale snapshot is ignored;
deep undos across a snapshot equal a fold from event 1; backups rotate and restore; export then
import gives the identical ``state --json``; an import never replaces a file."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from tdhelpers.invariants import check
from tdhelpers.played import plant, play_on
from tdhelpers.support import FakeClock

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.fold import fold
from tdconsole.domain.settings import Settings
from tdconsole.domain.view import state_json
from tdconsole.service import Tournament
from tdconsole.store import snapshot
from tdconsole.store.backup import list_backups, take_backup
from tdconsole.store.eventstore import StoreError


def play(
    path: Path, settings: Settings, actions: int, seed: int = 3, each_backup: bool = False
) -> Tournament:
    """``actions`` random actions; ``each_backup``: wait after each one for the automatic backup
    it started, so that none is skipped for finding the previous one still under way."""
    service = Tournament.create(path, "t", settings, clock=FakeClock(), rng=random.Random(seed))
    return play_on(
        service, actions, seed, after=Tournament.wait_for_backup if each_backup else None
    )


@pytest.fixture
def big(settings: Settings) -> Settings:
    return settings.with_value("max_players", "30")


def test_snapshots_open_undo_and_replay_equal_a_fold_from_event_one(
    tmp_path: Path, big: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot, "SNAPSHOT_EVERY", 7)
    path = tmp_path / "snap.tdc"
    service = play(path, big, 250)
    check(service)
    service.close()
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM snapshots").fetchone()
    assert count == 1  # the latest only: a cache, not a history
    reopened = Tournament.open(path, clock=FakeClock())
    try:
        replayed, _ = fold(reopened.store.read())
        now = reopened.now()
        assert state_json(reopened.state, now) == state_json(replayed, now)
        # Undo everything undoable, each reaching further back past the snapshot.
        for _ in range(15):
            try:
                reopened.undo("deep")
            except RuleError:
                break
            check(reopened)
    finally:
        reopened.close()


def test_a_foreign_or_stale_snapshot_is_ignored(tmp_path: Path, big: Settings) -> None:
    path = tmp_path / "foreign.tdc"
    play(path, big, 40).close()
    truth = Tournament.open(path, clock=FakeClock())
    expected = state_json(truth.state, truth.now())
    truth.close()

    plant(path, b'{"seq": "not a snapshot"}')
    service = Tournament.open(path, clock=FakeClock())
    try:
        assert state_json(service.state, service.now()) == expected
    finally:
        service.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET fingerprint = 'other version', data = x'00'")
    service = Tournament.open(path, clock=FakeClock())
    try:
        assert state_json(service.state, service.now()) == expected
    finally:
        service.close()


@pytest.mark.parametrize("damage", ["truncate", "garble", "zero"])
def test_a_damaged_event_file_is_reported_and_never_written(
    tmp_path: Path, big: Settings, damage: str
) -> None:
    path = tmp_path / "hurt.tdc"
    play(path, big, 120).close()
    data = bytearray(path.read_bytes())
    assert len(data) > 4 * 4096
    if damage == "truncate":
        data = data[: len(data) // 2 + 100]
    elif damage == "garble":
        for i in range(2 * 4096, 3 * 4096):  # one whole page of garbage
            data[i] ^= 0x5A
    else:
        data = bytearray(len(data))
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        service = Tournament.open(path)
        service.log()  # should it open, reading the log must report the damage
        service.close()
    message = str(caught.value)
    assert "\n" not in message
    assert any(w in message for w in ("damaged", "not a readable", "not a tdconsole"))
    assert path.read_bytes() == before
    assert not Path(str(path) + "-wal").exists() or damage != "zero"
    code = main(["--event", str(path), "state"])
    assert code == 2
    assert path.read_bytes() == before


def test_backups_rotate_and_restore(tmp_path: Path, big: Settings) -> None:
    settings = big.with_value("every", "4").with_value("keep", "3")
    path = tmp_path / "backed.tdc"
    # A backup is due every 4 commands; one asked for while the last is still being written is
    # skipped (the next command asks again), so wait for each to have the same ones every time.
    service = play(path, settings, 60, each_backup=True)
    backups = list_backups(path)
    assert len(backups) == 3
    assert [b.seq for b in backups] == sorted({b.seq for b in backups})
    newest = backups[-1]
    # The newest backup is the last one due: fewer than 4 commands came after it.
    assert service.store.commands_after(newest.seq) < 4
    service.close()
    restored = tmp_path / "restored.tdc"
    assert main(["--event", str(path), "backups", "restore", "1", "--to", str(restored)]) == 0
    service = Tournament.open(restored)
    try:
        assert service.state.last_seq == newest.seq
        check(service)
    finally:
        service.close()
    # A restore never replaces a file.
    before = restored.read_bytes()
    assert main(["--event", str(path), "backups", "restore", "1", "--to", str(restored)]) == 2
    assert restored.read_bytes() == before
    made = take_backup(path, "", 3)
    assert made.seq == Tournament.open(path).state.last_seq


def test_export_import_round_trip_is_identical(
    tmp_path: Path, big: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "orig.tdc"
    service = play(path, big, 150)
    now = service.now()
    expected = state_json(service.state, now)
    service.close()
    exported = tmp_path / "orig.json"
    assert main(["--event", str(path), "export", "-o", str(exported)]) == 0
    copy = tmp_path / "copy.tdc"
    assert main(["import", str(exported), "--to", str(copy)]) == 0
    imported = Tournament.open(copy)
    try:
        assert state_json(imported.state, now) == expected
        assert len(imported.log()) == len(json.loads(exported.read_text())["events"])
    finally:
        imported.close()
    capsys.readouterr()
    # Never over an existing file, and a bad document is one clear line.
    before = copy.read_bytes()
    assert main(["--lang", "en", "import", str(exported), "--to", str(copy)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert copy.read_bytes() == before
    document = json.loads(exported.read_text())
    document["events"][5]["seq"] = 99
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    assert main(["import", str(broken), "--to", str(tmp_path / "new.tdc")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "new.tdc").exists()
    # Export to stdout is the same document.
    assert main(["--event", str(path), "export"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(exported.read_text())
