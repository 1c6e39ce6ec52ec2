"""A whole evening through the console's keys only (issue 15): from a new, empty event to the
winner, with every key counted. The test body reads the state to check it, and never acts on
the event but through keys."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tdconsole.domain.settings import load_settings
from tdconsole.service import Tournament
from tdconsole.ui.app import build_app

from .conftest import frozen, settle

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Ugo", "Irene", "Luca"]
CLEAR = ("end", "ctrl+u")


class Keys:
    """Presses keys through the pilot, counting each one."""

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot
        self.count = 0

    async def __call__(self, *keys: str) -> None:
        for key in keys:
            self.count += 1
            await self.pilot.press(key)
        await settle(self.pilot)


async def bust(press: Keys, name: str, *, declined: bool) -> None:
    """The eliminate dialog, the name typed over the one under the seat cursor."""
    await press("e", *CLEAR, *name, *(["ctrl+r"] if declined else []), "enter")


async def test_an_evening_by_keys_only(tmp_path: Path) -> None:
    service = Tournament.create(
        tmp_path / "serata.tdc", "Serata", load_settings(), clock=frozen, rng=random.Random(5)
    )
    state = lambda: service.state  # noqa: E731

    def open_tables() -> list[int]:
        return [n for n, t in state().tables.items() if t.open]

    def last_at(table: int) -> str:
        return state().players_at(state().tables[table])[-1].name

    app = build_app(service, frozen)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            press = Keys(pilot)
            # Settings: tables of 4-5 at the start, a final of 6.
            await press("o", *["tab"] * 6, *CLEAR, "4", "tab", *CLEAR, "5")
            await press("tab", "tab", *CLEAR, "6", "ctrl+s")
            seating = state().settings.seating
            assert (seating.table_min, seating.table_max, seating.final_seats) == (4, 5, 6)
            # Registration, then each fee on the players tab.
            await press("i", *", ".join(NAMES), "enter")
            assert len(state().players) == len(NAMES)
            await press("2")
            for i, _ in enumerate(NAMES):
                await press(*(["down"] if i else []), "y")
            assert all(p.paid for p in state().players.values())
            # The draw, its slips closed, the start.
            await press("1", "s", "enter")
            assert state().phase == "seated"
            await press("escape", "g", "enter")
            assert state().phase == "elimination"
            # Table 1 down to three players: it closes (Art. IV.4), counts as they stand.
            for _ in range(2):
                await bust(press, last_at(1), declined=True)
            assert len(state().players_at(state().tables[1])) == 3
            # The chips of the two out are at the table: the first player's count takes them.
            table = state().tables[1]
            rest = sum(p.chips for p in state().players_at(table)[1:])
            await press("c", "ctrl+o")
            await press(*CLEAR, *str(table.chips - rest), "ctrl+s")
            assert not state().tables[1].open
            # Down to the final's six: the final table draw, then down to the winner.
            while state().in_play > 6:
                await bust(press, last_at(2), declined=True)
            finalists = state().in_players()
            rest = sum(p.chips for p in finalists[1:])
            await press("f")
            await press(*CLEAR, *str(state().chips_in_play - rest), "ctrl+s")
            assert state().phase == "final"
            while state().in_play > 1:
                await bust(press, last_at(next(iter(open_tables()))), declined=False)
            assert state().phase == "finished"
            (winner,) = state().in_players()
            assert winner.chips == state().chips_in_play
            places = sorted(p.place for p in state().players.values() if p.place is not None)
            assert places == list(range(1, len(NAMES) + 1))
            print(f"the evening by keys: {len(NAMES)} players, {press.count} key presses")
            assert press.count == 218
    finally:
        service.close()
