"""Every average shown is rounded as the regulation rounds: to the chip unit, halves up (the
Decision on III.3, which III.4 and the room's average follow), never with its decimals cut."""

from __future__ import annotations

from tdconsole.domain.settings import Settings
from tdconsole.domain.state import Player, Seat, State, Table


def room(chips: int, players: int, rounding: str = "half_up") -> State:
    settings = Settings.model_validate({"stacks": {"second_stack_rounding": rounding}})
    state = State(settings=settings, stack=10_000, phase="elimination")
    seats = [Seat(n, "") for n in range(1, players + 1)]
    state.tables[1] = Table(1, "♠", seats, chips=chips)
    for n in range(players):
        state.players[f"p{n}"] = Player(f"P{n}", n, status="in", table=1, seat=n + 1)
        seats[n].player = f"p{n}"
    return state


def test_the_average_stack_is_rounded_to_the_chip_unit_halves_up() -> None:
    assert room(70_000, 3).settings.stacks.chip_unit == 25
    assert room(70_000, 3).average_stack == 23_325  # 23 333.3: never 23 333
    assert room(70_040, 3).average_stack == 23_350  # 23 346.7: up to the nearer unit
    assert room(70_000, 3, "down").average_stack == 23_325
    assert room(70_070, 3, "down").average_stack == 23_350  # 23 356.7: the setting's way down
