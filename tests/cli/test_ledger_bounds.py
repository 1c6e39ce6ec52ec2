"""The chip ledger (III.3): no chip number above the chips in circulation enters the log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main

HUGE = str(10**12)
"""The most chips a number typed may say (``numbers.CHIPS_MAX``): a longer one is refused as a
number before any rule reads it (tests/cli/test_typed_numbers_cli.py)."""


class Event:
    def __init__(self, capsys: pytest.CaptureFixture[str], path: Path) -> None:
        self.capsys, self.path = capsys, path

    def __call__(self, *argv: str, code: int = 0) -> str:
        got = main(["--lang", "en", "--event", str(self.path), *argv])
        out, err = self.capsys.readouterr()
        assert got == code, (argv, out, err)
        return out if code == 0 else err

    def json(self, *argv: str) -> Any:
        return json.loads(self(*argv, "--json"))

    def refused(self, *argv: str, article: str) -> str:
        before = self.json("log")
        err = self(*argv, code=2)
        assert err.count("\n") == 1 and err.rstrip().endswith(f"(Art. {article})"), (argv, err)
        assert self.json("log") == before  # nothing entered the log
        return err


def seated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Event:
    event = Event(capsys, tmp_path / "e.tdc")
    assert main(["new", str(event.path), "--name", "Serata"]) == 0
    names = [f"P{i:02d}" for i in range(1, 17)]
    event("register", *names)
    event("pay", *names)
    event("draw", "--seed", "2")
    return event


@pytest.fixture
def started(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Event:
    event = seated(capsys, tmp_path)
    event("start", "--stack", "4000", "--bb", "100")
    return event


def table_of(event: Event, number: int) -> list[str]:
    tables = event.json("state")["tables"]
    return [s["player"] for s in tables[number - 1]["seats"] if s["player"]]


def test_iii3_a_count_above_the_chips_in_circulation_is_refused(started: Event) -> None:
    first, second = table_of(started, 1)[:2]  # 2 tables of 8: C_t = 32,000
    assert started.json("state")["chips_in_play"] == 64_000
    started.refused("count", f"{first}={HUGE}", article="III.3")
    started.refused("count", f"{first}=64025", article="III.3")  # above every chip in play
    started.refused("count", f"{first}=32025", article="III.3")  # above its table's C_t
    started.refused("count", f"{first}=20000", f"{second}=12025", article="III.3")
    started("count", f"{first}=20000", f"{second}=12000")  # together exactly C_t: fine


def test_iii3_other_chip_fields_are_bounded_too(started: Event) -> None:
    first, second = table_of(started, 1)[:2]
    started.refused("dote", first, "--stack", HUGE, article="III.3")
    started.refused("dote", first, "--stack", "30", article="VII.1")  # not a multiple of 25
    started.refused("bust", first, second, "--stacks", HUGE, "0", "--declined", article="III.3")
    err = started("bust", first, second, "--stacks", "-25", "0", "--declined", code=2)
    assert "--stacks: -25 is out of range: give 0 or more" in err  # names its option
    started.refused("disqualify", first, "--reason", "cheating", "--chips", HUGE, article="VI.2")


def test_iii3_closing_counts_above_the_chips_in_play_are_refused_even_with_override(
    started: Event,
) -> None:
    for name in table_of(started, 1)[:5]:
        started("bust", name, "--declined")
    movers = table_of(started, 1)
    assert len(movers) == 3
    started("set", "table_seats=11")
    started("close", "1", "--plan", "--seed", "1")
    counts = [f"{movers[0]}={HUGE}", f"{movers[1]}=0", f"{movers[2]}=0"]
    started.refused("close", "1", "--count", *counts, "--override", "recount", article="III.3")


def test_iii1_an_absurd_starting_stack_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = seated(capsys, tmp_path)
    event.refused("start", "--stack", HUGE, "--bb", "100", article="III.1")
    event.refused("start", "--stack", str(10**9 + 25), "--bb", "100", article="III.1")
    event("start", "--stack", str(10**9), "--bb", "100")
