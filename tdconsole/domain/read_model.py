"""The State as the faces read it: typed, immutable models built once from the State, and
``to_json``, the one place they become the JSON of ``state --json`` (docs/cli.md).

Each model's fields are its document's keys, in their order. Named tuples: typed and
immutable like frozen dataclasses, and built at a tuple's cost, which counts where a document
lists every player and every seat. The numbers derived from the State (the second stack a
table offers, who holds a paid place, the paid players) are each worked out by one function
here or in ``play_common``, read by the state's document, the room's screen and the phone.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, NamedTuple

from tdconsole.domain import clock
from tdconsole.domain.cash import Cash, cash, handed_over
from tdconsole.domain.clock_status import ClockStatus
from tdconsole.domain.message import Message
from tdconsole.domain.payouts import money_text, percent_text
from tdconsole.domain.play_common import payout_table, second_stack_offers
from tdconsole.domain.state import Phase, Player, State, Table


class PlayerView(NamedTuple):
    name: str
    status: str
    paid: bool
    food_paid: bool
    table: int | None
    """Only while seated in play."""
    seat: int | None
    card: str | None
    chips: int | None
    second_stack: int | None
    """The second stack he took (III.2), None while not taken."""
    bonus: int | None
    place: int | None
    tied: bool
    prize: Decimal | None
    entry_refund: Decimal | None
    """Given back at his withdrawal, None when nothing was."""
    food_refund: Decimal | None
    out_at: datetime | None
    suspended_orbits: int | None
    handed_over: Decimal | None
    """The prize handed over (I.7), None while due; an older event: every decided prize."""
    handed_over_at: datetime | None
    """When the Director recorded he handed it over (an older event: None)."""


class SeatView(NamedTuple):
    seat: int
    card: str
    player: str | None


class MoveView(NamedTuple):
    player: str
    from_table: int
    from_seat: int | None
    to_table: int
    to_seat: int
    card: str


class PlanView(NamedTuple):
    moves: tuple[MoveView, ...]


class TableView(NamedTuple):
    number: int
    suit: str
    final: bool
    open: bool
    players_in: int
    chips: int | None
    """None only in a document read back that does not say it (``reports.document``)."""
    second_stack_now: int | None
    """What a player of this table who never took one may take now (III.3)."""
    must_close: bool
    button: int
    seats: tuple[SeatView, ...]
    plan: PlanView | None


class PayoutView(NamedTuple):
    place: int
    percent: int | float
    """As the document writes it: 45, 52.94."""
    amount: Decimal
    player: str | None
    tied: bool
    """The holder shares the place's prize with players out in the same hand (V.1)."""
    disqualified: bool
    """He keeps the place at which he left; its prize went to the better ones (VI.2)."""
    player_place: int | None = None
    """The place the holder shows: players tied in one hand all show the best shared place
    (V.1); None while the place is not decided."""
    prize: Decimal | None = None
    """What the holder receives: his share when tied (V.1); None with no holder or when
    disqualified (VI.2). What stands beside his name, wherever a row names him."""


class ResultView(NamedTuple):
    place: int
    player: str
    tied: bool
    prize: Decimal


class RulingView(NamedTuple):
    id: int
    at: datetime
    kind: str
    table: int | None
    players: tuple[str, ...]
    articles: tuple[str, ...]
    text: str
    director: str
    sanction: str | None
    orbits: int | None
    served: bool | None


class ClockView(NamedTuple):
    status: ClockStatus
    warnings: tuple[str, ...]
    """Blinds past sensible chip values, said in the event's language (III.5)."""

    def to_json(self) -> dict[str, Any]:
        return {**self.status.to_json(), "warnings": list(self.warnings)}


class StateView(NamedTuple):
    name: str
    date: date | None
    language: str
    director: str
    currency: str
    phase: Phase
    entrants: int
    in_play: int
    chips_in_play: int
    average_stack: int | None
    final_due: bool
    final_bonus: int | None
    starting_stack: int | None
    prize_pool: Decimal
    cash: Cash | None
    """None only in a document read back from before the cash summary (``reports.document``)."""
    players: tuple[PlayerView, ...]
    tables: tuple[TableView, ...]
    payouts: tuple[PayoutView, ...]
    winner: str | None
    results: tuple[ResultView, ...]
    clock: ClockView | None
    rulings: tuple[RulingView, ...]
    message: Message | None
    """The Director's message to the room shown now (``slices.show_message``)."""


# -- the numbers derived from the State -----------------------------------------------------


def place_holders(state: State) -> dict[int, Player]:
    """The player holding each place decided: players out in one hand share their place and
    take the places below it in registration order (V.1)."""
    placed: dict[int, list[Player]] = {}
    for p in state.ordered_players():
        if p.place is not None:
            placed.setdefault(p.place, []).append(p)
    holders: dict[int, Player] = {}
    for place, group in placed.items():
        for i, p in enumerate(group):
            holders[place + i] = p
    return holders


def paid_players(state: State) -> list[Player]:
    """The players whose paid place is decided, best first (tied ones in registration order)."""
    paid = [p for p in state.ordered_players() if p.place is not None and p.prize is not None]
    paid.sort(key=lambda p: p.place or 0)  # stable
    return paid


def winner(state: State) -> str | None:
    """The winner's name once the event is over (IV.7), else None."""
    if state.phase != "finished":
        return None
    return next((p.name for p in state.in_players() if p.place == 1), None)


# -- the models ------------------------------------------------------------------------------


def player_view(state: State, player: Player) -> PlayerView:
    seated = player.status == "in" and player.table is not None and player.seat is not None
    card = None
    if seated and player.table is not None and player.seat is not None:
        card = state.tables[player.table].seat(player.seat).card
    return PlayerView(
        name=player.name,
        status=player.status,
        paid=player.paid,
        food_paid=player.food_paid,
        table=player.table if seated else None,
        seat=player.seat if seated else None,
        card=card,
        chips=player.chips,
        second_stack=player.second_stack,
        bonus=player.bonus,
        place=player.place,
        tied=player.tied,
        prize=player.prize,
        entry_refund=player.entry_refund,
        food_refund=player.food_refund,
        out_at=player.out_at,
        suspended_orbits=player.suspended_orbits,
        handed_over=handed_over(state, player),
        handed_over_at=player.handed_over_at,
    )


def table_view(state: State, table: Table, offers: dict[int, int] | None = None) -> TableView:
    """``offers``: ``second_stack_offers(state)``, when already worked out (once for all the
    tables)."""
    if offers is None:
        offers = second_stack_offers(state)
    players_in = len(state.players_at(table))
    plan = None
    if table.plan is not None:
        plan = PlanView(
            tuple(
                MoveView(
                    player=state.players[key].name,
                    from_table=table.number,
                    from_seat=state.players[key].seat,
                    to_table=to_table,
                    to_seat=to_seat,
                    card=state.tables[to_table].seat(to_seat).card,
                )
                for key, to_table, to_seat in table.plan.moves
            )
        )
    return TableView(
        number=table.number,
        suit=table.suit,
        final=table.final,
        open=table.open,
        players_in=players_in,
        chips=table.chips,
        second_stack_now=offers.get(table.number) if table.open else None,
        must_close=state.must_close(table),
        button=table.button,
        seats=tuple(
            SeatView(s.number, s.card, state.players[s.player].name if s.player else None)
            for s in table.seats
        ),
        plan=plan,
    )


def _number(text: str) -> int | float:
    return int(text) if text.isdigit() else float(text)


def payouts(state: State) -> tuple[PayoutView, ...]:
    """Art. V.1's table with each place's holder so far: beside the place's own amount, the
    place the holder shows and the prize he receives (they differ in a tie)."""
    holders = place_holders(state)
    rows = []
    for row in payout_table(state):
        holder = holders.get(row.place)
        rows.append(
            PayoutView(
                place=row.place,
                percent=_number(percent_text(row.percent)),
                amount=row.amount,
                player=holder.name if holder else None,
                tied=bool(holder and holder.tied),
                disqualified=bool(holder and holder.status == "disqualified"),
                player_place=holder.place if holder else None,
                prize=holder.prize if holder else None,
            )
        )
    return tuple(rows)


def results(state: State) -> tuple[ResultView, ...]:
    """The paid places decided so far, best first (the result the room sees at the end, IV.7)."""
    return tuple(
        ResultView(p.place or 0, p.name, p.tied, p.prize)
        for p in paid_players(state)
        if p.prize is not None
    )


def paid_beyond_the_table(
    payouts: tuple[PayoutView, ...], results: tuple[ResultView, ...]
) -> tuple[ResultView, ...]:
    """The paid players (``results``, best first) no row of ``payouts`` names: players tied in
    one hand share their places' prizes (V.1), and a group reaching past the last paid place
    holds places the table has no row for."""
    named = {row.player for row in payouts if row.player}
    return tuple(row for row in results if row.player not in named)


def clock_status(state: State, now: datetime) -> ClockStatus | None:
    """The clock at ``now``, None before a clock is set."""
    if state.clock is None or state.structure is None:
        return None
    auto = state.settings.clock.auto_announce
    return clock.status(state.clock, state.structure, now, auto_announce=auto)


def clock_view(state: State, now: datetime) -> ClockView | None:
    status = clock_status(state, now)
    if status is None or state.structure is None:
        return None
    # Blinds past sensible chip values are said, never silently played (III.5 structure).
    warnings = state.structure.warnings(status.index, state.chips_in_play, state.in_play)
    return ClockView(status, tuple(w.text(state.settings.language) for w in warnings))


def rulings(state: State) -> tuple[RulingView, ...]:
    return tuple(
        RulingView(
            id=r.id,
            at=r.at,
            kind=r.kind,
            table=r.table,
            players=tuple(r.players),
            articles=tuple(r.articles),
            text=r.text,
            director=r.director,
            sanction=r.sanction,
            orbits=r.orbits,
            served=r.served,
        )
        for r in state.rulings
    )


def state_view(state: State, now: datetime) -> StateView:
    """The whole State as the faces read it, at ``now`` (the clock's moment)."""
    offers = second_stack_offers(state)
    tables = sorted(state.tables.values(), key=lambda t: t.number)
    return StateView(
        name=state.name,
        date=state.created_at.date() if state.created_at else None,
        language=state.settings.language,
        director=state.settings.director,
        currency=state.settings.currency,
        phase=state.phase,
        entrants=state.entrants,
        in_play=state.in_play,
        chips_in_play=state.chips_in_play,
        average_stack=state.average_stack,
        final_due=state.final_due,
        final_bonus=state.final_bonus,
        starting_stack=state.stack,
        prize_pool=state.prize_pool,
        cash=cash(state),
        players=tuple(player_view(state, p) for p in state.ordered_players()),
        tables=tuple(table_view(state, t, offers) for t in tables),
        payouts=payouts(state),
        winner=winner(state),
        results=results(state),
        clock=clock_view(state, now),
        rulings=rulings(state),
        message=state.message_at(now),
    )


# -- the JSON boundary -----------------------------------------------------------------------

_AS_IS = frozenset({str, int, float, bool, type(None)})
_PLAIN_TYPES = frozenset({"str", "int", "float", "bool", "None"})


_Plan = tuple[tuple[str, ...], tuple[str, ...]] | None
_plans: dict[type, _Plan] = {}


def _plan(kind: type) -> _Plan:
    """A model's keys in order and those whose values may need writing (any but text,
    numbers, booleans and None); None for a part with its own ``to_json``."""
    if kind in _plans:
        return _plans[kind]
    plan = None
    if not hasattr(kind, "to_json"):
        keys: tuple[str, ...] = kind._fields  # type: ignore[attr-defined]
        types = {k: getattr(t, "__forward_arg__", t) for k, t in kind.__annotations__.items()}
        plan = keys, tuple(k for k in keys if not set(str(types[k]).split(" | ")) <= _PLAIN_TYPES)
    _plans[kind] = plan
    return plan


def to_json(value: Any) -> Any:
    """A model (or a tuple of them) as its JSON document: money as decimal strings in scudi,
    times and dates in ISO 8601, tuples as lists."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    if kind is tuple or kind is list:
        return _rows(value)
    if kind is Decimal:
        return money_text(value)
    if kind is datetime or kind is date:
        return value.isoformat()
    plan = _plan(kind)
    if plan is None:
        return value.to_json()
    return _document(value, *plan)


def _document(value: Any, keys: tuple[str, ...], written: tuple[str, ...]) -> dict[str, Any]:
    document = dict(zip(keys, value, strict=True))
    for key in written:
        part = document[key]
        if part is not None:
            document[key] = to_json(part)
    return document


def _rows(values: tuple[Any, ...] | list[Any]) -> list[Any]:
    """A list's items; a model's tuple (all of one kind, as typed) looked up once."""
    kind = type(values[0]) if values else None
    plan = _plan(kind) if kind is not None and hasattr(kind, "_fields") else None
    if plan is None:
        return [to_json(v) for v in values]
    keys, written = plan
    if not written:
        return [dict(zip(keys, v, strict=True)) for v in values]
    return [_document(v, keys, written) for v in values]
