"""Command-line additions: start --break, close --plan --seats, move, colour-up (cli.md)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from .test_cli import jrun, run


@pytest.fixture
def full(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """24 players, 8 seats a table, started with a break after level 2; table 1 down to 3."""
    path = str(tmp_path / "d.tdc")
    names = [f"P{i}" for i in range(1, 25)]
    assert run(capsys, "new", path)[0] == 0
    for argv in (
        ["register", *names],
        ["pay", *names],
        ["set", "table_seats=8"],
        ["draw", "--seed", "4"],
        ["start", "--stack", "4000", "--bb", "100", "--break", "2=15", "--break", "4=10", "6=5"],
    ):
        code, _, err = run(capsys, "--event", path, *argv)
        assert code == 0, err
    state = jrun(capsys, "--event", path, "state")
    at_one = [p["name"] for p in state["players"] if p["table"] == 1]
    busted = ["bust", *at_one[3:], "--stacks", *["0"] * 5, "--declined"]
    assert run(capsys, "--event", path, *busted)[0] == 0
    return path


def test_start_with_a_break(capsys: pytest.CaptureFixture[str], full: str) -> None:
    plan = jrun(capsys, "--event", full, "clock", "plan")["levels"]
    assert plan[2].get("break") is True and plan[2]["minutes"] == 15
    # --break given again, or with several LEVEL=MINUTES: each one a break
    breaks = [
        (row["minutes"], before["level"])
        for before, row in itertools.pairwise(plan)
        if row.get("break")
    ]
    assert breaks[:3] == [(15, 2), (10, 4), (5, 6)]
    code, _, err = run(
        capsys, "--event", full, "start", "--stack", "4000", "--bb", "1", "--break", "x"
    )
    assert code == 2 and err.count("\n") == 1


def test_close_with_no_room_then_raised_seats(
    capsys: pytest.CaptureFixture[str], full: str
) -> None:
    code, _, err = run(capsys, "--event", full, "close", "1", "--plan")
    assert code == 2 and "--seats 10" in err and "(Art. IV.4)" in err
    code, out, err = run(capsys, "--event", full, "close", "1", "--plan", "--seats", "10")
    assert code == 0, err
    assert "table 1 closes" in out
    events = jrun(capsys, "--event", full, "log")["events"]
    assert [e["type"] for e in events[-2:]] == ["setting_changed", "close_plan_drawn"]
    assert events[-2]["data"]["key"] == "table_seats" and events[-2]["data"]["value"] == "10"
    code, _, err = run(capsys, "--event", full, "close", "1", "--seats", "10")
    assert code == 2 and err.count("\n") == 1


def test_move_and_colour_up(capsys: pytest.CaptureFixture[str], full: str) -> None:
    state = jrun(capsys, "--event", full, "state")
    mover = next(p for p in state["players"] if p["table"] == 2)
    table3 = next(t for t in state["tables"] if t["number"] == 3)
    taken = next(s["seat"] for s in table3["seats"] if s["player"])
    code, _, err = run(
        capsys, "--event", full, "move", mover["name"], "--to", f"3:{taken}", "--reason", "x"
    )
    assert code == 2 and "(Art. VII.1)" in err
    code, out, err = run(capsys, "--event", full, "set", "table_seats=9")
    assert code == 0, err
    code, out, err = run(
        capsys, "--event", full, "move", mover["name"], "--to", "3:9", "--reason", "sedia rotta"
    )
    assert code == 0, err
    assert out.startswith(f"Director's move: {mover['name']} to table 3 seat 9\n")  # summary
    assert "table 2 seat" in out and "→ table 3 seat 9 with 4 000" in out
    after = jrun(capsys, "--event", full, "state")
    moved = next(p for p in after["players"] if p["name"] == mover["name"])
    assert (moved["table"], moved["seat"]) == (3, 9)
    # Table 1 holds the busted players' chips: its first player has them (recounted).
    chips = {p["name"]: p["chips"] for p in after["players"] if p["status"] == "in"}
    for table in after["tables"]:
        seated = [s["player"] for s in table["seats"] if s["player"]]
        if table["open"] and seated:
            chips[seated[0]] = table["chips"] - sum(chips[n] for n in seated[1:])
    counts = [f"{name}={value}" for name, value in chips.items()]
    code, out, err = run(capsys, "--event", full, "colour-up", "--count", *counts)
    assert code == 2 and "still needs the 25 chip" in err and "(Art. VII.1)" in err
    code, out, err = run(capsys, "--event", full, "clock", "next")  # level 2: 100/200
    assert code == 0, err
    # --count given twice: its counts add up (the summary first, then what it did)
    half = len(counts) // 2
    recount = ["--count", *counts[:half], "--count", *counts[half:]]
    code, out, err = run(capsys, "--event", full, "colour-up", *recount)
    assert code == 0, err
    assert out.startswith("colour-up\n") and "the 25 chips leave play" in out
    code, _, err = run(capsys, "--event", full, "count", f"{mover['name']}=4025")
    assert code == 2


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["close", "1"], "give --count NAME=N, or --plan alone"),
        (["close", "1", "--plan", "--count", "P1=0"], "give --count NAME=N, or --plan alone"),
        (["close", "1", "--seats", "10"], "give --seats with --plan"),
        (
            ["close", "1", "--count", "P1"],
            "'P1' is not in the form NAME=N: write it as NAME=N",
        ),
    ],
)
def test_close_is_told_apart_by_its_flags_a_wrong_line_refused_in_one(
    capsys: pytest.CaptureFixture[str], full: str, argv: list[str], said: str
) -> None:
    """``close TABLE --count``, ``--plan`` and ``--plan --seats N``: one command line's name,
    three commands; a line meaning none of them, or two, says what to write, with the
    closing's article, and changes nothing."""
    before = jrun(capsys, "--event", full, "log")["events"]
    code, out, err = run(capsys, "--event", full, *argv)
    assert (code, out, err) == (2, "", f"error: {said} (Art. IV.4)\n")
    assert jrun(capsys, "--event", full, "log")["events"] == before


def test_a_closing_says_its_summary_then_the_moves(
    capsys: pytest.CaptureFixture[str], full: str
) -> None:
    argv = ["close", "1", "--plan", "--seats", "10", "--seed", "3"]
    code, out, err = run(capsys, "--event", full, *argv)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == [
        "move plan for table 1, table_seats=10",
        "table 1 closes: moves to announce (Art. IV.4)",
    ]
    assert len(lines) == 5 and all(": table " in line for line in lines[2:])
    movers = [line.split(":")[0].strip() for line in lines[2:]]
    counts = [f"{name}=4000" for name in movers]
    argv = ["close", "1", "--count", *counts, "--override", "recount"]
    code, out, err = run(capsys, "--event", full, *argv)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "close table 1"
    assert [line.split(" → ")[0].strip() for line in lines[1:4]] == movers
    assert all(line.endswith(" with 4 000") for line in lines[1:4])
    assert lines[4] == "  ledger adjustment -20 000: recount"
