"""``tdconsole clock ACTION [VALUE]``: the command built from the clock's fields
(``slices.clock_control``) refuses what the command line always refused, in its words, and
records nothing then."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (["pause", "10"], "error: clock pause takes no value\n"),
        (["add"], "error: write clock add SECONDS\n"),
        (["set"], "error: write clock set MM:SS\n"),
        (["sub", "0"], "error: give a positive number of seconds\n"),
    ],
)
def test_an_action_given_a_wrong_time_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: list[str], said: str
) -> None:
    event = str(tmp_path / "e.tdc")
    assert main(["new", event, "--name", "Prova"]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "--event", event, "clock", *typed]) == 2
    assert capsys.readouterr().err == said


def test_an_action_prints_the_clocks_status(demo: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--lang", "en", "--event", demo, "clock", "set", "12:00"]) == 0
    out = capsys.readouterr().out
    assert "12:00 left" in out and "clock set" not in out
