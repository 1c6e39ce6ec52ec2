"""A ``-shm`` or ``-wal`` beside the event file that is a link (or a FIFO, a folder): SQLite
refuses to write through it and says only "disk I/O error"; the console names it and what to
do, records nothing, and reading still works."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def linked(companion: Path) -> None:
    companion.with_name("elsewhere").write_bytes(b"")
    companion.symlink_to(companion.with_name("elsewhere"))


def dangling(companion: Path) -> None:
    companion.symlink_to(companion.with_name("nowhere"))


def fifo(companion: Path) -> None:
    os.mkfifo(companion)


def folder(companion: Path) -> None:
    companion.mkdir()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--lang", "en", *argv])
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("suffix", ["-shm", "-wal"])
@pytest.mark.parametrize("make", [linked, dangling, fifo, folder])
def test_a_companion_that_is_not_a_plain_file_is_named(
    tmp_path: Path, suffix: str, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "serata.tdc"
    Tournament.create(path, "serata", load_settings()).close()
    companion = Path(f"{path}{suffix}")
    make(companion)
    code, _out, err = run("--event", str(path), "message", "Cena")
    assert code == 2 and err.count("\n") == 1, err
    assert f"{companion} is a link or not a plain file" in err and "remove it" in err, err
    assert "I/O" not in err and "input/output" not in err
    code, out, _err = run("--event", str(path), "log")
    assert code == 0 and "Cena" not in out
