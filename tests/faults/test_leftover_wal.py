"""A new event file never meets another file's ``-wal`` or ``-shm``: ``new``, ``import`` and
``backups restore`` refuse a path with one left beside it, in one line, and delete nothing (a
``-wal`` may hold the last writes of the file it belongs to). Before, import and restore said
they succeeded and every command then said the file was damaged."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied

from tdconsole.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _serata(path: Path) -> None:
    assert main(["--lang", "en", "new", str(path), "--name", "Serata"]) == 0
    assert main(["--lang", "en", "--event", str(path), "register", "Ada", "Bea"]) == 0


@pytest.fixture(scope="module")
def serata(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "serata", _serata)


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str], serata: Path) -> Path:
    """Two players registered, a backup of it taken and its export beside it."""
    path = copied(serata, tmp_path)
    assert run(capsys, "--event", str(path), "backups", "now")[0] == 0
    exported = tmp_path / "serata.json"
    assert run(capsys, "--event", str(path), "export", "-o", str(exported))[0] == 0
    return path


def leave_beside(event: Path, target: Path, suffix: str) -> bytes:
    """Another event file's working file, with writes in it, left at ``target``+``suffix``
    (that file moved away while a terminal had it open)."""
    other = target.parent / "other.tdc"
    shutil.copyfile(event, other)
    db = sqlite3.connect(other)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("UPDATE events SET actor = 'Someone' WHERE seq = 1")
    db.commit()
    left = Path(f"{other}{suffix}").read_bytes()
    Path(f"{target}{suffix}").write_bytes(left)
    db.close()
    return left


Make = Callable[[Path, Path], list[str]]

MAKES: dict[str, Make] = {
    "new": lambda event, target: ["new", str(target), "--name", "Nuova"],
    "import": lambda event, target: [
        "import",
        f"{event.with_suffix('.json')}",
        "--to",
        f"{target}",
    ],
    "backups restore": lambda event, target: [
        *("--event", str(event), "backups", "restore", "1", "--to", str(target))
    ],
}


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("make", list(MAKES))
def test_a_leftover_beside_the_target_is_refused(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path, make: str, suffix: str
) -> None:
    target = tmp_path / "P.tdc"
    left = leave_beside(event, target, suffix)
    code, out, err = run(capsys, *MAKES[make](event, target))
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and f"P.tdc{suffix} is left beside" in err, err
    assert "move it away" in err
    assert not target.exists()
    assert Path(f"{target}{suffix}").read_bytes() == left, "nothing deleted"


@pytest.mark.parametrize("make", list(MAKES))
def test_once_it_is_moved_away_the_file_is_made_and_reads(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path, make: str
) -> None:
    target = tmp_path / "P.tdc"
    leave_beside(event, target, "-wal")
    assert run(capsys, *MAKES[make](event, target))[0] == 2
    Path(f"{target}-wal").rename(tmp_path / "elsewhere-wal")
    code, _, err = run(capsys, *MAKES[make](event, target))
    assert code == 0, err
    code, _, err = run(capsys, "--event", str(target), "log")
    assert code == 0, err
