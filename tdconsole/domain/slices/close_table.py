"""Closing a table (Art. IV.3-IV.4, III.3): ``tdconsole close TABLE --count NAME=N ...
[--seed N] [--override REASON]``, the console's ``c`` (its own dialog: the move plan, a count
row per mover against the table's chips, the Director's options when there is no room).

The recorded plan is carried out (drawn first, and recorded, when there is none or the table
changed since): the movers sit at their new seats with their counted chips, and the table's
chips go with them (the chip ledger, III.3). A difference from the table's chips is accepted
only with a reason (``--override``), recorded as a ledger adjustment (VII.1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.play_common import (
    check_chip_unit,
    check_in_play,
    require_in,
    table_changes_said,
    unseat,
)
from tdconsole.domain.slices.close_plan import (
    OVERRIDE,
    SEED,
    TABLE,
    ClosePlanDrawn,
    Move,
    PlannedMove,
    check_closable,
    check_tables_close,
    draw_move_plan,
    planned_moves,
    require_table,
    room_for,
    seats_for_closing,
)
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, Table, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class TableClosed(EventBody):
    """The movers sit at their new seats with their counted chips; the table's C_t goes with
    them, a difference accepted by the Director being a ledger adjustment (IV.4, VII.1)."""

    type: ClassVar[str] = "table_closed"
    table: int
    moves: list[Move]
    adjustment: int = 0
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        closing = state.tables[self.table]
        closing.chips += self.adjustment
        state.adjusted += self.adjustment
        for move in self.moves:
            player = state.players[name_key(move.name)]
            unseat(state, player)
            target = state.tables[move.to_table]
            target.seat(move.to_seat).player = name_key(move.name)
            player.table, player.seat = move.to_table, move.to_seat
            player.chips, player.counted = move.chips, move.chips is not None
            target.chips += move.chips or 0
            closing.chips -= move.chips or 0
        closing.open = False
        closing.plan = None


class CloseTable(Command):
    """``close TABLE --count NAME=N ...``: carry out the recorded plan (drawing one if none)."""

    table: int
    counts: dict[str, int]
    seed: int | None = None
    override: str | None = None

    named: ClassVar[dict[str, tuple[str, ...]]] = {"table": ("table_closed.table",)}

    def describe(self) -> Summary:
        return summary_of(said.CLOSE_TABLE, table=self.table)

    @classmethod
    def check_applies(cls, state: State) -> None:
        check_tables_close(state)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = require_table(state, self.table)
        check_closable(state, table, self.override)
        events: list[EventBody] = []
        movers = {name_key(p.name) for p in state.players_at(table)}
        plan = table.plan
        planned = {key for key, _table, _seat in plan.moves} if plan else set()
        if plan is None or planned != movers or not self._seats_still_free(state, table):
            # No plan yet, or the table changed since it was drawn: draw it now (recorded).
            rng = random.Random(self.seed) if self.seed is not None else ctx.rng
            moves = draw_move_plan(state, table, rng)
            events.append(ClosePlanDrawn(table=table.number, moves=moves))
        else:
            moves = [
                Move(name=state.players[key].name, to_table=t, to_seat=s)
                for key, t, s in plan.moves
            ]
        counts: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = require_in(state, raw)
            if name_key(player.name) not in movers:
                raise RuleError(
                    _("{name} does not sit at table {number}").format(
                        name=player.name, number=table.number
                    ),
                    "IV.4",
                )
            check_chip_unit(state, player.name, chips)
            check_in_play(state, player.name, chips)
            counts[name_key(player.name)] = chips
        missing = [state.players[k].name for k in movers if k not in counts]
        if missing:
            raise RuleError(
                _("count every mover's chips: missing {names} (NAME=CHIPS)").format(
                    names=", ".join(sorted(missing))
                ),
                "IV.4",
            )
        total = sum(counts.values())
        adjustment = total - table.chips
        if adjustment and not (self.override and self.override.strip()):
            raise RuleError(
                _(
                    "the counts add up to {total} but table {number} has {chips} "
                    "chips in circulation ({adjustment}): recount, or accept "
                    "the difference with --override REASON"
                ).format(
                    total=chips_text(total),
                    number=table.number,
                    chips=chips_text(table.chips),
                    adjustment=chips_change(adjustment),
                ),
                "IV.4",
            )
        final_moves = [
            Move(
                name=m.name, to_table=m.to_table, to_seat=m.to_seat, chips=counts[name_key(m.name)]
            )
            for m in moves
        ]
        events.append(
            TableClosed(
                table=table.number,
                moves=final_moves,
                adjustment=adjustment,
                reason=self.override.strip() if self.override else None,
            )
        )
        return events

    @staticmethod
    def _seats_still_free(state: State, table: Table) -> bool:
        assert table.plan is not None
        return all(
            state.tables[t].open and state.tables[t].seat(s).player is None
            for _who, t, s in table.plan.moves
        )


@dataclass(frozen=True)
class Closing:
    """A closing table as its dialog shows it: the movers with their last counts (hints), in
    seat order, the table's chips (C_t), the plan recorded (None: none yet), and the room the
    other tables have for the movers (IV.4)."""

    table: int
    open: bool
    movers: tuple[tuple[str, int | None], ...]
    chips: int
    plan: tuple[PlannedMove, ...] | None
    seats: int
    """``table_seats`` now."""
    room: int
    """The vacant seats the other tables offer at ``seats`` a table."""
    needed: int | None
    """The fewest seats a table that make room (``seats_for_closing``; None: not even 13)."""


def closing(state: State, number: int) -> Closing:
    """Table ``number`` as it closes now (its dialog's lines and fields)."""
    table = state.tables[number]
    plan = planned_moves(state, number)
    seats = state.settings.seating.table_seats
    return Closing(
        table=number,
        open=table.open,
        movers=tuple((p.name, p.chips) for p in state.players_at(table)),
        chips=table.chips,
        plan=None if plan is None else tuple(sorted(plan, key=lambda move: move.from_seat)),
        seats=seats,
        room=room_for(state, table, seats),
        needed=seats_for_closing(state, table),
    )


def closed_said(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Where each mover sits now with his chips, the ledger adjustment accepted, and what the
    closing leaves to do (another table to close, the final)."""
    closed = next((b for b in bodies if isinstance(b, TableClosed)), None)
    if closed is None:
        return []
    lines = [
        _("  {name} → table {table} seat {seat} with {chips}").format(
            name=move.name, table=move.to_table, seat=move.to_seat, chips=chips_text(move.chips)
        )
        for move in closed.moves
    ]
    if closed.adjustment:
        lines.append(
            _("  ledger adjustment {adjustment}: {reason}").format(
                adjustment=chips_change(closed.adjustment), reason=closed.reason
            )
        )
    return lines + table_changes_said(state)


SLICE = Slice(
    command=CloseTable,
    description=Description(
        command="CloseTable",
        module="slices.close_table",
        cli="close",
        summaries=(said.CLOSE_TABLE,),
        keys=(Key("c", "close_table", _("Close table"), True),),
        when="in play",
        director_only=True,
        article="IV.4",
    ),
    fields=(
        TABLE,
        Field(
            "counts",
            "pairs",
            _("each mover's chips"),
            _("NAME=N"),
            option=True,
            flag="count",
        ),
        SEED,
        OVERRIDE,
    ),
    heading=_("Close table"),
    ok=_("Close table"),
    after=closed_said,
    cites=("IV.3",),
    records=(ClosePlanDrawn.type,),
)
