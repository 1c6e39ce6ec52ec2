"""What the room's screen shows: one pure model for the terminal display and the web page.

Pure: no I/O and no clock read (the time is passed in).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tdconsole.domain.events import Record


@dataclass(frozen=True)
class Moved:
    """The latest seating change: a table closed (its movers) or the final drawn."""

    at: datetime
    closed: int | None
    """The table closed, or None for the final draw (everyone moved: see the final table)."""
    moves: tuple[tuple[str, int, int], ...] = ()
    """(name, table, seat) of every mover of a closing."""


def latest_moves(records: list[Record], active: set[int]) -> Moved | None:
    """The latest closing or final draw among ``records`` whose command is in effect."""
    from tdconsole.domain.play import FinalDrawn, TableClosed

    for record in reversed(records):
        if record.command not in active:
            continue
        body = record.body
        if isinstance(body, TableClosed):
            moves = tuple((m.name, m.to_table, m.to_seat) for m in body.moves)
            return Moved(record.at, body.table, moves)
        if isinstance(body, FinalDrawn):
            return Moved(record.at, None)
    return None
