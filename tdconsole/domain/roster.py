"""The players as a console's dialog reads them, on the State it opened on: found by the name
typed, completed as it is typed, told with their seats, whether one may still take the second
stack, and their counts (a table's, the colour-up's board, a closing's, the final's). The
service gives it
(``Tournament.roster``; a command's ``Tournament.form``); a dialog holds it, never the State."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from tdconsole.domain.phases import Status
from tdconsole.domain.play_common import (
    can_take_second_stack,
    second_stack_amount,
    second_stacks_given,
    table_of,
)
from tdconsole.domain.slices.close_table import Closing, closing
from tdconsole.domain.slices.colour_up import Recount, recount
from tdconsole.domain.slices.count import TableCount, table_count
from tdconsole.domain.slices.final import Finalists, finalists
from tdconsole.domain.state import Player, State


class Named(NamedTuple):
    """A player as a dialog names him."""

    name: str
    order: int
    """His registration's rank (``identity.match_players`` lists in that order)."""
    status: Status
    table: int | None
    seat: int | None
    final: bool
    """His table is the final table (IV.1)."""
    place: int | None


class Roster:
    """The players of the State it was given (module docstring)."""

    def __init__(self, state: State) -> None:
        self._state = state

    def _named(self, player: Player) -> Named:
        table = self._state.tables.get(player.table) if player.table is not None else None
        return Named(
            name=player.name,
            order=player.order,
            status=player.status,
            table=player.table,
            seat=player.seat,
            final=table is not None and table.final,
            place=player.place,
        )

    def find(self, name: str) -> Named | None:
        """The player of exactly this name (ignoring case)."""
        player = self._state.find(name)
        return None if player is None else self._named(player)

    def match(self, typed: str) -> list[Named]:
        """Every player ``typed`` may mean (``State.match``): one, several or none."""
        return [self._named(p) for p in self._state.match(typed)]

    def listed(self, statuses: Collection[str] = ("in",)) -> list[Named]:
        """The players of ``statuses``, in registration order (those a name field completes)."""
        return [self._named(p) for p in self._state.ordered_players() if p.status in statuses]

    def second_stacks_given(self) -> bool:
        """Second stacks are still given (III.2; not once the final is due, III.4)."""
        return second_stacks_given(self._state)

    def second_stack_for(self, name: str) -> int | None:
        """The second stack the player of this name may still take (his table's average,
        III.3), None when he may not."""
        player = self._state.find(name)
        if player is None or player.table is None or not can_take_second_stack(self._state, player):
            return None
        return second_stack_amount(self._state, table_of(self._state, player))

    def table_count(self, number: int) -> TableCount:
        """The counts of table ``number``, as the count's dialog shows them."""
        return table_count(self._state, number)

    def recount(self) -> Recount | None:
        """The colour-up's board (None: no bigger chip to colour up to)."""
        return recount(self._state)

    def closing(self, number: int) -> Closing | None:
        """The closing of table ``number`` as its dialog shows it (None: no such table)."""
        return closing(self._state, number) if number in self._state.tables else None

    def finalists(self) -> Finalists:
        """The finalists as the final's dialog shows them."""
        return finalists(self._state)
