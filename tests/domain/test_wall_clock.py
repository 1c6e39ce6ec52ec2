"""The clock and the wall clock: the computer's clock moved back during a level
never shows more time left than the level had at the clock's last change, a pause agrees with
what was shown, and the move is said to the Director."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tdconsole.cli.clock_cmds import status_text
from tdconsole.domain import clock
from tdconsole.domain.clock import Structure

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_a_clock_moved_back_never_shows_more_than_the_level_has() -> None:
    """Attack: the computer's clock set back an hour during a 40-minute level. Holds: the clock
    shows at most the level's 40 minutes, not 100; a pause freezes the same."""
    structure = Structure.build(100, 40, 200, 20, stack=10_000)
    state = clock.start(clock.initial(structure), structure, T0)
    behind = T0 - timedelta(hours=1)  # the computer's clock set back an hour
    shown = clock.status(state, structure, behind)
    assert shown.remaining == timedelta(minutes=40)  # not 100:00
    assert shown.wall_clock_behind == timedelta(hours=1)
    paused = clock.pause(state, structure, behind)
    assert clock.status(paused, structure, behind).remaining == shown.remaining
    # Later, ten minutes into the level by a clock that reads right again.
    later = clock.status(state, structure, T0 + timedelta(minutes=10))
    assert later.remaining == timedelta(minutes=30) and later.wall_clock_behind == timedelta(0)


def test_a_moment_of_difference_between_terminals_is_no_jump() -> None:
    structure = Structure.build(100, 40, 200, 20, stack=10_000)
    state = clock.start(clock.initial(structure), structure, T0)
    assert clock.status(state, structure, T0 - timedelta(seconds=1)).wall_clock_behind == (
        timedelta(0)
    )


def test_the_move_is_said_on_the_command_line() -> None:
    structure = Structure.build(100, 40, 200, 20, stack=10_000)
    state = clock.start(clock.initial(structure), structure, T0)
    document = clock.status(state, structure, T0 - timedelta(minutes=5)).to_json()
    text = status_text(document, "en")
    assert "40:00 left" in text and "moved back 05:00" in text
