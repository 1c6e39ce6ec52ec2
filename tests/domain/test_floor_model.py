"""The clock as the floor's phone reads it at each stage: what it says, and the zero it counts
from (tests/tdhelpers/room_stages.py builds each stage against a fixed now)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from tdhelpers.room_stages import staged

from tdconsole.domain.floor_model import FloorClock, floor_state

NOW = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)


def clock_at(stage: str) -> FloorClock:
    service = staged(stage, NOW)
    try:
        clock = floor_state(service.state, NOW, "Anna", "en").clock
    finally:
        service.close()
    assert clock is not None
    return clock


def test_a_break_counts_to_when_play_resumes_and_names_its_level() -> None:
    clock = clock_at("break")
    assert (clock.stage, clock.is_break, clock.running) == ("break", True, True)
    assert clock.zero_at == NOW + timedelta(minutes=6, seconds=30)
    assert clock.remaining_seconds == 390
    assert (clock.next_level, clock.next_small, clock.next_big) == (2, "100", "200")


@pytest.mark.parametrize(
    ("stage", "said", "zero_at"),
    [
        ("pending", "overtime", NOW - timedelta(minutes=2, seconds=22)),
        ("paused", "stopped", None),
        ("level", "level", NOW + timedelta(minutes=35)),
    ],
)
def test_each_stage_is_said_with_the_zero_the_phone_counts_from(
    stage: str, said: str, zero_at: datetime | None
) -> None:
    clock = clock_at(stage)
    assert (clock.stage, clock.zero_at, clock.is_break) == (said, zero_at, False)
    assert (clock.level, clock.small, clock.big) == (1, "50", "100")
