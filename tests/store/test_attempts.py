"""Wrong PINs are counted per phone, per name and across all phones, with a growing delay: one
person never locks the others out, and below the venue's ceiling (at most 30 checked a minute,
whatever the addresses) the right PIN is never refused for someone else's."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.store import attempts as module
from tdconsole.store.attempts import (
    CEILING,
    FREE_FAILURES,
    GUESSES_PER_MINUTE,
    MAX_DELAY,
    MINUTE,
    WINDOW,
    PinAttempts,
    TooManyGuesses,
    WrongPin,
    attempts_file,
    delay_after,
    wrong_lately,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def wrong(attempts: PinAttempts, phone: str = "phone-1", name: str = "Anna") -> str:
    with pytest.raises(RuleError) as refused:
        attempts.attempt("floor", phone, name, lambda: False)
    assert refused.value.text("it") != refused.value.text("en")
    return refused.value.text("en")


class Checked:
    def __init__(self) -> None:
        self.times = 0

    def __call__(self) -> bool:
        self.times += 1
        return True


@pytest.fixture
def pair(tmp_path: Path) -> tuple[PinAttempts, PinAttempts, Clock]:
    clock = Clock()
    event = tmp_path / "e.tdc"
    one, two = PinAttempts(event, clock), PinAttempts(event, clock)  # two server processes
    yield one, two, clock  # type: ignore[misc]
    one.close()
    two.close()


def test_the_delay_grows_and_stops_at_its_ceiling() -> None:
    assert [delay_after(n) for n in range(FREE_FAILURES)] == [0.0] * FREE_FAILURES
    delays = [delay_after(n) for n in range(FREE_FAILURES, FREE_FAILURES + 12)]
    assert delays[:3] == [2.0, 4.0, 8.0]
    assert delays == sorted(delays) and delays[-1] == MAX_DELAY


def test_one_phones_wrong_pins_make_only_that_phone_wait(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, two, clock = pair
    for _ in range(FREE_FAILURES):
        assert wrong(one, "mallory", "Mallory").startswith("wrong PIN")
    right = Checked()
    with pytest.raises(RuleError, match="try again in 2 s"):
        two.attempt("floor", "mallory", "Mallory", right)
    assert right.times == 0  # not even checked while the phone waits
    # Anyone else, at once, with the right PIN: let in (before, everyone waited).
    two.attempt("floor", "anna's phone", "Anna", right)
    assert right.times == 1
    # The Director's PIN is counted apart.
    one.attempt("director", "mallory", "Mallory", right)
    clock.now += 2.0
    assert wrong(one, "mallory", "Mallory").startswith("wrong PIN")
    assert "try again in 4 s" in wrong(one, "mallory", "Mallory")


def test_one_name_tried_from_many_phones_waits_but_not_a_fresh_phone(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, two, _ = pair
    for n in range(FREE_FAILURES + 1):
        wrong(one, f"phone-{n}", "Anna")
    # A phone that failed once under that name now waits for the name's count.
    assert two.wait_seconds("floor", "phone-0", "anna") > 0
    with pytest.raises(RuleError, match="try again"):
        two.attempt("floor", "phone-0", " ANNA ", Checked())
    # The real Anna on her own phone is never refused for someone else's failures.
    right = Checked()
    two.attempt("floor", "anna's phone", "Anna", right)
    assert right.times == 1


def test_a_ceiling_across_all_phones_stops_a_spread_out_guess(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, two, clock = pair
    for n in range(CEILING):  # (slower than the venue's ceiling a minute)
        wrong(one, f"phone-{n % 30}", f"name-{n}")
        clock.now += 2.5
    assert two.wait_seconds("floor", "phone-3", "someone new") > MAX_DELAY - 3
    with pytest.raises(RuleError, match="try again"):
        two.attempt("floor", "phone-3", "someone new", Checked())
    right = Checked()
    two.attempt("floor", "a phone that never failed", "Bruno", right)
    assert right.times == 1


def test_a_right_pin_clears_its_phones_count(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, _, clock = pair
    for _ in range(FREE_FAILURES):
        wrong(one)
    clock.now += 2.0
    one.attempt("floor", "phone-1", "Anna", Checked())
    assert one.wait_seconds("floor", "phone-1", "Anna") == 0.0
    for _ in range(FREE_FAILURES - 1):
        wrong(one)
    assert one.wait_seconds("floor", "phone-1", "Anna") == 0.0


def test_old_failures_are_forgotten(pair: tuple[PinAttempts, PinAttempts, Clock]) -> None:
    attempts, _, clock = pair
    for _ in range(FREE_FAILURES):
        wrong(attempts)
    clock.now += WINDOW / 2
    assert attempts.wait_seconds("floor", "phone-1", "Anna") == 0.0
    wrong(attempts)
    assert attempts.wait_seconds("floor", "phone-1", "Anna") == 4.0
    clock.now += WINDOW + 1
    assert attempts.wait_seconds("floor", "phone-1", "Anna") == 0.0


def test_a_busy_attempts_file_says_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(module, "BUSY_SECONDS", 0.05)
    event = tmp_path / "e.tdc"
    mine = PinAttempts(event, Clock())
    holder = sqlite3.connect(mine.path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another process holds the count's lock
        mine._db.execute("PRAGMA busy_timeout = 50")
        checked = Checked()
        with pytest.raises(RuleError) as refused:
            mine.attempt("floor", "phone-1", "Anna", checked)
        said = refused.value.text("en")
        assert said.startswith("the PIN check is busy: try again")
        assert checked.times == 0
        assert "\n" not in said and refused.value.text("it") != said
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        mine.close()


def test_the_count_lives_outside_the_event_file_readable_by_its_owner_only(
    tmp_path: Path, data_dir: Path
) -> None:
    event = tmp_path / "e.tdc"
    attempts = PinAttempts(event, Clock())
    try:
        wrong(attempts)
    finally:
        attempts.close()
    assert not event.exists()
    assert attempts.path.is_relative_to(data_dir)
    assert stat.S_IMODE(attempts.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(attempts.path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700  # (made here, with its parents)


def test_the_count_is_not_locked_while_a_pin_is_checked(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    """30 phones signing in at once were told "busy": the lock was held through scrypt."""
    one, two, _ = pair
    inner = Checked()

    def slow_right() -> bool:
        two.attempt("floor", "phone-2", "Bruno", inner)  # another phone, meanwhile
        return True

    one.attempt("floor", "phone-1", "Anna", slow_right)
    assert inner.times == 1
    assert one.wait_seconds("floor", "phone-1", "Anna") == 0.0


def test_attempts_at_once_from_one_phone_are_all_counted(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, two, _ = pair
    said: list[str] = []

    def wrong_meanwhile() -> bool:
        for _ in range(FREE_FAILURES):
            try:
                two.attempt("floor", "mallory", "Mallory", lambda: False)
            except RuleError as exc:
                said.append(exc.text("en"))
        return False

    with pytest.raises(RuleError, match="wrong PIN"):
        one.attempt("floor", "mallory", "Mallory", wrong_meanwhile)
    assert "try again in" in said[-1]  # the one under way was counted already


def test_the_venues_ceiling_bounds_the_pins_checked_from_rotating_phones(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    """A new address always got a guess checked; now every minute checks at most
    ``GUESSES_PER_MINUTE`` for the whole venue, whatever the addresses and names."""
    one, two, clock = pair
    checked_at: list[float] = []

    def guess() -> bool:
        checked_at.append(clock.now)
        return False

    for n in range(200):
        with pytest.raises(RuleError):
            (one if n % 2 else two).attempt("floor", f"10.0.0.{n}", f"guest {n}", guess)
        clock.now += 1.5
    assert len(checked_at) <= GUESSES_PER_MINUTE * (1 + 200 * 1.5 / MINUTE)
    for at in checked_at:
        assert len([t for t in checked_at if at <= t < at + MINUTE]) <= GUESSES_PER_MINUTE


def flood(attempts: PinAttempts) -> None:
    """The venue's ceiling reached: wrong PINs from as many addresses, each under its name."""
    for n in range(GUESSES_PER_MINUTE):
        wrong(attempts, f"10.0.0.{n}", f"guest {n}")


def test_past_the_ceiling_a_pin_is_refused_at_once_unchecked(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    one, two, clock = pair
    flood(one)
    right = Checked()
    with pytest.raises(TooManyGuesses, match="someone may be guessing") as refused:
        two.attempt("floor", "a phone that never failed", "Anna", right)
    assert right.times == 0
    assert refused.value.text("it") != refused.value.text("en")
    assert two.wait_seconds("floor", "a phone that never failed", "Anna") > 0
    # The Director's PIN is counted apart: a flood of sign-ins leaves it alone.
    director = Checked()
    two.attempt("director", "anna's phone", "Anna", director)
    assert director.times == 1
    clock.now += MINUTE
    two.attempt("floor", "a phone that never failed", "Anna", right)
    assert right.times == 1


def test_a_wrong_pin_is_a_wrong_pin_and_the_console_reads_the_count(
    pair: tuple[PinAttempts, PinAttempts, Clock], tmp_path: Path
) -> None:
    one, _, clock = pair
    event = tmp_path / "e.tdc"
    assert wrong_lately(tmp_path / "never served.tdc", clock.now) == 0
    assert not attempts_file(tmp_path / "never served.tdc").exists()
    with pytest.raises(WrongPin):
        one.attempt("floor", "phone-1", "Anna", lambda: False)
    clock.now += 30
    wrong(one, "phone-2", "Bruno")
    assert wrong_lately(event, clock.now) == 2
    assert wrong_lately(event, clock.now + 45) == 1


def test_a_clock_set_back_forgets_no_guess_nor_holds_anyone_for_its_hour(
    pair: tuple[PinAttempts, PinAttempts, Clock],
) -> None:
    """The attempts counted "after" a clock set back are taken as made then: the venue waits
    its minute and a phone its delay, neither the hour nor nothing."""
    one, two, clock = pair
    for _ in range(FREE_FAILURES):
        wrong(one, "mallory", "Mallory")
    flood(one)
    clock.now -= 3600.0  # the computer's clock put back an hour
    right = Checked()
    with pytest.raises(TooManyGuesses, match="try again in 60 s"):
        two.attempt("floor", "anna's phone", "Anna", right)
    assert right.times == 0
    assert one.wait_seconds("floor", "mallory", "Mallory") == MINUTE
    clock.now += MINUTE
    assert one.wait_seconds("floor", "mallory", "Mallory") == 0.0  # its 2 s are long past
    two.attempt("floor", "anna's phone", "Anna", right)
    assert right.times == 1
