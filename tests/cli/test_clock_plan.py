"""`clock plan` from the command line: times of day on DST change days (local zone at that
date), the end of the plan once a big blind passes every chip in play, aligned columns."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from tdconsole.cli import clock_cmds, main


@pytest.fixture
def rome() -> Iterator[None]:
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Rome"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def plan(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["--lang", "en", "clock", "plan", "--stack", "4000", "--bb", "100", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("now", "offset"),
    [
        # 01:30 CET, before the clocks go forward at 02:00: the evening is CEST (+02:00).
        (datetime(2026, 3, 29, 0, 30, tzinfo=UTC), "+02:00"),
        # 02:30 CEST, before the clocks go back at 03:00: the evening is CET (+01:00).
        (datetime(2026, 10, 25, 0, 30, tzinfo=UTC), "+01:00"),
    ],
)
def test_plan_at_is_a_local_time_of_that_date_on_dst_days(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    rome: None,
    now: datetime,
    offset: str,
) -> None:
    monkeypatch.setattr(clock_cmds, "utc_now", lambda: now)
    levels = json.loads(plan(capsys, "--at", "21:00", "--json"))["levels"]
    day = now.date().isoformat()
    assert levels[0]["starts_at"] == f"{day}T21:00:00{offset}"
    text = plan(capsys, "--at", "21:00")
    assert text.splitlines()[1].split()[-2] == "21:00–21:40"


def test_plan_stops_once_a_big_blind_passes_every_chip_in_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """13 × 4,000 = 52,000 chips: level 11 (102,400) is the last, not level 24 (838,860,800)."""
    levels = json.loads(plan(capsys, "--players", "13", "--json"))["levels"]
    assert [row["level"] for row in levels] == list(range(1, 12))
    assert levels[-1]["big_blind"] == 102_400
    assert "838 860 800" not in plan(capsys, "--players", "13")


def test_plan_columns_stay_aligned_for_large_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(
        ["--lang", "en", "clock", "plan", "--stack", "400000000", "--bb", "100", "--players", "24"]
    ) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "419 430 400 / 838 860 800" in lines[-1]
    # Cells are separated by two spaces or more; each of the first five columns (right-aligned)
    # ends at the same character on every line, the header included.
    ends = [[m.end() for m in re.finditer(r"\S+(?: \S+)*", line)][:5] for line in lines]
    assert all(len(e) == 5 for e in ends), lines
    assert all(e == ends[0] for e in ends), lines
