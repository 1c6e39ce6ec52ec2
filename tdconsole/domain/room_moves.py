"""The latest seating change the log holds (a table closed, the final drawn), which the room's
screen shows for a while: read from the records, as the State does not keep it.
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
    busted_since: bool = False
    """Someone was eliminated after it: at the final table, everyone has found his seat."""
    counted_at: datetime | None = None
    """When the chips shown were last counted (a count since, or this change's own)."""


def latest_moves(records: list[Record], active: set[int]) -> Moved | None:
    """The latest closing or final draw among ``records`` whose command is in effect."""
    # lazy: the play's events load with a log that holds them alone (tests/test_start_up.py)
    from tdconsole.domain.play import ChipsCounted, FinalDrawn, PlayersEliminated, TableClosed

    busted = False
    counted: datetime | None = None
    for record in reversed(records):
        if record.command not in active:
            continue
        body = record.body
        if isinstance(body, TableClosed):
            moves = tuple((m.name, m.to_table, m.to_seat) for m in body.moves)
            return Moved(record.at, body.table, moves, busted, counted or record.at)
        if isinstance(body, FinalDrawn):
            return Moved(record.at, None, busted_since=busted, counted_at=counted or record.at)
        busted = busted or isinstance(body, PlayersEliminated)
        if counted is None and isinstance(body, ChipsCounted):
            counted = record.at
    return None
