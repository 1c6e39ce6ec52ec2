"""The State as the JSON of ``state --json`` (the contract of docs/cli.md), and its parts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from tdconsole.domain import clock
from tdconsole.domain.cash import cash_json
from tdconsole.domain.payouts import (
    money_text,
    percent_text,
)
from tdconsole.domain.play_common import payout_table, second_stack_amount
from tdconsole.domain.state import Player, State, Table


def player_json(state: State, player: Player) -> dict[str, Any]:
    seated = player.status == "in" and player.table is not None and player.seat is not None
    card = None
    if seated and player.table is not None and player.seat is not None:
        card = state.tables[player.table].seat(player.seat).card
    return {
        "name": player.name,
        "status": player.status,
        "paid": player.paid,
        "food_paid": player.food_paid,
        "table": player.table if seated else None,
        "seat": player.seat if seated else None,
        "card": card,
        "chips": player.chips,
        "second_stack": player.second_stack,
        "bonus": player.bonus,
        "place": player.place,
        "tied": player.tied,
        "prize": money_text(player.prize) if player.prize is not None else None,
        # given back at his withdrawal (money strings, null when nothing was given back)
        "entry_refund": _money(player.entry_refund),
        "food_refund": _money(player.food_refund),
        "out_at": player.out_at.isoformat() if player.out_at else None,
        "suspended_orbits": player.suspended_orbits,
    }


def _money(amount: Decimal | None) -> str | None:
    return money_text(amount) if amount is not None else None


def table_json(state: State, table: Table) -> dict[str, Any]:
    plan = None
    if table.plan is not None:
        plan = {
            "moves": [
                {
                    "player": state.players[key].name,
                    "from_table": table.number,
                    "from_seat": state.players[key].seat,
                    "to_table": to_table,
                    "to_seat": to_seat,
                    "card": state.tables[to_table].seat(to_seat).card,
                }
                for key, to_table, to_seat in table.plan.moves
            ]
        }
    players_in = len(state.players_at(table))
    return {
        "number": table.number,
        "suit": table.suit,
        "final": table.final,
        "open": table.open,
        "players_in": players_in,
        "chips": table.chips,
        "second_stack_now": second_stack_amount(state, table) if table.open else None,
        "must_close": state.must_close(table),
        "button": table.button,
        "seats": [
            {
                "seat": s.number,
                "card": s.card,
                "player": state.players[s.player].name if s.player else None,
            }
            for s in table.seats
        ],
        "plan": plan,
    }


def _number(text: str) -> int | float:
    return int(text) if text.isdigit() else float(text)


def payouts_json(state: State) -> list[dict[str, Any]]:
    placed: dict[int, list[Player]] = {}
    for p in state.ordered_players():
        if p.place is not None:
            placed.setdefault(p.place, []).append(p)
    holders: dict[int, Player] = {}
    for place, group in placed.items():
        for i, p in enumerate(group):
            holders[place + i] = p
    rows = []
    for row in payout_table(state):
        holder = holders.get(row.place)
        rows.append(
            {
                "place": row.place,
                "percent": _number(percent_text(row.percent)),
                "amount": money_text(row.amount),
                "player": holder.name if holder else None,
                # the holder shares the place's prize with players out in the same hand (V.1)
                "tied": bool(holder and holder.tied),
                # he keeps the place at which he left; its prize went to the better ones (VI.2)
                "disqualified": bool(holder and holder.status == "disqualified"),
            }
        )
    return rows


def results_json(state: State) -> list[dict[str, Any]]:
    """The paid places decided so far, best first (the result the room sees at the end, IV.7)."""
    paid = [p for p in state.ordered_players() if p.place is not None and p.prize is not None]
    paid.sort(key=lambda p: p.place or 0)  # stable: tied players in registration order
    return [
        {"place": p.place, "player": p.name, "tied": p.tied, "prize": money_text(p.prize)}
        for p in paid
        if p.prize is not None
    ]


def paid_beyond_the_table(
    payouts: Iterable[Mapping[str, Any]], results: Iterable[Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """The paid players (``results_json``'s rows, best first) no row of ``payouts_json``
    names: players tied in one hand share their places' prizes (V.1), and a group reaching
    past the last paid place holds places the table has no row for. Lists, so the printed
    reports pass the state document's own (names compared as text: a document's values are
    not trusted to be hashable)."""
    named = {str(row.get("player")) for row in payouts if row.get("player")}
    return [row for row in results if str(row.get("player")) not in named]


def winner(state: State) -> str | None:
    """The winner's name once the event is over (IV.7), else None."""
    if state.phase != "finished":
        return None
    return next((p.name for p in state.in_players() if p.place == 1), None)


def clock_json(state: State, now: datetime) -> dict[str, Any] | None:
    if state.clock is None or state.structure is None:
        return None

    status = clock.status(
        state.clock, state.structure, now, auto_announce=state.settings.clock.auto_announce
    )
    document = status.to_json()
    # Blinds past sensible chip values are said, never silently played (III.5 structure).
    warnings = state.structure.warnings(status.index, state.chips_in_play, state.in_play)
    document["warnings"] = [w.text(state.settings.language) for w in warnings]
    return document


def rulings_json(state: State) -> list[dict[str, Any]]:
    return [
        {
            "id": r.id,
            "at": r.at.isoformat(),
            "kind": r.kind,
            "table": r.table,
            "players": r.players,
            "articles": r.articles,
            "text": r.text,
            "director": r.director,
            "sanction": r.sanction,
            "orbits": r.orbits,
            "served": r.served,
        }
        for r in state.rulings
    ]


def state_json(state: State, now: datetime) -> dict[str, Any]:
    tables = sorted(state.tables.values(), key=lambda t: t.number)
    return {
        "name": state.name,
        "date": state.created_at.date().isoformat() if state.created_at else None,
        "language": state.settings.language,
        "director": state.settings.director,
        "currency": state.settings.currency,
        "phase": state.phase,
        "entrants": state.entrants,
        "in_play": state.in_play,
        "chips_in_play": state.chips_in_play,
        "average_stack": state.average_stack,
        "final_due": state.final_due,
        "final_bonus": state.final_bonus,
        "starting_stack": state.stack,
        "prize_pool": money_text(state.prize_pool),
        "cash": cash_json(state),
        "players": [player_json(state, p) for p in state.ordered_players()],
        "tables": [table_json(state, t) for t in tables],
        "payouts": payouts_json(state),
        "winner": winner(state),
        "results": results_json(state),
        "clock": clock_json(state, now),
        "rulings": rulings_json(state),
    }
