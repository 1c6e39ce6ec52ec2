"""Decision of III.2: `dote NAME` without --stack takes the last recorded count as his stack."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.command_line import run_on as run

from tdconsole.cli import main


def player(capsys: pytest.CaptureFixture[str], event: Path, name: str) -> dict[str, Any]:
    code, out, _ = run(capsys, event, "state", "--json")
    assert code == 0
    return next(p for p in json.loads(out)["players"] if p["name"] == name)


@pytest.fixture
def event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[Path, list[str]]:
    path = tmp_path / "e.tdc"
    assert main(["new", str(path), "--name", "Serata"]) == 0
    names = [f"P{i}" for i in range(1, 17)]
    for argv in (("register", *names), ("pay", *names), ("draw", "--seed", "2")):
        assert run(capsys, path, *argv)[0] == 0
    assert run(capsys, path, "start", "--stack", "4000", "--bb", "100")[0] == 0
    return path, names


def test_iii2_dote_without_stack_refused_when_the_last_count_is_not_below_the_big_blind(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[str]]
) -> None:
    path, _ = event
    assert run(capsys, path, "count", "P1=3000")[0] == 0
    code, out, err = run(capsys, path, "dote", "P1")
    assert code == 2 and out == ""
    assert (
        "last count is 3 000 chips" in err
        and "--stack" in err
        and err.rstrip().endswith("(Art. III.2)")
    )
    assert err.count("\n") == 1
    shown = player(capsys, path, "P1")
    assert (shown["chips"], shown["second_stack"]) == (3000, None)
    code, _, err = main_it(capsys, path, "dote", "P1")
    assert code == 2 and "--stack" in err and "ultimo conteggio" in err
    # Given the stack he has now, the request is judged on it.
    assert run(capsys, path, "dote", "P1", "--stack", "50")[0] == 0
    assert player(capsys, path, "P1")["second_stack"] is not None


def main_it(capsys: pytest.CaptureFixture[str], event: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "it", "--event", str(event), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_iii2_a_last_count_below_the_big_blind_is_his_stack(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[str]]
) -> None:
    path, _ = event
    assert run(capsys, path, "count", "P2=75")[0] == 0
    assert run(capsys, path, "dote", "P2")[0] == 0
    shown = player(capsys, path, "P2")
    assert shown["chips"] == 75 + shown["second_stack"]


def test_iii2_with_no_count_recorded_the_stack_is_asked_for(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, list[str]]
) -> None:
    """Never counted, his starting stack is no evidence of his stack now
    (rules.md, Decision of III.2): `dote NAME` alone is refused, asking for --stack."""
    path, _ = event
    code, out, err = run(capsys, path, "dote", "P3")
    assert code == 2 and out == ""
    assert "P3 has no count on record below the big blind" in err
    assert "`dote P3 --stack N`" in err and err.rstrip().endswith("(Art. III.2)")
    shown = player(capsys, path, "P3")
    assert (shown["second_stack"], shown["chips"]) == (None, 4000)
    code, _, err = main_it(capsys, path, "dote", "P3")
    assert code == 2 and "--stack" in err and "III.2" in err
    code, out, _ = run(capsys, path, "dote", "P3", "--stack", "0")
    assert code == 0 and "second stack" in out
    shown = player(capsys, path, "P3")
    assert shown["second_stack"] is not None and shown["chips"] == shown["second_stack"]
