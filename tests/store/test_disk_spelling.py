"""What is keyed on a path (a season's lock, an event's backups, its PIN attempts) is one for
two spellings of one file on a disk that ignores case (macOS's by default, Windows'),
simulated on Linux by an ``os.lstat``/``os.stat`` that find a name in any case; and a
backup's path stays short and names its event once however long the name."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path, PureWindowsPath
from typing import Any

import pytest

from tdconsole.domain.settings import Settings
from tdconsole.season.seasonfile import season_lock
from tdconsole.service import Tournament
from tdconsole.store.attempts import attempts_file
from tdconsole.store.backup import backup_folder, list_backups, take_backup
from tdconsole.store.system import disk_spelling

WINDOWS_PATH_MOST = 260
WINDOWS_DATA_FOLDER = r"C:\Users\Giovanni.Bianchi\AppData\Local\tdconsole"
"""Where a Windows user's data folder is (platformdirs')."""


def folding(real: Callable[..., Any], root: Path) -> Callable[..., Any]:
    """``real`` (``os.stat``, ``os.lstat``) on a disk under ``root`` that ignores case."""

    def look(path: Any, *args: Any, **kwargs: Any) -> Any:
        given = Path(os.fsdecode(path))
        if given.is_relative_to(root):
            spelled = root
            for part in given.relative_to(root).parts:
                names = {n.casefold(): n for n in os.listdir(spelled)} if spelled.is_dir() else {}
                spelled = spelled / names.get(part.casefold(), part)
            given = spelled
        return real(given, *args, **kwargs)

    return look


@pytest.fixture
def case_blind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "disk"
    (root / "Club").mkdir(parents=True)
    (root / "Club" / "Serata.tdc").write_bytes(b"")
    monkeypatch.setattr(os, "lstat", folding(os.lstat, root))
    monkeypatch.setattr(os, "stat", folding(os.stat, root))
    return root


def test_two_spellings_of_one_file_are_one_path_on_a_disk_that_ignores_case(
    case_blind: Path,
) -> None:
    typed = case_blind / "CLUB" / "serata.TDC"
    assert disk_spelling(typed) == case_blind / "Club" / "Serata.tdc"
    assert season_lock(case_blind / "club") == season_lock(case_blind / "Club")
    assert backup_folder(typed) == backup_folder(case_blind / "Club" / "Serata.tdc")
    assert attempts_file(typed) == attempts_file(case_blind / "Club" / "Serata.tdc")


def test_a_disk_that_keeps_case_keeps_two_files_apart(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    if (tmp_path / "Club").exists():
        pytest.skip("this disk ignores case (macOS's, Windows')")
    (tmp_path / "Club").mkdir()
    assert disk_spelling(tmp_path / "Club") == tmp_path / "Club"
    assert season_lock(tmp_path / "club") != season_lock(tmp_path / "Club")
    assert disk_spelling(tmp_path / "Missing" / "x") == tmp_path / "Missing" / "x"


def test_a_long_name_is_in_a_backups_path_once_and_well_under_windows_most(
    data_dir: Path, tmp_path: Path, settings: Settings
) -> None:
    event = tmp_path / ("Campionato sociale di primavera del circolo " * 5 + ".tdc")
    Tournament.create(event, "Campionato", settings).close()  # a file name of 225 characters
    backup = take_backup(event)
    within = backup.path.relative_to(data_dir)
    assert str(within).count("Campionato") == 1
    on_windows = PureWindowsPath(WINDOWS_DATA_FOLDER, *within.parts)
    assert len(str(on_windows)) < WINDOWS_PATH_MOST - 60, on_windows
    assert [b.path for b in list_backups(event)] == [backup.path]


def test_backups_named_as_older_versions_named_them_are_still_listed(
    data_dir: Path, make_service: Any
) -> None:
    service = make_service("serata")
    service.close()
    new = take_backup(service.store.path)
    old = new.path.with_name(f"serata-{new.path.name}")
    new.path.rename(old)
    assert [(b.path, b.seq) for b in list_backups(service.store.path)] == [(old, new.seq)]
