"""What an older (or hand-edited) event file may still hold never drives the terminal: every
display path of the command line escapes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import run
from tdhelpers.support import tamper_texts

from tdconsole.cli import main

EVENT = "Serata\x1b]0;pwned\x07"
BOB = "Bob\x1b[2J\u202e"
FAKE_LINE = "\n   99  2026-01-01 00:00:00  Direttore: eliminated: Ghost"
RULING = "ok" + FAKE_LINE
REASON = "typo" + FAKE_LINE + "\x1b[31m"
ACTOR = "Eve\x1b]0;x\x07\nDirettore"
OBEYED = ("\x1b", "\x07", "\u202e", "\x9b")


def _old(path: Path) -> None:
    """An evening as an older version (or a hand edit) left it: texts a terminal obeys."""
    event = str(path)
    assert main(["--lang", "en", "new", event, "--name", "Serata"]) == 0
    names = ["Ada", "Bob", "Cid", "Dan", "Eva", "Fio", "Gil"]
    for argv in (
        ["register", *names],
        ["pay", *names],
        ["ruling", "--players", "Bob", "--text", "ok"],
        ["ruling", "--text", "second"],
        ["undo", "--reason", "typo"],
    ):
        assert main(["--lang", "en", "--event", event, *argv]) == 0, argv
    tamper_texts(
        path,
        {
            "Serata": EVENT,
            "Bob": BOB,
            "ok": RULING,
            "typo": REASON,
            "ruling: ok": "ruling: ok" + FAKE_LINE,
        },
        actor=ACTOR,
    )


@pytest.fixture(scope="module")
def old_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "old", _old)


@pytest.fixture
def old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old_once: Path) -> str:
    """The older file (``_old``, once for the module): a copy of its own for each test."""
    monkeypatch.chdir(tmp_path)  # a report printed without -o is written here
    return str(copied(old_once, tmp_path))


def clean(text: str) -> None:
    for char in OBEYED:
        assert char not in text, repr(char)


def test_log_shows_one_line_per_entry_and_nothing_a_terminal_obeys(
    capsys: pytest.CaptureFixture[str], old_file: str
) -> None:
    code, out, err = run(capsys, "--event", old_file, "log")
    assert code == 0, err
    clean(out)
    lines = out.splitlines()
    code, doc_out, _ = run(capsys, "--event", old_file, "log", "--json")
    entries = [e for e in json.loads(doc_out)["events"] if e["type"] in ("command", "undone")]
    assert len(lines) == len(entries)  # no line that was never stored
    assert "Ghost" in out and all("Ghost" not in line.split("  ")[0] for line in lines)
    assert "Eve\\u001b]0;x\\u0007\\u000aDirettore" in out
    assert "⏎" in out  # the reason's line break, shown on its line


def test_json_outputs_carry_the_escaped_text(
    capsys: pytest.CaptureFixture[str], old_file: str
) -> None:
    for argv in (("log", "--json"), ("state", "--json"), ("standings", "--json"), ("export",)):
        code, out, err = run(capsys, "--event", old_file, *argv)
        assert code == 0, err
        clean(out)
        json.loads(out)
    _, out, _ = run(capsys, "--event", old_file, "state", "--json")
    names = [p["name"] for p in json.loads(out)["players"]]
    assert "Bob\\u001b[2J\\u202e" in names


@pytest.mark.parametrize("report", ["standings", "rulings", "seating", "payouts"])
@pytest.mark.parametrize("fmt", ["txt", "html", "csv"])
def test_reports_escape_what_the_file_holds(
    capsys: pytest.CaptureFixture[str], old_file: str, tmp_path: Path, report: str, fmt: str
) -> None:
    code, out, err = run(capsys, "--event", old_file, "print", report, "--format", fmt)
    assert code == 0, err
    clean(out)
    target = tmp_path / f"chosen-{report}.{fmt}"  # html without -o took {report}.html
    code, _, err = run(
        capsys, "--event", old_file, "print", report, "--format", fmt, "-o", str(target)
    )
    assert code == 0, err
    clean(target.read_text(encoding="utf-8"))


def test_every_reading_command_prints_nothing_a_terminal_obeys(
    capsys: pytest.CaptureFixture[str], old_file: str
) -> None:
    """Attack: an older file holding control characters in the event's name, a player's name, a
    ruling, a reason, a summary and the actor, read by ``log`` (text and JSON), ``state``,
    ``standings``, ``payouts``, ``tables``, ``rulings``, ``backups``, ``export`` and the reports,
    to stdout and to a file. Holds: no control character is written; one ``log`` line per entry."""
    for argv in (("standings",), ("payouts",), ("tables",), ("rulings",), ("backups",)):
        code, out, err = run(capsys, "--event", old_file, *argv)
        assert code == 0, err
        clean(out + err)


def test_the_streams_escape_any_text_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file name or an imported rulebook's text: whatever a command prints is escaped."""
    missing = tmp_path / "x\x1b]0;pwned\x07.tdc"
    code, out, err = run(capsys, "--event", str(missing), "standings")
    assert code == 2
    clean(out + err)
    assert "\\u001b]0;pwned" in err
