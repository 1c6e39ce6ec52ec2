"""Wrong PINs are counted across the served sessions of an event, with a growing delay."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.store.attempts import FREE_FAILURES, MAX_DELAY, WINDOW, PinAttempts, delay_after


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def wrong(attempts: PinAttempts) -> str:
    with pytest.raises(RuleError) as refused:
        attempts.attempt("floor", lambda: False)
    assert refused.value.text("it") != refused.value.text("en")
    return refused.value.text("en")


def test_the_delay_grows_and_stops_at_its_ceiling() -> None:
    assert [delay_after(n) for n in range(FREE_FAILURES)] == [0.0] * FREE_FAILURES
    delays = [delay_after(n) for n in range(FREE_FAILURES, FREE_FAILURES + 12)]
    assert delays[:3] == [2.0, 4.0, 8.0]
    assert delays == sorted(delays) and delays[-1] == MAX_DELAY


def test_wrong_pins_wait_longer_each_time_across_sessions(tmp_path: Path) -> None:
    event = tmp_path / "e.tdc"
    clock = Clock()
    one, two = PinAttempts(event, clock), PinAttempts(event, clock)  # two browser sessions
    try:
        for _ in range(FREE_FAILURES):
            assert wrong(one).startswith("wrong PIN")
        # The other session is held back too, and the PIN is not even checked meanwhile.
        checked: list[bool] = []

        def right() -> bool:
            checked.append(True)
            return True

        assert two.wait_seconds("floor") == 2.0
        with pytest.raises(RuleError, match="try again in 2 s"):
            two.attempt("floor", right)
        assert checked == []
        # The Director's PIN is counted apart.
        two.attempt("director", right)
        assert checked == [True]
        clock.now += 2.0
        assert wrong(two).startswith("wrong PIN")
        assert "try again in 4 s" in wrong(one)
        clock.now += 4.0
        # A right PIN is accepted once the wait is over, and clears the count.
        one.attempt("floor", right)
        assert one.wait_seconds("floor") == 0.0
        for _ in range(FREE_FAILURES):
            wrong(two)
        assert two.wait_seconds("floor") == 2.0
    finally:
        one.close()
        two.close()


def test_old_failures_are_forgotten(tmp_path: Path) -> None:
    clock = Clock()
    attempts = PinAttempts(tmp_path / "e.tdc", clock)
    try:
        for _ in range(FREE_FAILURES):
            wrong(attempts)
        clock.now += WINDOW / 2
        assert attempts.wait_seconds("floor") == 0.0  # the delay is over, the count is not
        wrong(attempts)
        assert attempts.wait_seconds("floor") == 4.0
        clock.now += WINDOW + 1
        assert attempts.wait_seconds("floor") == 0.0
        for _ in range(FREE_FAILURES - 1):
            wrong(attempts)
        assert attempts.wait_seconds("floor") == 0.0  # counting starts afresh
    finally:
        attempts.close()


def test_the_count_lives_outside_the_event_file(tmp_path: Path, data_dir: Path) -> None:
    event = tmp_path / "e.tdc"
    attempts = PinAttempts(event, Clock())
    try:
        wrong(attempts)
    finally:
        attempts.close()
    assert not event.exists()
    assert attempts.path.is_relative_to(data_dir)
