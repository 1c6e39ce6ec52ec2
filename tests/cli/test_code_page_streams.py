"""The command line writes every character whatever the system's code page: redirected or
piped on Windows its streams are cp1252, which has no ``♥`` and no ``Ł``. Simulated here with
``PYTHONIOENCODING=cp1252`` (a pipe: written in UTF-8) and with a cp1252 terminal (what it
cannot show is ``?``); never a traceback, never exit 1 after a registration is recorded."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.service import Tournament

NAME = "Łukasz Dvořák"
PLAYERS = [f"Giocatore {n}" for n in range(1, 9)]


def piped_cp1252(data_dir: Path, *argv: str) -> tuple[int, str, str]:
    """``tdconsole --lang en ARGV`` in its own process, its streams pipes in cp1252."""
    env = {**os.environ, "TDCONSOLE_DATA_DIR": str(data_dir), "PYTHONIOENCODING": "cp1252"}
    env.pop("PYTHONUTF8", None)
    done = subprocess.run(
        [sys.executable, "-m", "tdconsole", "--lang", "en", *argv],
        env=env,
        capture_output=True,
        timeout=60,
    )
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("cp1252")


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "serata.tdc"
    assert main(["--lang", "en", "new", str(path), "--name", "Serata"]) == 0
    assert main(["--lang", "en", "--event", str(path), "register", *PLAYERS]) == 0
    assert main(["--lang", "en", "--event", str(path), "pay", *PLAYERS]) == 0
    return path


def test_a_registration_piped_in_cp1252_is_said_whole_and_exits_0(
    event: Path, data_dir: Path
) -> None:
    code, out, err = piped_cp1252(data_dir, "--event", str(event), "register", NAME)
    assert code == 0, err
    assert f"register {NAME}" in out
    service = Tournament.open(event)
    try:
        assert NAME in {p.name for p in service.state.players.values()}
    finally:
        service.close()


@pytest.mark.parametrize(
    ("argv", "shown"),
    [(["tables"], "♥"), (["print", "seating"], "♥"), (["print", "standings"], "Giocatore 1")],
)
def test_tables_and_printouts_piped_in_cp1252_are_written_in_utf8(
    event: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str], shown: str
) -> None:
    assert main(["--lang", "en", "--event", str(event), "draw", "--seed", "1"]) == 0
    assert main(["--lang", "en", "--event", str(event), "pay", "--food", "Giocatore 1"]) == 0
    capsys.readouterr()
    code, out, err = piped_cp1252(data_dir, "--event", str(event), *argv)
    assert code == 0, err
    assert shown in out and "Traceback" not in err


class Cp1252Terminal(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


def test_a_cp1252_terminal_shows_a_question_mark_for_what_it_cannot_show(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = io.BytesIO()
    terminal = Cp1252Terminal(raw, encoding="cp1252", errors="strict", write_through=True)
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["--lang", "en", "--event", str(event), "register", NAME]) == 0
    assert "register ?ukasz Dvo?ák" in raw.getvalue().decode("cp1252")
    assert (terminal.encoding, terminal.errors) == ("cp1252", "strict")  # put back
