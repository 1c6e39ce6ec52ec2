"""The draw's warning (Art. II.1): tables outside 6-8 said as the tables drawn, in the
command line's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main


def paid_event(tmp_path: Path, players: int, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "draw.tdc")
    names = [f"Giocatore {i}" for i in range(1, players + 1)]
    for argv in (["new", path], ["--event", path, "register", *names]):
        assert main(["--lang", "en", *argv]) == 0
    assert main(["--lang", "en", "--event", path, "pay", *names]) == 0
    capsys.readouterr()
    return path


def test_three_tables_of_four_are_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = paid_event(tmp_path, 12, capsys)
    assert main(["--lang", "en", "--event", path, "draw", "--tables", "3", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert err == "warning: 3 tables of 4: outside 6-8 players a table (Art. II.1)\n"


def test_eleven_players_warned_in_italian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = paid_event(tmp_path, 11, capsys)
    assert main(["--lang", "it", "--event", path, "draw", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert err == (
        "warning: 11 giocatori non si dividono in modo equilibrato in tavoli da 6-8: "
        "1 tavolo da 6 e 1 da 5 (Art. II.1)\n"
    )


def test_a_draw_in_range_warns_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = paid_event(tmp_path, 12, capsys)
    assert main(["--lang", "en", "--event", path, "draw", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""
