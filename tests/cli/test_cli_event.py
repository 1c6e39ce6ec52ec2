"""A whole 24-player evening driven only through the command line and its JSON (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.command_line import Cli

from tdconsole.cli import main


def test_an_evening_from_new_to_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cli = Cli(capsys, str(tmp_path / "evening.tdc"))
    assert main(["new", cli.event, "--name", "Serata"]) == 0
    names = [f"Cavaliere {i:02d}" for i in range(1, 25)]
    cli("register", *names)
    cli("pay", *names)
    assert cli.json("payouts")["payouts"][0]["amount"] == "756"
    cli("draw", "--seed", "3")
    assert "S ≥ 40" not in cli("start", "--stack", "3900", "--bb", "100", code=2)
    assert "(Art. III.1)" in cli("start", "--stack", "3900", "--bb", "100", code=2)
    cli("start", "--stack", "4000", "--bb", "100")
    cli("clock", "start")
    state = cli.json("state")
    assert (state["phase"], state["chips_in_play"], state["clock"]["running"]) == (
        "elimination",
        96000,
        True,
    )

    def seated(table: int) -> list[str]:
        tables = cli.json("state")["tables"]
        return [s["player"] for s in tables[table - 1]["seats"] if s["player"]]

    t1 = seated(1)
    refused = cli("bust", t1[0], code=2)
    assert "second stack of 4 000 chips" in refused and refused.endswith("(Art. III.2)\n")
    assert "second stack 4 000 chips" in cli("dote", t1[0], "--stack", "0")
    cli("bust", t1[0])
    cli("bust", t1[1], t1[2], "--stacks", "2000", "2000", "--declined")
    cli("bust", t1[3], "--declined")
    out = cli("bust", t1[4], "--declined")
    assert "must close (Art. IV.4)" in out
    state = cli.json("state")
    assert state["tables"][0]["must_close"] is True
    assert state["tables"][0]["chips"] == 36000  # 32000 + the second stack of 4000
    plan = cli("close", "1", "--plan", "--seed", "1")
    assert plan.count("table ") >= 3
    movers = [m["player"] for m in cli.json("state")["tables"][0]["plan"]["moves"]]
    counts = [f"{name}={chips}" for name, chips in zip(movers, [20000, 10000, 6000], strict=True)]
    cli("close", "1", "--count", *counts)
    state = cli.json("state")
    assert state["tables"][0]["open"] is False and state["chips_in_play"] == 100000

    while not (state := cli.json("state"))["final_due"]:
        victim = next(p["name"] for p in state["players"] if p["status"] == "in")
        cli("bust", victim, "--declined")
    finalists = [p for p in state["players"] if p["status"] == "in"]
    assert len(finalists) == 9
    each = state["chips_in_play"] // 9 // 25 * 25
    counts = [f"{p['name']}={each}" for p in finalists]
    counts[0] = f"{finalists[0]['name']}={state['chips_in_play'] - each * 8}"
    drawn = cli("final", "--count", *counts, "--seed", "2").splitlines()
    assert drawn[:2] == ["final table draw", "final table (Art. IV.5): 9 players"]
    assert drawn[2].startswith("  seat 1  A♠   ") and drawn[2].endswith(
        " (bonus 11 100, Art. III.4)"
    )
    assert len(drawn) == 11
    state = cli.json("state")
    assert state["phase"] == "final" and state["final_bonus"] == 11100  # 100000 / 9 → 11 100
    assert state["chips_in_play"] == 100000 + 11100 * 9

    while (state := cli.json("state"))["phase"] != "finished":
        victim = next(p["name"] for p in state["players"] if p["status"] == "in")
        cli("bust", victim)
    standings = cli.json("standings")["standings"]
    assert [s["place"] for s in standings[:5]] == [1, 2, 3, 4, 5]
    assert [s["prize"] for s in standings[:5]] == ["756", "420", "252", "168", "84"]
    winner = next(p for p in state["players"] if p["place"] == 1)
    assert winner["status"] == "in"
    assert sum(int(p["prize"]) for p in state["players"] if p["prize"]) == 1680
    log = cli.json("log")["events"]
    assert log[0]["type"] == "command" and log[-1]["type"] == "players_eliminated"
