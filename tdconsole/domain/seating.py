"""Title II: the seat draw by cards, balanced tables, the first dealer; IV.5 the final redraw.

At each table the seats carry cards of decreasing value clockwise (seat 1 the highest, Art. II.2);
each table's cards share a suit so a slip names its table. The randomness is passed in. The
draw's command is ``slices.draw``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import MAX_PLAYERS, SeatingSettings
from tdconsole.domain.state import Seat, State, Table, card_for, name_key
from tdconsole.i18n import Msg, _, ngettext


def suit_for(table: int, seating: SeatingSettings) -> str:
    return seating.suits[(table - 1) % len(seating.suits)]


MAX_TABLES = MAX_PLAYERS // 2
"""The most tables a draw may ask for: two players a table at the fewest (Art. II.1)."""


def balanced_sizes(players: int, tables: int) -> list[int]:
    """Art. II.3: sizes that differ by at most one, the larger tables first."""
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


@dataclass(frozen=True)
class TablePlan:
    tables: int
    sizes: list[int]
    warning: Msg | None
    """Why this split is outside the settings, said in the reader's language."""


def plan_tables(players: int, seating: SeatingSettings, tables: int | None = None) -> TablePlan:
    """How many tables for ``players`` (Art. II.1, II.3; the Decision of rules.md)."""
    if players < 2:
        raise RuleError(
            ngettext(
                "{n} paid player: a draw needs at least two",
                "{n} paid players: a draw needs at least two",
                players,
            ),
            "II.1",
        )
    if tables is not None:
        if tables < 1 or tables > players // 2:
            raise RuleError(
                _("{tables} tables for {players} players: choose between 1 and {value}").format(
                    tables=tables, players=players, value=players // 2
                ),
                "II.1",
            )
        sizes = balanced_sizes(players, tables)
        limit = (
            seating.final_seats
            if tables == 1 and players <= seating.final_seats
            else seating.table_seats
        )
        if max(sizes) > limit:
            raise RuleError(
                _(
                    "{tables} would seat {sizes} at one table, more than its {limit} seats: "
                    "choose more tables"
                ).format(
                    tables=ngettext("{n} table", "{n} tables", tables),
                    sizes=max(sizes),
                    limit=limit,
                ),
                "II.1",
            )
        return TablePlan(tables, sizes, split_warning(sizes, seating))
    if players <= seating.final_seats:
        return TablePlan(1, [players], None)
    fitting = _fitting(players, seating)
    if fitting:
        k = min(fitting) if seating.table_count == "fewest" else max(fitting)
        return TablePlan(k, balanced_sizes(players, k), None)
    sizes = balanced_sizes(players, -(-players // seating.table_max))
    return TablePlan(len(sizes), sizes, split_warning(sizes, seating))


def _fitting(players: int, seating: SeatingSettings) -> list[int]:
    """The table counts whose balanced sizes fall in the settings' range (Art. II.1)."""
    low, high = seating.table_min, seating.table_max
    return [k for k in range(1, players + 1) if low <= players // k and -(-players // k) <= high]


def split_said(sizes: list[int]) -> Msg:
    """Balanced tables in words: "3 tables of 4", "2 tables of 6 and 1 of 5"."""
    larger, smaller = max(sizes), min(sizes)
    first = ngettext("{n} table of {size}", "{n} tables of {size}", sizes.count(larger))
    if larger == smaller:
        return first.format(size=larger)
    return _("{larger} and {smaller}").format(
        larger=first.format(size=larger),
        smaller=ngettext("{n} of {size}", "{n} of {size}", sizes.count(smaller)).format(
            size=smaller
        ),
    )


def split_warning(sizes: list[int], seating: SeatingSettings) -> Msg | None:
    """Why a draw's tables fall outside the settings' range (Art. II.1 warns), or None: the
    one warning the command line and the console give."""
    players, low, high = sum(sizes), seating.table_min, seating.table_max
    if (low <= min(sizes) and max(sizes) <= high) or players <= seating.final_seats:
        return None
    if _fitting(players, seating):
        return _("{split}: outside {low}-{high} players a table (Art. II.1)").format(
            split=split_said(sizes), low=low, high=high
        )
    return _(
        "no balanced split of {players} players into tables of {low}-{high}: {split} (Art. II.1)"
    ).format(players=players, low=low, high=high, split=split_said(sizes))


class DrawnSeat(BaseModel):
    model_config = ConfigDict(defer_build=True)

    seat: int
    card: str
    player: str | None = None


class DrawnTable(BaseModel):
    model_config = ConfigDict(defer_build=True)

    number: int
    suit: str
    final: bool = False
    seats: list[DrawnSeat]


def draw_seats(
    names: list[str],
    sizes: list[int],
    seats_per_table: int,
    seating: SeatingSettings,
    rng: random.Random,
    *,
    final: bool = False,
    first_number: int = 1,
) -> list[DrawnTable]:
    """Deal the seat cards face down in random order; each player sits where his card says."""
    deck = [(t, seat) for t, size in enumerate(sizes) for seat in range(1, size + 1)]
    rng.shuffle(deck)
    holder = {card: name for card, name in zip(deck, names, strict=True)}
    tables = []
    for t in range(len(sizes)):
        number = first_number + t
        suit = suit_for(number, seating)
        tables.append(
            DrawnTable(
                number=number,
                suit=suit,
                final=final,
                seats=[
                    DrawnSeat(seat=s, card=card_for(s, suit), player=holder.get((t, s)))
                    for s in range(1, seats_per_table + 1)
                ],
            )
        )
    return tables


def place_tables(state: State, drawn: list[DrawnTable]) -> None:
    """Seat the drawn tables in the State; seat 1 holds the button (Art. II.4, IV.5)."""
    for d in drawn:
        table = Table(
            number=d.number,
            suit=d.suit,
            final=d.final,
            seats=[Seat(s.seat, s.card, name_key(s.player) if s.player else None) for s in d.seats],
            button=1,
        )
        state.tables[d.number] = table
        for s in d.seats:
            if s.player is not None:
                player = state.players[name_key(s.player)]
                player.table, player.seat = d.number, s.seat
