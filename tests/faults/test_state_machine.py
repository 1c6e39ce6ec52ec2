"""A hypothesis state machine over the whole command set of the service: any mix of valid and
invalid actions, undo and redo keeps the ledger, the places and the prizes consistent, a refusal
changes nothing, and the log always replays to the live state."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from tdhelpers.built_once import created
from tdhelpers.invariants import check
from tdhelpers.support import FakeClock

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import (
    Bust,
    CloseTable,
    Count,
    Final,
    SecondStack,
    Start,
)
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.move_button import MoveButton
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.domain.view import state_json
from tdconsole.store.settings_file import load_settings

NAMES = [f"P{i:02d}" for i in range(30)] + ["[bold]Zoë", "Ωmega"]


class EventMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.clock = FakeClock()
        self.service = created(  # (a copy of one new event: cheaper than creating it)
            Path(self.folder.name) / "m.tdc",
            "machine",
            load_settings(),
            clock=self.clock,
            rng=random.Random(0),
        )

    @initialize(n=st.sampled_from([0, 0, 2, 7, 10, 12, 17, 24]))
    def set_up(self, n: int) -> None:
        """Most runs start from an event already under way, so play is reached often."""
        if n:
            names = NAMES[:n]
            self.service.execute(Register(names=names))
            self.service.execute(Pay(names=names))
            self.service.execute(Draw(seed=n))
            self.service.execute(Start(stack=4000, big_blind=100))

    def teardown(self) -> None:
        self.service.close()
        self.folder.cleanup()

    def attempt(self, action: Any) -> None:
        """Run one action; a refusal must leave the log and the state untouched."""
        before_seq = self.service.store.last_seq()
        before = state_json(self.service.state, self.service.now())
        try:
            action()
        except RuleError as refused:
            assert refused.message and "\n" not in refused.message
            assert self.service.store.last_seq() == before_seq
            assert state_json(self.service.state, self.service.now()) == before

    def players(self, status: str = "in") -> list[str]:
        return [p.name for p in self.service.state.ordered_players() if p.status == status]

    @rule(names=st.lists(st.sampled_from(NAMES), min_size=1, max_size=6))
    def register(self, names: list[str]) -> None:
        self.attempt(lambda: self.service.execute(Register(names=names)))

    @rule(data=st.data(), food=st.booleans())
    def pay(self, data: st.DataObject, food: bool) -> None:
        pool = self.players("registered") + self.players("waitlisted") or NAMES
        chosen = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8))
        self.attempt(lambda: self.service.execute(Pay(names=chosen, food=food)))

    @rule(name=st.sampled_from(NAMES))
    def withdraw(self, name: str) -> None:
        self.attempt(lambda: self.service.execute(Withdraw(name=name)))

    @rule(seed=st.integers(0, 3))
    def draw(self, seed: int) -> None:
        self.attempt(lambda: self.service.execute(Draw(seed=seed)))

    @rule(stack=st.sampled_from([4000, 1000, 3990]), bb=st.sampled_from([100, 50, 150]))
    def start(self, stack: int, bb: int) -> None:
        self.attempt(lambda: self.service.execute(Start(stack=stack, big_blind=bb)))

    @rule(data=st.data(), stack=st.one_of(st.none(), st.sampled_from([0, 25, 5000])))
    def second_stack(self, data: st.DataObject, stack: int | None) -> None:
        name = data.draw(st.sampled_from(self.players() or NAMES))
        self.attempt(lambda: self.service.execute(SecondStack(name=name, stack=stack)))

    @rule(data=st.data(), declined=st.booleans())
    def bust(self, data: st.DataObject, declined: bool) -> None:
        names = data.draw(
            st.lists(st.sampled_from(self.players() or NAMES), min_size=1, max_size=3, unique=True)
        )
        stacks = data.draw(
            st.lists(st.sampled_from([100, 200, 500]), min_size=len(names), max_size=len(names))
        )
        self.attempt(
            lambda: self.service.execute(
                Bust(names=names, stacks=stacks if len(names) > 1 else None, declined=declined)
            )
        )

    @rule(data=st.data(), exact=st.booleans())
    def count(self, data: st.DataObject, exact: bool) -> None:
        name = data.draw(st.sampled_from(self.players() or NAMES))
        chips = data.draw(st.sampled_from([0, 25, 4000, 4010]))
        self.attempt(lambda: self.service.execute(Count(counts={name: chips})))

    @rule(exact=st.booleans())
    def close_table(self, exact: bool) -> None:
        state = self.service.state
        closing = [t for t in state.open_tables() if state.must_close(t)] or state.open_tables()
        if not closing:
            return
        table = closing[0]
        movers = [p.name for p in state.players_at(table)]
        unit = state.settings.stacks.chip_unit
        counts = {name: table.chips // max(len(movers), 1) // unit * unit for name in movers}
        if movers and exact:
            counts[movers[0]] += table.chips - sum(counts.values())
        self.attempt(lambda: self.service.execute(CloseTable(table=table.number, counts=counts)))

    @rule(exact=st.booleans())
    def final(self, exact: bool) -> None:
        state = self.service.state
        finalists = self.players()
        if not finalists:
            return
        unit = state.settings.stacks.chip_unit
        counts = {n: state.chips_in_play // len(finalists) // unit * unit for n in finalists}
        if exact:
            counts[finalists[0]] += state.chips_in_play - sum(counts.values())
        self.attempt(lambda: self.service.execute(Final(counts=counts)))

    @rule(
        action=st.sampled_from(["start", "pause", "resume", "announce", "next", "prev"]),
        seconds=st.floats(0, 3000),
    )
    def clock_control(self, action: str, seconds: float) -> None:
        self.clock.advance(seconds)
        self.attempt(lambda: self.service.execute(ClockControl(action=action)))  # type: ignore[arg-type]

    @rule(data=st.data())
    def disqualify(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.players() or NAMES))
        self.attempt(lambda: self.service.execute(Disqualify(name=name, reason="test")))

    @rule(
        data=st.data(),
        kind=st.sampled_from(["warning", "suspend"]),
        orbits=st.sampled_from([None, 1, 2, 3]),
    )
    def sanction(self, data: st.DataObject, kind: str, orbits: int | None) -> None:
        name = data.draw(st.sampled_from(self.players() or NAMES))
        self.attempt(
            lambda: self.service.execute(
                Sanction(name=name, kind=kind, orbits=orbits, reason="test")  # type: ignore[arg-type]
            )
        )

    @rule(table=st.integers(0, 4), text=st.sampled_from(["pot to P01", "", "  "]))
    def ruling(self, table: int, text: str) -> None:
        self.attempt(
            lambda: self.service.execute(RecordRuling(table=table, articles=["7.7"], text=text))
        )

    @rule(table=st.integers(0, 4), seat=st.integers(0, 11))
    def button(self, table: int, seat: int) -> None:
        self.attempt(lambda: self.service.execute(MoveButton(table=table, seat=seat)))

    @rule(seats=st.sampled_from(["9", "10", "11", "2", "x"]))
    def table_seats(self, seats: str) -> None:
        self.attempt(
            lambda: self.service.execute(ChangeSettings(assignments=[("table_seats", seats)]))
        )

    @rule()
    def undo(self) -> None:
        self.attempt(lambda: self.service.undo("machine"))

    @rule()
    def redo(self) -> None:
        self.attempt(self.service.redo)

    @invariant()
    def consistent(self) -> None:
        check(self.service)


EventMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestEventMachine = EventMachine.TestCase
