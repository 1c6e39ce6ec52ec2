"""The Director moves one player (Art. VII.1): ``tdconsole move NAME --to TABLE:SEAT [--chips N]
--reason TEXT``, the console's ``M``, the Director's alone.

A broken seat, a dispute: the player goes to another seat with his counted chips, for a reason
the log keeps. The regulation keeps players where the draw put them (IV.3); this is the
Director's discretion, never a closing (``close``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX, chips_text
from tdconsole.domain.play_common import (
    check_chip_unit,
    check_in_circulation,
    require_in,
    require_open_table,
    unseat,
)
from tdconsole.domain.slices.close_plan import reserved_seats
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class PlayerMoved(EventBody):
    """A Director's move of one player, with his counted chips (Art. VII.1)."""

    type: ClassVar[str] = "player_moved"
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    chips: int | None = None
    reason: str

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        unseat(state, player)
        target = state.tables[self.to_table]
        target.seat(self.to_seat).player = name_key(self.name)
        player.table, player.seat = self.to_table, self.to_seat
        if self.chips is not None:
            player.chips = self.chips
            if self.from_table != self.to_table:
                state.tables[self.from_table].chips -= self.chips
                target.chips += self.chips


class MovePlayer(Command):
    """``move NAME --to TABLE:SEAT [--chips N] --reason TEXT`` (Director only, Art. VII.1)."""

    name: str
    table: int
    seat: int
    chips: int | None = None
    reason: str

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "name": ("player_moved.name",),
        "table": ("player_moved.to_table",),
        "seat": ("player_moved.to_seat",),
    }

    def describe(self) -> Summary:
        return summary_of(said.MOVE, name=self.name.strip(), table=self.table, seat=self.seat)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase not in ("elimination", "final"):
            raise RuleError(
                _("players are moved once the tournament has started and before it ends"),
                "VII.1",
            )
        if not self.reason.strip():
            raise RuleError(
                _("give the reason for the move (a broken seat, a dispute): the log keeps it"),
                "VII.1",
            )
        player = require_in(state, self.name)
        target = require_open_table(state, self.table, "VII.1")
        limit = len(target.seats) if target.final else state.settings.seating.table_seats
        if not 1 <= self.seat <= min(limit, len(target.seats)):
            seats = min(limit, len(target.seats))
            if target.final:
                beyond = _("the final table has seats 1 to {min}").format(min=seats)
            else:
                beyond = _("table {table} has seats 1 to {min}").format(table=self.table, min=seats)
            raise RuleError(beyond, "VII.1")
        assert player.table is not None and player.seat is not None
        if (player.table, player.seat) == (self.table, self.seat):
            raise RuleError(
                _("{name} already sits there").format(name=player.name),
                "VII.1",
            )
        occupant = target.seat(self.seat).player
        reserved = reserved_seats(state, except_table=-1)
        if occupant is not None or (self.table, self.seat) in reserved:
            if occupant and target.final:
                taken = _(
                    "seat {seat} at the final table is taken by {name}: choose a vacant seat"
                ).format(seat=self.seat, name=state.players[occupant].name)
            elif occupant:
                taken = _(
                    "table {table} seat {seat} is taken by {name}: choose a vacant seat"
                ).format(table=self.table, seat=self.seat, name=state.players[occupant].name)
            else:
                taken = _(
                    "table {table} seat {seat} is taken by a recorded move plan: choose a vacant "
                    "seat"
                ).format(table=self.table, seat=self.seat)
            raise RuleError(taken, "VII.1")
        chips = self.chips
        if player.table != self.table:
            if chips is None:
                chips = player.chips
            if chips is None:
                raise RuleError(
                    _("count {name}'s chips: they go with him to table {table}").format(
                        name=player.name, table=self.table
                    ),
                    "VII.1",
                )
            check_in_circulation(state, state.tables[player.table], {player.name: chips})
        if chips is not None:
            check_chip_unit(state, player.name, chips)
        return [
            PlayerMoved(
                name=player.name,
                from_table=player.table,
                from_seat=player.seat,
                to_table=self.table,
                to_seat=self.seat,
                chips=chips,
                reason=self.reason.strip(),
            )
        ]


def moved_said(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """From which seat to which, with which chips."""
    return [
        _(
            "{name}: table {from_table} seat {from_seat} → table {to_table} seat {to_seat}"
            "{chips} (Director's decision, Art. VII.1)"
        ).format(
            name=moved.name,
            from_table=moved.from_table,
            from_seat=moved.from_seat,
            to_table=moved.to_table,
            to_seat=moved.to_seat,
            chips=""
            if moved.chips is None
            else _(" with {chips}").format(chips=chips_text(moved.chips)),
        )
        for moved in bodies
        if isinstance(moved, PlayerMoved)
    ]


def not_a_closing(state: State, typed: object) -> Msg:
    """What the move is, under its fields."""
    return _("The Director's decision, not a closing: the player goes with his counted chips.")


SLICE = Slice(
    command=MovePlayer,
    description=Description(
        command="MovePlayer",
        module="slices.move_player",
        cli="move",
        summaries=(said.MOVE,),
        keys=(Key("M", "command('MovePlayer')", _("Move a player")),),
        when="in play",
        director_only=True,
        article="VII.1",
    ),
    fields=(
        Field("name", "player", _("Player"), _("NAME")),
        Field("to", "seat", _("To seat (table:seat)"), _("TABLE:SEAT"), option=True),
        Field(
            "chips",
            "whole",
            _("Chips, counted (empty: his last count)"),
            _("N"),
            required=False,
            high=CHIPS_MAX,
        ),
        Field("reason", "text", _("Reason (kept in the log)"), _("TEXT"), option=True),
    ),
    heading=_("Move a player"),
    ok=_("Move"),
    after=moved_said,
    note=not_a_closing,
    cites=("IV.3",),
)
