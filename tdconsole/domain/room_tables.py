"""The open tables as the room's second screen shows them (``/display?screen=tables``): each
table's players by seat, the button, who has taken the second stack (Art. VII.7).

Pure: read from the State alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tdconsole.domain.state import State


@dataclass(frozen=True)
class TableSeat:
    seat: int
    card: str
    """The seat's card ("A♥"): its suit is drawn in colour."""
    name: str
    second_stack: bool
    """He has taken the second stack."""


@dataclass(frozen=True)
class TableShown:
    table: int
    final: bool
    button: int
    """The seat of the button."""
    seats: tuple[TableSeat, ...]
    """The seats taken, in seat order."""


def open_tables(state: State) -> tuple[TableShown, ...]:
    """Every open table once the seats are drawn, in table order (before: none)."""
    if state.phase not in ("seated", "elimination", "final"):
        return ()
    shown = []
    for table in state.open_tables():
        seats = []
        for seat in table.seats:
            if seat.player is None:
                continue
            player = state.players[seat.player]
            if player.status != "in":
                continue
            taken = player.second_stack is not None
            seats.append(TableSeat(seat.number, seat.card, player.name, taken))
        shown.append(TableShown(table.number, table.final, table.button, tuple(seats)))
    return tuple(shown)
