"""The move plan of a closing table (Art. IV.3-IV.4): ``tdconsole close TABLE --plan [--seed N]
[--override REASON]`` (the command line's ``close`` told apart by its flag: ``close_table``),
the console's ctrl+o in the closing's dialog.

Each remaining player is drawn to a vacant seat, fewest-players tables first; the plan is
recorded when drawn, so the moves announced are the moves made. The closing's checks and the
drawing are here for the closing itself (``close_table``) and the Director's closing with more
seats (``close_plan_seats``); ``planned_moves`` is the plan as the faces show it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.slices.draw import DRAW_NUMBER_FIELD
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import MovePlan, State, Table, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext, pgettext


class Move(BaseModel):
    model_config = ConfigDict(defer_build=True)

    name: str
    to_table: int
    to_seat: int
    chips: int | None = None


def reserved_seats(state: State, except_table: int) -> set[tuple[int, int]]:
    """Seats promised to the movers of other tables' recorded plans."""
    seats: set[tuple[int, int]] = set()
    for table in state.open_tables():
        if table.plan is not None and table.number != except_table:
            seats.update((t, s) for _who, t, s in table.plan.moves)
    return seats


def vacant_seats(state: State, table: Table, reserved: set[tuple[int, int]]) -> list[int]:
    limit = state.settings.seating.table_seats
    return [
        s.number
        for s in table.seats[:limit]
        if s.player is None and (table.number, s.number) not in reserved
    ]


MOST_SEATS = 13
"""A table's seats are marked by the thirteen cards of its suit (II.2)."""


def room_for(state: State, closing: Table, seats: int) -> int:
    """Vacant seats the other open tables would offer with ``seats`` seats a table."""
    reserved = reserved_seats(state, closing.number)
    room = 0
    for table in state.open_tables():
        if table.number == closing.number or table.final:
            continue
        taken = {s.number for s in table.seats if s.player is not None}
        room += sum(
            1
            for number in range(1, seats + 1)
            if number not in taken and (table.number, number) not in reserved
        )
    return room


def seats_for_closing(state: State, table: Table) -> int | None:
    """The fewest seats a table that let ``table``'s players move (None: not even 13 do).
    The setting in force when it is already enough."""
    movers = len(state.players_at(table))
    current = state.settings.seating.table_seats
    for seats in range(current, MOST_SEATS + 1):
        if room_for(state, table, seats) >= movers:
            return seats
    return None


def draw_move_plan(state: State, closing: Table, rng: random.Random) -> list[Move]:
    """Art. IV.4: each remaining player drawn to a vacant seat, fewest-players tables first."""
    movers = [p.name for p in state.players_at(closing)]
    rng.shuffle(movers)
    reserved = reserved_seats(state, closing.number)
    others = [t for t in state.open_tables() if t.number != closing.number]
    free = {t.number: vacant_seats(state, t, reserved) for t in others}
    room = sum(len(v) for v in free.values())
    if room < len(movers):
        seats = seats_for_closing(state, closing)
        now = state.settings.seating.table_seats
        if seats:
            remedy = _(
                "raise the seats for this closing (`close {table} --plan --seats {seats}`)"
            ).format(table=closing.number, seats=seats)
        else:
            remedy = _("there is no room even at {seats} seats a table").format(seats=MOST_SEATS)
        raise RuleError(
            _(
                "{players} at table {table}, but the other tables have only {room} at {now} "
                "seats a table (table_seats): {remedy}, or keep the table open for now"
            ).format(
                players=ngettext("{n} player", "{n} players", len(movers)),
                table=closing.number,
                room=ngettext("{n} seat free", "{n} seats free", room),
                now=now,
                remedy=remedy,
            ),
            "IV.4",
        )
    count = {t.number: len(state.players_at(t)) for t in others}
    moves = []
    for name in movers:
        candidates = [t for t in free if free[t]]
        fewest = min(count[t] for t in candidates)
        table = rng.choice([t for t in candidates if count[t] == fewest])
        seat = rng.choice(free[table])
        free[table].remove(seat)
        count[table] += 1
        moves.append(Move(name=name, to_table=table, to_seat=seat))
    return moves


class ClosePlanDrawn(EventBody):
    """The move plan, recorded when drawn: the moves announced are the moves made (IV.4)."""

    type: ClassVar[str] = "close_plan_drawn"
    table: int
    moves: list[Move]
    override: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        state.tables[self.table].plan = MovePlan(
            moves=[(name_key(m.name), m.to_table, m.to_seat) for m in self.moves]
        )


def check_tables_close(state: State) -> None:
    """Tables close in the elimination phase, until the final is due (IV.4); the final table
    never closes (IV.2)."""
    if state.phase == "final":
        raise RuleError(_("the final table never closes: it plays to the last player"), "IV.4")
    if state.phase != "elimination":
        raise RuleError(
            _("tables close only during the elimination phase"),
            "IV.4",
        )
    if state.final_due:
        raise RuleError(
            _("nine or fewer are in: all tables close into the final (`final --count ...`)"),
            "IV.4",
        )


def check_closable(state: State, table: Table, override: str | None) -> None:
    check_tables_close(state)
    if not table.open:
        raise RuleError(
            _("table {number} is already closed").format(number=table.number),
            "IV.4",
        )
    n = len(state.players_at(table))
    if n > state.settings.seating.close_at and not (override and override.strip()):
        raise RuleError(
            _(
                "table {number} still has {players}: a table closes only when {close_at} or "
                "fewer are left (add --override REASON)"
            ).format(
                number=table.number,
                players=ngettext("{n} player", "{n} players", n),
                close_at=state.settings.seating.close_at,
            ),
            "IV.4",
        )


def require_table(state: State, number: int) -> Table:
    table = state.tables.get(number)
    if table is None or table.final:
        numbers = ", ".join(str(t.number) for t in state.open_tables())
        raise RuleError(
            _("there is no table {table}: open tables are {numbers}").format(
                table=number, numbers=numbers or pgettext("tables", "none")
            ),
        )
    return table


class ClosePlan(Command):
    """``close TABLE --plan``: draw and record the move plan."""

    table: int
    seed: int | None = None
    override: str | None = None

    named: ClassVar[dict[str, tuple[str, ...]]] = {"table": ("close_plan_drawn.table",)}

    def describe(self) -> Summary:
        return summary_of(said.CLOSE_PLAN, table=self.table)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = require_table(state, self.table)
        check_closable(state, table, self.override)
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        moves = draw_move_plan(state, table, rng)
        return [ClosePlanDrawn(table=table.number, moves=moves, override=self.override)]


@dataclass(frozen=True)
class PlannedMove:
    """One move of a recorded plan as the faces show it: who, to which table and seat, and
    the seat's card."""

    name: str
    table: int
    seat: int
    card: str
    from_seat: int
    """His seat at the closing table (the console lists the moves in seat order)."""


def planned_moves(state: State, number: int) -> list[PlannedMove] | None:
    """Table ``number``'s recorded plan, in the order it was drawn (None: none recorded)."""
    table = state.tables.get(number)
    if table is None or table.plan is None:
        return None
    return [
        PlannedMove(
            name=state.players[key].name,
            table=to_table,
            seat=to_seat,
            card=state.tables[to_table].seat(to_seat).card,
            from_seat=state.players[key].seat or 0,
        )
        for key, to_table, to_seat in table.plan.moves
    ]


def plan_said(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The moves to announce, one a line (IV.4)."""
    drawn = next((b for b in bodies if isinstance(b, ClosePlanDrawn)), None)
    moves = planned_moves(state, drawn.table) if drawn is not None else None
    if drawn is None or moves is None:
        return []
    return [
        _("table {table} closes: moves to announce (Art. IV.4)").format(table=drawn.table),
        *(
            _("  {name}: table {table}, seat {seat} ({card})").format(
                name=move.name, table=move.table, seat=move.seat, card=move.card
            )
            for move in moves
        ),
    ]


TABLE = Field("table", "whole", _("Table"), _("TABLE"), low=1, high=CHIPS_MAX)
SEED = Field("seed", "whole", DRAW_NUMBER_FIELD, _("N"), required=False, high=CHIPS_MAX)
OVERRIDE = Field(
    "override",
    "text",
    _("accept a count difference, or close a table of more than 3"),
    _("REASON"),
    required=False,
)
"""The fields every closing shares (the command line's ``close TABLE``, ``--seed``,
``--override``)."""

SLICE = Slice(
    command=ClosePlan,
    description=Description(
        command="ClosePlan",
        module="slices.close_plan",
        cli="close --plan",
        summaries=(said.CLOSE_PLAN,),
        director_only=True,
        article="IV.4",
    ),
    fields=(TABLE, SEED, OVERRIDE),
    heading=_("Draw the plan"),
    ok=_("Draw the plan"),
    after=plan_said,
    cites=("IV.3",),
)
