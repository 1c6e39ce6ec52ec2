"""A Director who never stops: the next legal-looking action of an event, chosen at random.

Covers registration, payments (fee and food), the draw, the start, counts, second stacks,
eliminations (one or several in a hand), table closings, the final, clock actions, and undo and
redo. Some choices are refused by the rules (a clock already paused, a redo after a new
command): a refusal is part of an evening too. Used in-process and by the killed writer.
"""

from __future__ import annotations

import random
from typing import Literal

from tdconsole.domain.events import Command
from tdconsole.domain.play import (
    Bust,
    CloseTable,
    Count,
    Final,
    SecondStack,
    Start,
    can_take_second_stack,
)
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State, name_key

Action = Command | Literal["undo", "redo"]


def field_names(n: int) -> list[str]:
    return [f"Giocatore {i:03d}" for i in range(1, n + 1)]


def split(total: int, parts: int, unit: int, rng: random.Random) -> list[int]:
    """``total`` in ``parts`` random multiples of ``unit``; none for no parts (a table left
    empty by the busts, closed with no one to move: a state a writer killed at the right
    moment reaches)."""
    if parts == 0:
        return []
    units = total // unit
    cuts = sorted(rng.randint(0, units) for _ in range(parts - 1))
    return [(b - a) * unit for a, b in zip([0, *cuts], [*cuts, units], strict=True)]


def next_action(
    state: State, rng: random.Random, players: int, redoable: bool = False
) -> Action | None:
    """The next action, or None once the event is finished. ``redoable``: the last action was
    an undo (a redo is possible)."""
    roll = rng.random()
    if state.phase == "finished":
        return None
    if roll < 0.04:
        return "undo"
    if roll < (0.4 if redoable else 0.05):
        return "redo"
    if state.phase == "registration":
        return _registration(state, rng, players)
    if state.phase == "seated":
        return Start(stack=4000, big_blind=100)
    return _play(state, rng)


def _registration(state: State, rng: random.Random, players: int) -> Action:
    names = field_names(players)
    missing = [n for n in names if name_key(n) not in state.players]
    if missing and rng.random() < 0.6:
        batch = missing[: rng.choice([1, 1, 2, 3])]
        return Register(names=batch)
    registered = [p for p in state.ordered_players() if p.status == "registered"]
    unpaid = [p.name for p in registered if not p.paid]
    if unpaid:
        return Pay(names=unpaid[: rng.choice([1, 2])])
    no_food = [p.name for p in registered if not p.food_paid]
    nobody_ate = len(no_food) == len(registered)  # every event pays one food contribution
    if no_food and (nobody_ate or rng.random() < 0.3):
        return Pay(names=[rng.choice(no_food)], food=True)
    if missing:
        return Register(names=missing[:1])
    return Draw(seed=rng.randint(0, 1000))


def _play(state: State, rng: random.Random) -> Action:
    unit = state.settings.stacks.chip_unit
    if state.final_due:
        finalists = [p.name for p in state.in_players()]
        counts = split(state.chips_in_play, len(finalists), unit, rng)
        return Final(counts=dict(zip(finalists, counts, strict=True)), seed=rng.randint(0, 99))
    closing = [t for t in state.open_tables() if state.must_close(t)]
    if closing and rng.random() < 0.8:
        table = closing[0]
        movers = [p.name for p in state.players_at(table)]
        room = sum(
            1
            for t in state.open_tables()
            if t.number != table.number
            for s in t.seats[: state.settings.seating.table_seats]
            if s.player is None
        )
        if room < len(movers):
            seats = state.settings.seating.table_seats + 1
            return ChangeSettings(assignments=[("table_seats", str(seats))])
        counts = split(table.chips, len(movers), unit, rng)
        return CloseTable(table=table.number, counts=dict(zip(movers, counts, strict=True)))
    players = state.in_players()
    roll = rng.random()
    if roll < 0.15:
        player = rng.choice(players)
        return Count(counts={player.name: rng.randint(1, 400) * unit})
    if roll < 0.25:
        eligible = [p for p in players if can_take_second_stack(state, p)]
        if eligible:
            return SecondStack(name=rng.choice(eligible).name, stack=0)
    if roll < 0.4:
        action = rng.choice(["start", "pause", "resume", "next", "add", "sub"])
        seconds = rng.randint(1, 60) if action in ("add", "sub") else None
        return ClockControl(action=action, seconds=seconds)  # type: ignore[arg-type]
    first = rng.choice(players)
    same = [p for p in players if p.table == first.table and p is not first]
    out = [first, *rng.sample(same, min(len(same), rng.choice([0, 0, 0, 1])))]
    out = out[: max(1, len(players) - 1)]
    stacks = [rng.choice([100, 200, 500]) for _ in out] if len(out) > 1 else None
    return Bust(names=[p.name for p in out], stacks=stacks, declined=True)
