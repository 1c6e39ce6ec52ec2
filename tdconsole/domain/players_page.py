"""What each player's own page shows (``/players``): one public document for every player,
made once per picture of the room; each phone keeps the rows of the name it chose.

Nothing here is not already public in the room: where each player sits and with which card
(the seats drawn, the moves), who has taken the second stack (Art. VII.7, said at every table),
the second stack at each table (III.3, on the TV), the places and prizes (V.1). No cash desk, no
PIN, no reason for a ruling. Pure: no I/O and no clock read.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Literal

from tdconsole.domain.numbers import money_said
from tdconsole.domain.play_common import second_stack_offers
from tdconsole.domain.room import Room, room_json
from tdconsole.domain.state import search_key

if TYPE_CHECKING:
    from tdconsole.domain.room_moves import Moved
    from tdconsole.domain.state import State

Where = Literal["in", "placed"]
"""Still in play (seated), or his place decided (out, or the winner)."""

ROOM_KEYS = (
    "stage", "now", "event", "level", "is_break", "running", "blinds", "remaining_seconds",
    "overtime_seconds", "zero_at", "next", "next_is_break", "clock_shown", "in_play",
    "entrants", "second_stacks", "closed_table", "final_drawn", "winner", "places", "message",
)  # fmt: skip
"""What the players' page takes of the room's picture: the clock and blinds as the TV shows
them, the second stack at each table, the results; the Director's message when there is one."""


@dataclass(frozen=True)
class PlayerRow:
    """One player as his page shows him (and as his table's page lists him)."""

    name: str
    key: str
    """The name folded as people type it (``search_key``): the page finds a name by any part."""
    where: Where
    table: int | None = None
    seat: int | None = None
    card: str | None = None
    final: bool = False
    """At the final table (IV.2)."""
    second_stack: bool = False
    """He has taken his second stack (what VII.7 lets any player ask)."""
    may_take: bool = False
    """He may still take his own (III.2): its amount is his table's in ``second_stacks``."""
    moved_from: int | None = None
    """The table whose closing moved him here, in the latest closing (IV.4)."""
    place: int | None = None
    tied: bool = False
    prize: str | None = None
    """His prize said with its currency, once his place is decided (V.1)."""


@dataclass(frozen=True)
class PlayersPage:
    """Every player's page: the room's picture and a row for each player seated or placed."""

    shown: Room
    players: tuple[PlayerRow, ...]


def players_page(state: State, moved: Moved | None, shown: Room) -> PlayersPage:
    """The players' page for ``state``, beside the room's picture ``shown`` of the same moment
    (and ``moved``, the log's latest closing or final draw). Before the draw no one is listed:
    the room shows no name then either."""
    offers = second_stack_offers(state)
    movers: dict[str, int] = {}
    if moved is not None and moved.closed is not None:
        movers = {name: moved.closed for name, _table, _seat in moved.moves}
    rows = []
    for p in state.players.values():
        if p.place is not None and p.status in ("in", "out", "disqualified"):
            prize = money_said(p.prize, state.settings.currency) if p.prize else None
            key = search_key(p.name)
            row = PlayerRow(p.name, key, "placed", place=p.place, tied=p.tied, prize=prize)
        elif p.status == "in" and p.table is not None and p.seat is not None:
            table = state.tables[p.table]
            row = PlayerRow(
                p.name,
                search_key(p.name),
                "in",
                p.table,
                p.seat,
                table.seat(p.seat).card,
                table.final,
                p.second_stack is not None,
                p.second_stack is None and p.table in offers,
                movers.get(p.name),
            )
        else:
            continue
        rows.append(row)
    rows.sort(key=lambda r: (r.key, r.name))
    return PlayersPage(shown, tuple(rows))


def players_json(page: PlayersPage) -> dict[str, Any]:
    """``page`` as the players' page reads it (``/api/players``): the room's part as the room's
    page reads it (``room_json``), then the players."""
    room = room_json(page.shown)
    document: dict[str, Any] = {key: room[key] for key in ROOM_KEYS if key in room}
    document["players"] = [asdict(row) for row in page.players]
    return document
