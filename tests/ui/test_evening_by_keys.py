"""A whole evening through the console's keys only: from a new, empty event to the winner,
with every key counted. The driver (``bench/evening_keys.py``) is the bench's too
(``bench/evening.py``): it reads the state to check each step, and never acts on the event but
through keys."""

from __future__ import annotations

from pathlib import Path

from bench.evening import GOALS, whole_evening
from bench.evening_keys import Evening, play

from .conftest import frozen

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Ugo", "Irene", "Luca"]


async def test_an_evening_by_keys_only(tmp_path: Path) -> None:
    """A whole evening of ten players by keys only (settings: tables of 4-5, a final of 6), in
    175 key presses (each fewer is the Director's time saved; the closing's and the final's
    counts are typed, never taken from the last stacks; the busts come from the fullest table)."""
    counted = await play(Evening(NAMES, seating=(4, 5, 6), folder=tmp_path), frozen)
    print(f"the evening by keys: {counted.players} players, {counted.total} key presses")
    assert counted.total == 175


async def test_a_new_evening_by_keys_with_a_withdrawal_and_a_disqualification(
    tmp_path: Path,
) -> None:
    """A fuller evening: thirteen registered and paid, one withdrawing after paying, twelve
    at three tables, a closing, a disqualification, the final, the winner."""
    names = [*NAMES, "Marta", "Nino", "Olga"]
    plan = Evening(names, seating=(4, 5, 6), withdraw="Nino", dq=True, folder=tmp_path)
    counted = await play(plan, frozen)
    assert (counted.players, counted.total) == (12, 241)


async def test_the_bench_s_whole_evening_of_24_from_the_start_screen_to_every_prize() -> None:
    """``python -m bench``'s evening (``bench/evening.py``): the new event named on the start
    screen, 24 registered, fees and food for all at once, the draw, the start and the clock, a
    closing, the final, the winner, and the five prizes handed over one row after another."""
    counted = await play(whole_evening(), frozen)
    assert counted.by_phase == {
        "registration": 201,
        "payments": 6,
        "draw": 5,
        "play": 81,
        "closing": 18,
        "final": 86,
        "prizes": 11,
    }
    assert counted.total == 408 <= GOALS["scratch"]
    assert counted.total - counted.by_phase["registration"] == SCRATCH_AFTER_REGISTRATION


SCRATCH_AFTER_REGISTRATION = 207
"""The keys of the bench's evening of 24 after its registration."""


async def test_the_bench_s_evening_with_the_24_registered_from_a_season_of_regulars() -> None:
    """The same evening, the 24 known to the club (a season of two earlier events): each
    registered by the fewest letters naming him and Enter. Played to the end of registration:
    the 24 registered are the same, so the rest of the evening is the one above, key for key
    (``python -m bench`` plays it whole)."""
    plan = whole_evening(regulars=True)
    plan.until = "payments"
    counted = await play(plan, frozen)
    assert counted.by_phase["registration"] == counted.total == 80
    assert counted.total + SCRATCH_AFTER_REGISTRATION <= GOALS["regulars"]
