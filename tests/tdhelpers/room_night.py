"""One event on a clock the test moves by hand, and the room's picture of it (the room model's
tests: tests/domain/test_room*.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from tdconsole.domain.clock import status
from tdconsole.domain.play import Bust, Final
from tdconsole.domain.room import Room, Season, room
from tdconsole.service import Tournament
from tdhelpers.support import terminal

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


class Night:
    """One event on a clock the test moves by hand."""

    def __init__(self, made: Tournament[Any]) -> None:
        self.at = NOW
        self.service = terminal(made, clock=lambda: self.at, rng=random.Random(7))

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)

    def run(self, *commands: object) -> None:
        for command in commands:
            self.service.execute(command)  # type: ignore[arg-type]

    def room(self, season: Season | None = None) -> Room:
        state = self.service.state
        shown = None
        if state.clock is not None and state.structure is not None:
            auto = state.settings.clock.auto_announce
            shown = status(state.clock, state.structure, self.at, auto_announce=auto)
        moved = self.service.latest_moves()
        return room(state, shown, moved, self.at, season)

    def bust_at(self, table: int, leave: int) -> None:
        while True:
            players = self.service.state.players_at(self.service.state.tables[table])
            if len(players) <= leave:
                return
            self.run(Bust(names=[players[-1].name], declined=True))

    def final(self) -> None:
        """Three left at each table, then the final drawn (the chips all to the first)."""
        for table in (1, 2, 3):
            self.bust_at(table, 3)
        names = [p.name for p in self.service.state.in_players()]
        counts = dict.fromkeys(names, 0)
        counts[names[0]] = self.service.state.chips_in_play
        self.run(Final(counts=counts))
