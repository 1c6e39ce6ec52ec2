"""A state document (the dict of ``state --json``: an exported file, an older version's, maybe a
damaged or hostile one) read once into the read model the report builders read
(``domain.read_model.StateView``).

Every value is checked here, once: a bad one is refused in one line naming it; a key an older
document lacks reads as the State would have it (nothing decided, nothing taken)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, TypeVar, cast

from tdconsole.domain.cash import Cash
from tdconsole.domain.errors import RuleError
from tdconsole.domain.phases import Phase
from tdconsole.domain.read_model import (
    MoveView,
    PayoutView,
    PlanView,
    PlayerView,
    ResultView,
    RulingView,
    SeatView,
    StateView,
    TableView,
)
from tdconsole.i18n import _
from tdconsole.reports.model import as_int, as_money, bad_value

Document = Mapping[str, Any]
T = TypeVar("T")

#: A table's suit when the document does not say it (II.2: 1 = ♥, 2 = ♦, 3 = ♣, 4 = ♠, repeat).
SUITS = "♥♦♣♠"


def as_view(state: StateView | Document) -> StateView:
    """``state`` as the read model: the model as it is, a document read (``read_document``)."""
    if isinstance(state, StateView):
        return state
    return read_document(state)


def read_document(doc: Document) -> StateView:
    if not isinstance(doc, Mapping):
        raise RuleError(_("the event's state must be a JSON object (tdconsole state --json)"))
    return StateView(
        name=_text(doc.get("name")),
        date=_date(doc.get("date")),
        language=_text(doc.get("language")),
        director=_text(doc.get("director")),
        currency=_text(doc.get("currency")),
        phase=cast(Phase, _text(doc.get("phase"))),
        entrants=as_int(doc.get("entrants"), "entrants") or 0,
        in_play=as_int(doc.get("in_play"), "in_play") or 0,
        chips_in_play=as_int(doc.get("chips_in_play"), "chips_in_play") or 0,
        average_stack=as_int(doc.get("average_stack"), "average_stack"),
        final_due=bool(doc.get("final_due")),
        final_bonus=as_int(doc.get("final_bonus"), "final bonus"),
        starting_stack=as_int(doc.get("starting_stack"), "chips"),
        prize_pool=as_money(doc.get("prize_pool"), "prize pool") or Decimal(0),
        cash=_cash(doc.get("cash")),
        players=tuple(_player(p) for p in document_list(doc, "players")),
        tables=tuple(_table(t) for t in document_list(doc, "tables")),
        payouts=tuple(_payout(row) for row in document_list(doc, "payouts")),
        winner=_name(doc.get("winner")),
        results=tuple(_result(row) for row in document_list(doc, "results")),
        clock=None,  # no report prints the clock
        rulings=tuple(_ruling(r) for r in document_list(doc, "rulings")),
        message=None,  # no report prints the room's message
    )


def document_list(doc: Document, key: str) -> list[Mapping[str, Any]]:
    value = doc.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RuleError(
            _("the event's state has a bad '{key}' list").format(key=key),
            None,
        )
    return value


def _text(value: object) -> str:
    return str(value) if value else ""


def _name(value: object) -> str | None:
    """A name as written (a damaged document's list or mapping as its text)."""
    return None if value is None else str(value)


def _date(value: object) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise bad_value("date", value) from None


def _time(value: object, what: str) -> dt.datetime | None:
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(str(value))
    except ValueError:
        raise bad_value(what, value) from None


def _required(value: T | None, what: str) -> T:
    """A value the model cannot do without: missing, it is refused as a bad one."""
    if value is None:
        raise bad_value(what, None)
    return value


def _money(value: object, what: str = "amount") -> Decimal:
    return as_money(value, what) or Decimal(0)


def _cash(summary: object) -> Cash | None:
    if not isinstance(summary, Mapping):
        return None  # a document from before the cash summary: nothing to add up
    return Cash(
        entry_fees=_money(summary.get("entry_fees")),
        entry_paid=as_int(summary.get("entry_paid"), "entry_paid") or 0,
        food=_money(summary.get("food")),
        food_paid=as_int(summary.get("food_paid"), "food_paid") or 0,
        entry_refunds=_money(summary.get("entry_refunds")),
        food_refunds=_money(summary.get("food_refunds")),
        refunded=as_int(summary.get("refunded"), "refunded") or 0,
        prize_pool=_money(summary.get("prize_pool"), "prize pool"),
        prizes_paid=_money(summary.get("prizes_paid")),
        prizes_paid_count=as_int(summary.get("prizes_paid_count"), "prizes_paid_count") or 0,
        prizes_due=_money(summary.get("prizes_due")),
        **_handovers(summary),
    )


def _handovers(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The prizes handed over (I.7) and those still to hand over; a document from before
    handovers were recorded counts every prize decided as handed over."""
    if "prizes_handed_over" not in summary:
        return {
            "prizes_handed_over": _money(summary.get("prizes_paid")),
            "prizes_handed_over_count": as_int(summary.get("prizes_paid_count"), "count") or 0,
            "prizes_to_hand_over": Decimal(0),
            "prizes_to_hand_over_count": 0,
        }
    return {
        "prizes_handed_over": _money(summary.get("prizes_handed_over")),
        "prizes_handed_over_count": as_int(summary.get("prizes_handed_over_count"), "count") or 0,
        "prizes_to_hand_over": _money(summary.get("prizes_to_hand_over")),
        "prizes_to_hand_over_count": as_int(summary.get("prizes_to_hand_over_count"), "count") or 0,
    }


def _player(p: Mapping[str, Any]) -> PlayerView:
    prize, place = as_money(p.get("prize"), "prize"), as_int(p.get("place"), "place")
    # A document from before handovers were recorded: a prize decided was handed over.
    handed = as_money(p.get("handed_over"), "prize") if "handed_over" in p else None
    if "handed_over" not in p and place is not None:
        handed = prize
    return PlayerView(
        name=str(p.get("name")),
        status=_text(p.get("status")),
        paid=bool(p.get("paid")),
        food_paid=bool(p.get("food_paid")),
        table=as_int(p.get("table"), "table"),
        seat=as_int(p.get("seat"), "seat"),
        card=_text(p.get("card")) or None,
        chips=as_int(p.get("chips"), "chips"),
        second_stack=as_int(p.get("second_stack"), "second stack"),
        bonus=as_int(p.get("bonus"), "bonus"),
        place=place,
        tied=bool(p.get("tied")),
        prize=prize,
        entry_refund=as_money(p.get("entry_refund")),
        food_refund=as_money(p.get("food_refund")),
        out_at=_time(p.get("out_at"), "out_at"),
        handed_over=handed,
        handed_over_at=_time(p.get("handed_over_at"), "handed_over_at"),
        suspended_orbits=as_int(p.get("suspended_orbits"), "suspended orbits"),
    )


def _table(table: Mapping[str, Any]) -> TableView:
    number = _required(as_int(table.get("number"), "table number"), "table number")
    plan = table.get("plan")
    return TableView(
        number=number,
        suit=_text(table.get("suit")) or SUITS[(number - 1) % 4],
        final=bool(table.get("final")),
        open=table.get("open") is not False,
        players_in=as_int(table.get("players_in"), "players_in") or 0,
        chips=as_int(table.get("chips"), "chips"),
        second_stack_now=as_int(table.get("second_stack_now"), "second stack"),
        must_close=bool(table.get("must_close")),
        button=as_int(table.get("button"), "button") or 0,
        seats=tuple(_seat(s) for s in document_list(table, "seats")),
        plan=_plan(plan) if plan and isinstance(plan, Mapping) else None,
    )


def _seat(seat: Mapping[str, Any]) -> SeatView:
    return SeatView(
        seat=as_int(seat.get("seat"), "seat") or 0,
        card=_text(seat.get("card")),
        player=_name(seat.get("player")),
    )


def _plan(plan: Mapping[str, Any]) -> PlanView:
    return PlanView(
        tuple(
            MoveView(
                player=str(move.get("player")),
                from_table=as_int(move.get("from_table"), "table") or 0,
                from_seat=as_int(move.get("from_seat"), "seat"),
                to_table=as_int(move.get("to_table"), "table") or 0,
                to_seat=as_int(move.get("to_seat"), "seat") or 0,
                card=_text(move.get("card")),
            )
            for move in document_list(plan, "moves")
        )
    )


def _percent(value: object) -> int | float:
    percent = as_money(value, "percent") or Decimal(0)
    return int(percent) if percent == percent.to_integral_value() else float(percent)


def _payout(row: Mapping[str, Any]) -> PayoutView:
    return PayoutView(
        place=as_int(row.get("place"), "place") or 0,
        percent=_percent(row.get("percent")),
        amount=_money(row.get("amount")),
        player=_name(row.get("player")),
        tied=bool(row.get("tied")),
        disqualified=bool(row.get("disqualified")),
        player_place=as_int(row.get("player_place"), "player_place"),
        prize=as_money(row.get("prize"), "prize"),
    )


def _result(row: Mapping[str, Any]) -> ResultView:
    return ResultView(
        place=as_int(row.get("place"), "place") or 0,
        player=str(row.get("player")),
        tied=bool(row.get("tied")),
        prize=_money(row.get("prize"), "prize"),
    )


def _ruling(entry: Mapping[str, Any]) -> RulingView:
    at = _required(_time(entry.get("at"), "at"), "at")
    served = entry.get("served")
    return RulingView(
        id=as_int(entry.get("id"), "ruling id") or 0,
        at=at,
        kind=_text(entry.get("kind")) or "ruling",
        table=as_int(entry.get("table"), "table"),
        players=tuple(str(n) for n in _items(entry.get("players"))),
        articles=tuple(str(a) for a in _items(entry.get("articles"))),
        text=_text(entry.get("text")),
        director=_text(entry.get("director")),
        sanction=_text(entry.get("sanction")) or None,
        orbits=as_int(entry.get("orbits"), "orbits"),
        served=None if served is None else bool(served),
    )


def _items(value: object) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []
