"""A disqualified player's place (rules.md, Eliminations and places: the Decision on VI.2): a
player keeps the place at which he left, marked DQ, without a prize; nobody else's place moves,
and every list shows him there: `standings` (text and JSON), `payouts`, `state --json` and the
printed standings and results."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run_on as run

from tdconsole.cli import main

NAMES = [f"P{i}" for i in range(1, 15)]


@pytest.fixture
def event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """14 paid and started; P1 and P2 out, P3 disqualified, P4 out."""
    path = tmp_path / "e.tdc"
    assert main(["new", str(path), "--name", "Serata"]) == 0
    for argv in (
        ("register", *NAMES),
        ("pay", *NAMES),
        ("draw", "--seed", "3"),
        ("start", "--stack", "4000", "--bb", "100"),
        ("bust", "P1", "--declined"),
        ("bust", "P2", "--declined"),
    ):
        assert run(capsys, path, *argv)[0] == 0
    code, out, _ = run(capsys, path, "disqualify", "P3", "--reason", "collusion")
    assert code == 0 and "P3: disqualified in 12th place (Art. VI.2), without a prize" in out
    assert run(capsys, path, "bust", "P4", "--declined")[0] == 0
    return path


def test_the_places_read_14_13_12_11(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    code, out, _ = run(capsys, event, "standings", "--json")
    assert code == 0
    rows = [r for r in json.loads(out)["standings"] if r["place"] is not None]
    assert [(r["place"], r["name"], r["status"], r["prize"]) for r in rows] == [
        (11, "P4", "out", None),
        (12, "P3", "disqualified", None),
        (13, "P2", "out", None),
        (14, "P1", "out", None),
    ]
    code, out, _ = run(capsys, event, "standings")
    lines = [line.split() for line in out.splitlines() if line.split()[0].isdigit()]
    assert lines == [["11", "P4"], ["12", "P3", "DQ"], ["13", "P2"], ["14", "P1"]]
    state = json.loads(run(capsys, event, "state", "--json")[1])
    p3 = next(p for p in state["players"] if p["name"] == "P3")
    assert (p3["place"], p3["status"], p3["prize"]) == (12, "disqualified", None)


def test_the_printed_lists_show_him_at_his_place(
    capsys: pytest.CaptureFixture[str], event: Path
) -> None:
    for report in ("standings", "results"):
        code, out, _ = run(capsys, event, "print", report, "--format", "csv")
        assert code == 0
        rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
        places = [(r[0], r[1]) for r in rows[1:] if r[0]]
        assert places[-4:] == [("11", "P4"), ("12", "P3"), ("13", "P2"), ("14", "P1")], report
        code, out, _ = run(capsys, event, "print", report)
        line = next(line for line in out.splitlines() if " P3" in line)
        assert line.split()[:3] == ["12", "DQ", "P3"], report


def test_a_paid_place_left_by_him_passes_its_prize_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Six in a final from the start: the 4th disqualified keeps the 4th place with no prize,
    and `payouts` shows him there, marked, its amount passed to the better places."""
    path = tmp_path / "six.tdc"
    assert main(["new", str(path), "--name", "Sei"]) == 0
    six = NAMES[:6]
    for argv in (
        ("register", *six),
        ("pay", *six),
        ("draw", "--seed", "6"),
        ("start", "--stack", "4000", "--bb", "100"),
        ("bust", "P1"),
        ("bust", "P2"),
        ("disqualify", "P3", "--reason", "marked cards"),
    ):
        assert run(capsys, path, *argv)[0] == 0
    rows = json.loads(run(capsys, path, "payouts", "--json")[1])["payouts"]
    fourth = next(r for r in rows if r["place"] == 4)
    assert (fourth["player"], fourth["amount"], fourth["disqualified"]) == ("P3", "0", True)
    assert not any(r["disqualified"] for r in rows if r["place"] != 4)
    out = run(capsys, path, "payouts")[1]
    line = next(line for line in out.splitlines() if line.lstrip().startswith("4."))
    assert line.split()[-2:] == ["P3", "DQ"]
