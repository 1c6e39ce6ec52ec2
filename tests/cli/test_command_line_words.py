"""The command line's words: a number out of its argument's own range named by its flag, an
error line in the one shape (no capital, no full stop before the article), a folder given as
the event, a damaged log said in our words."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tdhelpers.command_line import run_typed as run

from tdconsole.cli import main

HUGE = "9" * 20


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "e.tdc")
    assert main(["new", path]) == 0
    assert main(["--event", path, "register", "Anna", "Bruno"]) == 0
    capsys.readouterr()
    return path


TABLES = "--tables"
"""The draw's option of tables, as a refusal names it."""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("draw", "--tables", HUGE),
            f"{TABLES}: 99 999 999 999 999 999 999 è fuori dai limiti: indica un numero "
            "da 1 a 50 000",
        ),
        (("draw", "--tables", "-1"), f"{TABLES}: -1 è fuori dai limiti: indica un numero da 1 a"),
        (("draw", "--tables", "0"), f"{TABLES}: 0 è fuori dai limiti: indica un numero da 1 a"),
        (
            ("start", "--stack", HUGE, "--bb", "100"),
            "--stack: 99 999 999 999 999 999 999 è fuori dai limiti: indica un numero da 1 a "
            "1 000 000 000 000",
        ),
        (("start", "--stack", "0", "--bb", "100"), "--stack: 0 è fuori dai limiti: indica 1 o più"),
        (("start", "--stack", "4000", "--bb", "-100"), "--bb: -100 è fuori dai limiti"),
        (
            ("count", f"Anna={HUGE}"),
            "Anna: 99 999 999 999 999 999 999 è fuori dai limiti: indica un numero da 0 a "
            "1 000 000 000 000",
        ),
    ],
)
def test_a_number_out_of_range_says_its_arguments_own_range(
    capsys: pytest.CaptureFixture[str], event: str, argv: tuple[str, ...], said: str
) -> None:
    code, out, err = run(capsys, "--event", event, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {said}") and err.count("\n") == 1, err
    assert "-1 000 000 000 000" not in err


def test_a_negative_stack_names_the_flag(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, _, err = run(capsys, "--event", demo, "dote", "Rossi", "--stack", "-100")
    assert code == 2
    assert err == "error: --stack: -100 è fuori dai limiti: indica 0 o più\n", err
    code, _, err = run(capsys, "--lang", "en", "--event", demo, "dote", "Rossi", "--stack", "-1")
    assert err == "error: --stack: -1 is out of range: give 0 or more\n", err
    code, _, err = run(capsys, "--event", demo, "count", "Rossi=-100")
    assert err.endswith("0 o più (Art. VII.1)\n"), err  # a negative count: a Decision


def test_clock_prev_at_level_1_is_one_error_line_like_the_others(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    code, _, err = run(capsys, "--event", demo, "clock", "prev")
    assert code == 2
    assert err == (
        "error: l'orologio è al livello 1: non c'è un livello precedente; per ripristinarne "
        "il tempo usa clock set MM:SS (Art. III.5)\n"
    )


def test_a_folder_given_as_the_event_is_said_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "adir.tdc"
    folder.mkdir()
    code, out, err = run(capsys, "--event", str(folder), "state")
    assert (code, out) == (2, "")
    assert err == (
        f"error: {folder} è una cartella, non un file di evento: indica il percorso del file "
        "dell'evento\n"
    )


def test_a_damaged_event_is_said_in_our_words(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    db = sqlite3.connect(event)
    db.execute("UPDATE events SET data = '{\"name\": 5}' WHERE type = 'player_registered'")
    db.commit()
    db.close()
    code, _, err = run(capsys, "--event", event, "state")
    assert code == 2 and "name: scrivi un testo" in err, err
    assert "validation error" not in err and "dettaglio tecnico" not in err
