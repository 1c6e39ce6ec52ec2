"""`tdconsole clock break MINUTES [--reason TEXT]` (Decision, Art. VII.1): its parser is built
from the command's fields; it says the log's sentence; refusals in one line, nothing changed."""

from __future__ import annotations

import pytest
from tdhelpers.command_line import run_typed

from .test_cli import jrun


def test_a_break_called_from_the_command_line(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    before = jrun(capsys, "--event", demo, "state")["clock"]
    code, out, err = run_typed(
        capsys, "--event", demo, "clock", "break", "10", "--reason", "cena", "--lang", "en"
    )
    assert (code, err) == (0, "")
    assert out == "break called now: 10 minutes, cena\n"
    shown = jrun(capsys, "--event", demo, "state")["clock"]
    assert shown["is_break"] and shown["minutes"] == 10 and shown["running"]
    assert shown["level"] == before["level"]
    code, out, _ = run_typed(capsys, "--event", demo, "--lang", "it", "log")
    assert out.splitlines()[-1].endswith("pausa chiamata ora: 10 minuti, cena")
    assert run_typed(capsys, "--event", demo, "undo")[0] == 0
    assert jrun(capsys, "--event", demo, "state")["clock"]["is_break"] is False


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (["0"], "Minutes of break: 0 is out of range: give a number from 1 to 240 (Art. VII.1)"),
        (["ten"], "Minutes of break: 'ten' is not a whole number"),
        ([], "the following arguments are required: MINUTES"),
    ],
)
def test_a_bad_number_of_minutes_is_refused_in_one_line_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], demo: str, typed: list[str], said: str
) -> None:
    before = jrun(capsys, "--event", demo, "log")["events"]
    code, out, err = run_typed(capsys, "--lang", "en", "--event", demo, "clock", "break", *typed)
    assert code == 2 and out == ""
    assert said in err and err.count("\n") == 1
    assert jrun(capsys, "--event", demo, "log")["events"] == before


def test_the_floor_is_refused_with_the_article(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    code, _, err = run_typed(
        capsys, "--lang", "en", "--event", demo, "--as", "Marco", "clock", "break", "5"
    )
    assert code == 2 and err.endswith("(Art. VII.1)\n")


def test_the_clocks_help_names_it_and_its_own_help_says_its_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_typed(capsys, "--lang", "en", "--help")[1].count("edit LEVEL, break MINUTES") == 1
    assert "plan,break,edit}" in run_typed(capsys, "--lang", "en", "clock", "--help")[1]
    said = run_typed(capsys, "--lang", "it", "clock", "break", "--help")[1]
    assert "Chiama una pausa ora (Art. VII.1)" in said
    assert "MINUTI" in said and "--reason TESTO" in said
