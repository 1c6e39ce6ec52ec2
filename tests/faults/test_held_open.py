"""A file another program holds open (a PDF viewer, Excel, an antivirus, OneDrive's sync):
Windows refuses to replace or remove it (a sharing violation, which Python gives as
``PermissionError`` with ``winerror`` 32). The refusal says to close it there, in one line,
and changes nothing. Simulated on Linux by an ``os.replace`` and ``os.unlink`` that refuse
what Windows refuses."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.command_line import run

from tdconsole.store import faults, system

CLOSE_IT = "close it in the program that has it open"


def sharing_violation(path: Any) -> PermissionError:
    """What Windows raises for a file open in another program."""
    exc = PermissionError(
        errno.EACCES,
        "The process cannot access the file because it is being used by another process",
        os.fsdecode(path),
    )
    exc.winerror = 32  # type: ignore[attr-defined]  # (only Windows' OSError has it)
    return exc


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """Hold a file, or every file in a folder, open as another program on Windows would."""
    holding: list[Path] = []

    def is_held(path: Any) -> bool:
        given = Path(os.path.abspath(os.fsdecode(path)))
        return any(given == p or given.is_relative_to(p) for p in holding)

    def refusing(real: Callable[..., None]) -> Callable[..., None]:
        def call(*paths: Any, **kwargs: Any) -> None:
            if is_held(paths[-1]):
                raise sharing_violation(paths[-1])
            real(*paths, **kwargs)

        return call

    monkeypatch.setattr(os, "replace", refusing(os.replace))
    monkeypatch.setattr(os, "unlink", refusing(os.unlink))
    return lambda path: holding.append(Path(os.path.abspath(path)))


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "serata.tdc"
    assert run(capsys, "new", str(path), "--name", "Serata")[0] == 0
    assert run(capsys, "--event", str(path), "register", "Ada", "Bea")[0] == 0
    return path


def test_the_cause_is_said_as_what_to_do() -> None:
    assert faults.oserror_cause(sharing_violation("x.pdf")) is faults.HELD_OPEN
    assert system.held_open(sharing_violation("x.pdf"))
    assert not system.held_open(PermissionError(errno.EACCES, "Permission denied"))
    assert faults.oserror_cause(PermissionError(errno.EACCES, "x")) is faults.PERMISSION


def test_a_reprint_over_a_file_held_open_says_to_close_it(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], held: Callable[[Path], None]
) -> None:
    target = tmp_path / "standings.txt"
    assert run(capsys, "--event", str(event), "print", "standings", "-o", str(target))[0] == 0
    before = target.read_bytes()
    held(target)
    code, out, err = run(
        capsys, "--event", str(event), "print", "standings", "-o", str(target), "--force"
    )
    assert code == 2 and out == ""
    assert CLOSE_IT in err and err.count("\n") == 1, err
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "serata.tdc", "standings.txt"]


def test_a_season_file_held_open_says_to_close_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], held: Callable[[Path], None]
) -> None:
    code, _, err = run(capsys, "season", "new", str(tmp_path / "club"), "--name", "Club")
    assert code == 0, err
    season = tmp_path / "club.season.toml"
    before = season.read_bytes()
    held(season)
    code, _, err = run(capsys, "season", "--season", str(season), "set", "best=2")
    assert code == 2 and CLOSE_IT in err and err.count("\n") == 1, err
    assert season.read_bytes() == before


def test_a_backup_refused_by_a_program_holding_its_folder_says_to_close_it(
    event: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], held: Callable[[Path], None]
) -> None:
    held(data_dir / "backups")
    code, _, err = run(capsys, "--event", str(event), "backups", "now")
    assert code == 2 and CLOSE_IT in err and err.count("\n") == 1, err
