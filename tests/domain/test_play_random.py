"""Random but legal play to the end, across many seeds: the invariants hold after every step
and replaying the log gives the same state (Titles III-V)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tdhelpers.invariants import check
from tdhelpers.support import FakeClock, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.fold import fold
from tdconsole.domain.play import (
    Bust,
    CloseTable,
    Final,
    SecondStack,
    Start,
    can_take_second_stack,
)
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.domain.view import state_json
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def split(total: int, parts: int, unit: int, rng: random.Random) -> list[int]:
    """``total`` chips in ``parts`` random stacks of whole chip units."""
    units = total // unit
    cuts = sorted(rng.randint(0, units) for _ in range(parts - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, units], strict=True)]
    return [s * unit for s in sizes]


def play_out(service: Tournament, rng: random.Random) -> None:
    unit = service.state.settings.stacks.chip_unit
    for _ in range(500):
        if service.state.phase == "finished":
            return
        if service.state.final_due:
            finalists = [p.name for p in service.state.in_players()]
            counts = split(service.state.chips_in_play, len(finalists), unit, rng)
            service.execute(Final(counts=dict(zip(finalists, counts, strict=True))))
        elif closing := [t for t in service.state.open_tables() if service.state.must_close(t)]:
            table = closing[0]
            movers = [p.name for p in service.state.players_at(table)]
            counts = split(table.chips, len(movers), unit, rng)
            try:
                service.execute(
                    CloseTable(table=table.number, counts=dict(zip(movers, counts, strict=True)))
                )
            except RuleError as exc:
                assert exc.article == "IV.4" and "table_seats" in str(exc)

                seats = service.state.settings.seating.table_seats + 1
                service.execute(ChangeSettings(assignments=[("table_seats", str(seats))]))
        else:
            players = service.state.in_players()
            if rng.random() < 0.2:
                eligible = [p for p in players if can_take_second_stack(service.state, p)]
                if eligible:
                    service.execute(SecondStack(name=rng.choice(eligible).name, stack=0))
                    check(service)
                    continue
            k = min(rng.choice([1, 1, 1, 2, 3]), len(players) - 1)
            out = rng.sample(players, k)
            same_table = [p for p in out if p.table == out[0].table]
            stacks = [rng.choice([100, 200, 200, 500]) for _ in same_table]
            service.execute(Bust(names=[p.name for p in same_table], stacks=stacks, declined=True))
        check(service)
    raise AssertionError("the event did not finish")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(n=st.integers(min_value=2, max_value=24), seed=st.integers(0, 10_000))
def test_random_legal_play_keeps_every_invariant(n: int, seed: int) -> None:
    service = Tournament.in_memory(
        "random", load_settings(), clock=FakeClock(), rng=random.Random(seed)
    )
    try:
        service.execute(Register(names=names(n)))
        service.execute(Pay(names=names(n)))
        service.execute(Draw())
        service.execute(Start(stack=4000, big_blind=100))
        check(service)
        play_out(service, random.Random(seed))
        assert service.state.phase == "finished"
        # Undo of the last command (the final elimination) reopens the event exactly.
        service.undo("test")
        assert service.state.phase != "finished"
        check(service)
    finally:
        service.close()


COMMANDS = st.one_of(
    st.builds(lambda i: Register(names=[f"P{i}"]), st.integers(0, 30)),
    st.builds(lambda i: Register(names=[f"p{i}", f"P{i + 1}"]), st.integers(0, 30)),
    st.builds(lambda i: Withdraw(name=f"P{i}"), st.integers(0, 30)),
    st.builds(lambda i, f: Pay(names=[f"P{i}"], food=f), st.integers(0, 30), st.booleans()),
    st.builds(lambda s: Draw(seed=s), st.integers(0, 5)),
    st.builds(
        lambda s, b: Start(stack=s, big_blind=b),
        st.sampled_from([1000, 4000, 3990]),
        st.sampled_from([50, 100, 200]),
    ),
    st.builds(lambda i: Bust(names=[f"P{i}"], declined=True), st.integers(0, 30)),
    st.builds(lambda i: SecondStack(name=f"P{i}"), st.integers(0, 30)),
    st.just("undo"),
    st.just("redo"),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(commands=st.lists(COMMANDS, max_size=40))
def test_any_command_sequence_leaves_the_store_consistent(commands: list[object]) -> None:
    """Valid commands apply, refused ones change nothing, and replay = live state."""
    service = Tournament.in_memory("seq", load_settings(), clock=FakeClock(), rng=random.Random(1))
    try:
        for command in commands:
            before = service.store.last_seq()
            snapshot = state_json(service.state, service.now())
            try:
                if command == "undo":
                    service.undo()
                elif command == "redo":
                    service.redo()
                else:
                    service.execute(command)  # type: ignore[arg-type]
            except RuleError:
                assert service.store.last_seq() == before
                assert state_json(service.state, service.now()) == snapshot
            replayed, _ = fold(service.store.read())
            assert state_json(replayed, service.now()) == state_json(service.state, service.now())
    finally:
        service.close()
