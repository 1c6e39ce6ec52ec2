"""Title IV and VI.2: disqualification, closing a table, the final table.

See ``tdconsole.domain.play`` for the chip ledger.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.play_common import (
    check_chip_unit,
    check_in_play,
    require_in,
    unseat,
)
from tdconsole.domain.seating import DrawnTable, draw_seats, place_tables
from tdconsole.domain.state import MovePlan, State, Table, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _, ngettext, pgettext

# -- disqualification (Art. VI.2) ------------------------------------------------------------


# -- table closing (Art. IV.3-IV.4) ----------------------------------------------------------


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
            remedy = _("there is no room even at 13 seats a table")
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


# -- the final (Art. IV.1-IV.2, IV.5-IV.6, III.4) --------------------------------------------


class FinalDrawn(EventBody):
    """The final table's redraw, the finalists' counts and the III.4 bonus."""

    type: ClassVar[str] = "final_drawn"
    table: Any
    counts: dict[str, int]
    bonus: int
    bonus_players: list[str]
    adjustment: int = 0
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        for table in state.tables.values():
            table.open = False
            table.chips = 0
            table.plan = None
            for seat in table.seats:
                seat.player = None
        drawn = DrawnTable.model_validate(self.table)
        place_tables(state, [drawn])
        final = state.tables[drawn.number]
        for name, chips in self.counts.items():
            finalist = state.players[name_key(name)]
            finalist.chips, finalist.counted = chips, True
            final.chips += chips
        for name in self.bonus_players:
            player = state.players[name_key(name)]
            player.bonus = self.bonus
            player.chips = (player.chips or 0) + self.bonus
            final.chips += self.bonus
            state.issued += self.bonus
        state.adjusted += self.adjustment
        state.final_bonus = self.bonus
        state.phase = "final"


class Final(Command):
    counts: dict[str, int]
    seed: int | None = None
    override: str | None = None

    def describe(self) -> Summary:
        return summary_of(said.FINAL)

    @classmethod
    def check_applies(cls, state: State) -> None:
        """Once, when the elimination phase ends (IV.2), never again (IV.5)."""
        if state.phase == "final" or state.phase == "finished":
            raise RuleError(_("the final is already under way"), "IV.5")
        if state.phase != "elimination":
            raise RuleError(
                _("the final follows the elimination phase (`start` first)"),
                "IV.2",
            )
        if not state.final_due:
            raise RuleError(
                _(
                    "{in_play} players are still in: the final begins when "
                    "{final_seats} or fewer are left"
                ).format(in_play=state.in_play, final_seats=state.settings.seating.final_seats),
                "IV.2",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        seating = state.settings.seating
        finalists = state.in_players()
        if state.phase != "elimination":
            raise RuleError(
                _("the final follows the elimination phase (`start` first)"),
                "IV.2",
            )
        counts: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = require_in(state, raw)
            check_chip_unit(state, player.name, chips)
            check_in_play(state, player.name, chips)
            counts[player.name] = chips
        missing = [p.name for p in finalists if p.name not in counts]
        if missing:
            raise RuleError(
                _("count every finalist's chips: missing {names} (NAME=CHIPS)").format(
                    names=", ".join(missing)
                ),
                "IV.6",
            )
        total = sum(counts.values())
        adjustment = total - state.chips_in_play
        if adjustment and not (self.override and self.override.strip()):
            raise RuleError(
                _(
                    "the counts add up to {total} but {chips_in_play} chips are "
                    "in play ({adjustment}): recount, or accept the "
                    "difference with --override REASON"
                ).format(
                    total=chips_text(total),
                    chips_in_play=chips_text(state.chips_in_play),
                    adjustment=chips_change(adjustment),
                ),
                "IV.6",
            )
        bonus = state.average(total, len(finalists))
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        number = max(state.tables) + 1
        drawn = draw_seats(
            [p.name for p in finalists],
            [len(finalists)],
            seating.final_seats,
            seating,
            rng,
            final=True,
            first_number=number,
        )[0]
        return [
            FinalDrawn(
                table=drawn.model_dump(mode="json"),
                counts=counts,
                bonus=bonus,
                bonus_players=[p.name for p in finalists if p.second_stack is None],
                adjustment=adjustment,
                reason=self.override.strip() if self.override else None,
            )
        ]
