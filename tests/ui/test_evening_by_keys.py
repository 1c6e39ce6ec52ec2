"""A whole evening through the console's keys only: from a new, empty event to the
winner, with every key counted. The test body reads the state to check it, and never acts on
the event but through keys."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import build_app
from tdconsole.ui.dialogs.final import seat_order

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


async def evening(tmp_path: Path, names: list[str], *, withdraw: str = "", dq: bool = False) -> int:
    """The evening by keys: settings (tables of 4-5, a final of 6), registration, the fees
    paid at once, a withdrawal after paying, the draw, the start, a closing, a
    disqualification, the final table draw, down to the winner. Returns the keys pressed."""
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
            # Registration, then every fee at once (Y, empty: every player not yet paid).
            await press("i", *", ".join(names), "enter")
            assert len(state().players) == len(names)
            await press("Y", "enter")
            assert all(p.paid for p in state().players.values())
            if withdraw:
                # A withdrawal after paying, on the players tab: the fee refunded.
                await press("2", *["down"] * names.index(withdraw), "w", "enter")
                assert state().find(withdraw).status == "withdrawn"  # type: ignore[union-attr]
            playing = len(names) - (1 if withdraw else 0)
            # The draw (the dialog closes once recorded), the start.
            await press("1", "s", "enter")
            assert state().phase == "seated"
            await press("g", "enter")
            assert state().phase == "elimination"
            # Table 1 down to three players: it closes (Art. IV.4), counts as they stand.
            while len(state().players_at(state().tables[1])) > 3:
                await bust(press, last_at(1), declined=True)
            # The chips of the players out are at the table: the first player's count takes them.
            table = state().tables[1]
            rest = sum(p.chips for p in state().players_at(table)[1:])
            await press("c", "ctrl+o")
            await press(*CLEAR, *str(table.chips - rest), "ctrl+s")
            assert not state().tables[1].open
            if dq:
                # A disqualification of the player under the cursor: Tab to a reason, Enter.
                await press("x", "tab", *"cheating", "enter")
                assert any(p.status == "disqualified" for p in state().players.values())
            # Down to the final's six: the final table draw, then down to the winner.
            while state().in_play > 6:
                await bust(press, last_at(open_tables()[-1]), declined=True)
            # Every finalist counted (IV.5), table by table, seat by seat.
            finalists = seat_order(state())
            rest = sum(p.chips or 0 for p in finalists[1:])
            await press("f")
            counts = [state().chips_in_play - rest, *(p.chips or 0 for p in finalists[1:])]
            typed = [key for count in counts for key in ("tab", *str(count))][1:]
            await press(*typed, "ctrl+s")
            assert state().phase == "final"
            while state().in_play > 1:
                await bust(press, last_at(next(iter(open_tables()))), declined=False)
            assert state().phase == "finished"
            (winner,) = state().in_players()
            assert winner.chips == state().chips_in_play
            places = sorted(p.place for p in state().players.values() if p.place is not None)
            assert places == list(range(1, playing + 1))
            print(f"the evening by keys: {playing} players, {press.count} key presses")
            return press.count
    finally:
        service.close()


async def test_an_evening_by_keys_only(tmp_path: Path) -> None:
    """A whole evening of ten players by keys only, in 222 key presses (each fewer is the
    Director's time saved; the final's counts are typed, never taken from the last stacks)."""
    assert await evening(tmp_path, NAMES) == 222


async def test_a_new_evening_by_keys_with_a_withdrawal_and_a_disqualification(
    tmp_path: Path,
) -> None:
    """A fuller evening: thirteen registered and paid, one withdrawing after paying, twelve
    at three tables, a closing, a disqualification, the final, the winner."""
    names = [*NAMES, "Marta", "Nino", "Olga"]
    count = await evening(tmp_path, names, withdraw="Nino", dq=True)
    assert count == 272
