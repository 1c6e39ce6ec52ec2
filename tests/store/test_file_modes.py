"""Event files, their -wal and -shm, backups, exports, printouts and season files are created
readable by their owner only: the event file holds the floor's secrets, the rest the players'
names and money, and any user of the computer could read a 0644 file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.backup import list_backups, take_backup


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def loose_umask() -> object:
    before = os.umask(0o022)  # the usual one: new files 0644 unless the console says otherwise
    yield
    os.umask(before)


def test_an_event_file_and_its_companions_are_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "serata.tdc"
    assert main(["new", str(event)]) == 0
    assert mode(event) == 0o600

    service = Tournament.open(event)
    try:
        service.execute(Register(names=["Anna"]))
        wal, shm = Path(f"{event}-wal"), Path(f"{event}-shm")
        assert wal.exists() and mode(wal) == 0o600
        assert shm.exists() and mode(shm) == 0o600
    finally:
        service.close()


def test_a_new_event_in_the_data_folder_is_private(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "autunno"]) == 0
    event = data_dir / "events" / "autunno.tdc"
    assert mode(event) == 0o600
    assert mode(event.parent) == 0o700


def test_backups_exports_and_restores_are_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "serata.tdc"
    assert main(["new", str(event)]) == 0
    backup = take_backup(event)
    assert mode(backup.path) == 0o600
    assert mode(backup.path.parent) == 0o700
    assert list_backups(event)[-1].path == backup.path
    exported = tmp_path / "serata.json"
    assert main(["--event", str(event), "export", "-o", str(exported)]) == 0
    assert mode(exported) == 0o600
    restored = tmp_path / "restored.tdc"
    assert main(["import", str(exported), "--to", str(restored)]) == 0
    assert mode(restored) == 0o600


def test_a_season_file_is_private(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "seasons"
    assert main(["season", "new", str(folder / "club"), "--name", "Club"]) == 0
    season = folder / "club.season.toml"
    assert mode(season) == 0o600
    assert mode(folder) == 0o700


def test_every_folder_of_the_data_folder_is_private(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An evening in the data folder: its events, their backups, the sealed snapshots' cache,
    # the search index of the regulations, the season's lock; each made with its parents.
    assert main(["new", "autunno"]) == 0
    event = ["--event", "autunno"]
    assert main([*event, "register", "Anna", "Bruno"]) == 0
    assert main([*event, "pay", "Anna", "Bruno"]) == 0
    take_backup(data_dir / "events" / "autunno.tdc")
    assert main([*event, "rule", "second stack"]) == 0
    assert main(["season", "new", str(data_dir / "events" / "club"), "--name", "Club"]) == 0
    season = ["season", "--season", str(data_dir / "events" / "club.season.toml")]
    assert main([*season, "add", "autunno"]) == 0
    folders = [data_dir, *(p for p in data_dir.rglob("*") if p.is_dir())]
    assert {"backups", "cache", "events", "locks"} <= {p.name for p in folders}
    loose = [f"{p.relative_to(data_dir)}: {mode(p):o}" for p in folders if mode(p) != 0o700]
    assert not loose
