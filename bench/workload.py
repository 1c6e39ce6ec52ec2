"""Events to measure: a complete 24-player evening, a synthetic 100,000-event log, big fields.

Everything here goes through the real commands (``decide``) so every log is one the console
could have written; randomness and time are seeded so each run measures the same work.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, CommandNoted, Context, Record
from tdconsole.domain.fold import apply_all
from tdconsole.domain.play import (
    Bust,
    CloseTable,
    Count,
    Final,
    SecondStack,
    Start,
    can_take_second_stack,
)
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State
from tdconsole.service import Tournament
from tdconsole.store.eventstore import EventStore
from tdconsole.store.settings_file import load_settings

T0 = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


class StepClock:
    """A wall clock that moves a few seconds at each read, like an evening at the table."""

    def __init__(self, step: float = 7.0) -> None:
        self.now = T0
        self.step = timedelta(seconds=step)

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def player_names(n: int) -> list[str]:
    return [f"Player {i:05d}" for i in range(1, n + 1)]


def big_settings(players: int) -> Settings:
    return load_settings().with_value("max_players", str(max(players, 24)))


def split(total: int, parts: int, unit: int, rng: random.Random) -> list[int]:
    units = total // unit
    cuts = sorted(rng.randint(0, units) for _ in range(parts - 1))
    return [(b - a) * unit for a, b in zip([0, *cuts], [*cuts, units], strict=True)]


def next_play(state: State, rng: random.Random) -> Command | None:
    """One legal move of play: a count, a second stack, a clock action, an elimination, a
    closing or the final; ``None`` once the event is finished."""
    if state.phase == "finished":
        return None
    unit = state.settings.stacks.chip_unit
    if state.final_due:
        finalists = [p.name for p in state.in_players()]
        counts = split(state.chips_in_play, len(finalists), unit, rng)
        return Final(counts=dict(zip(finalists, counts, strict=True)), seed=rng.randint(0, 99))
    closing = [t for t in state.open_tables() if state.must_close(t)]
    if closing:
        table = closing[0]
        movers = [p.name for p in state.players_at(table)]
        counts = split(table.chips, len(movers), unit, rng)
        return CloseTable(table=table.number, counts=dict(zip(movers, counts, strict=True)))
    players = state.in_players()
    roll = rng.random()
    if roll < 0.25:
        player = rng.choice(players)
        return Count(counts={player.name: rng.randint(1, 400) * unit})
    if roll < 0.35:
        eligible = [p for p in players if can_take_second_stack(state, p)]
        if eligible:
            # His stack is below the big blind, all in and lost: 0 (Art. III.2).
            return SecondStack(name=rng.choice(eligible).name, stack=0)
    if roll < 0.45:
        return ClockControl(action=rng.choice(["add", "sub"]), seconds=rng.randint(1, 30))
    out = rng.choice(players)
    return Bust(names=[out.name], declined=True)


def play_event(
    service: Tournament, players: int, seed: int, *, finish: bool = True, moves: int | None = None
) -> None:
    """Register, pay, draw, start, and (with ``finish``) play to the winner, or ``moves``
    moves of play when given (an evening in its middle)."""
    rng = random.Random(seed)
    field = player_names(players)
    service.execute(Register(names=field))
    service.execute(Pay(names=field))
    service.execute(Pay(names=field[: players * 3 // 4], food=True))
    service.execute(Draw(seed=seed))
    service.execute(Start(stack=4000, big_blind=100))
    service.execute(ClockControl(action="start"))
    played = 0
    while finish:
        command = next_play(service.state, rng)
        if command is None or (moves is not None and played >= moves):
            break
        played += 1
        try:
            service.execute(command)
        except RuleError as exc:
            if exc.article == "IV.4" and "table_seats" in str(exc):
                seats = service.state.settings.seating.table_seats + 1
                service.execute(ChangeSettings(assignments=[("table_seats", str(seats))]))
            elif "clock" not in str(exc) and "level" not in str(exc):
                raise


def build_evening(path: Path, players: int = 24, seed: int = 11) -> Path:
    """A complete event, every command through the service (durable appends)."""
    service = Tournament.create(
        path, "bench", big_settings(players), clock=StepClock(), rng=random.Random(seed)
    )
    try:
        play_event(service, players, seed)
    finally:
        service.close()
    return path


def build_synthetic(path: Path, events: int, seed: int = 5) -> int:
    """A long log written in one transaction: a 24-player event whose evening is stretched to
    ``events`` events with counts, clock actions and rulings. Returns the number of events."""
    rng = random.Random(seed)
    clock = StepClock(step=1.0)
    store = EventStore(path, create=True)
    state = State(settings=Settings())
    actor = "Direttore"

    def run(command: Command) -> None:
        ctx = Context(now=clock(), rng=rng, actor=actor)
        bodies = command.decide(state, ctx)
        records: list[Record] = store.append(
            [CommandNoted(summary=command.describe()), *bodies], ctx.now, actor
        )
        apply_all(state, records)

    from tdconsole.domain.slices.create_event import CreateEvent

    field = player_names(24)
    setup: list[Command] = [
        CreateEvent(name="synthetic", settings=load_settings().model_dump(mode="json")),
        Register(names=field),
        Pay(names=field),
        Draw(seed=seed),
        Start(stack=4000, big_blind=100),
        ClockControl(action="start"),
    ]
    makers: list[Callable[[], Command]] = [
        lambda: Count(counts={rng.choice(field): rng.randint(1, 400) * 25}),
        lambda: ClockControl(action="add", seconds=rng.randint(1, 30)),
        lambda: ClockControl(action="sub", seconds=rng.randint(1, 30)),
        lambda: RecordRuling(table=rng.randint(1, 3), articles=["IV.3"], text="dealer error"),
    ]
    with store.transaction():
        for command in setup:
            run(command)
        while store.last_seq() < events - 1:
            try:
                run(rng.choice(makers)())
            except RuleError:
                continue
    total = store.last_seq()
    store.close()
    return total
