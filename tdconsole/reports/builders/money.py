"""The reports of the evening's money: the cash summary, and a prize receipt a paid place.

Both read the state document (``state --json``): its ``cash`` summary (``domain.cash``), the
refunds of the players who withdrew and the prizes of the places decided. A prize leaves the
cash box when the Director records he handed it over (Art. I.7; a document from before that
record: when its place is decided); each receipt is signed by the player as he takes his prize,
at the time written on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from tdconsole.domain.ordinals import ordinal
from tdconsole.reports.builders.common import (
    State,
    date_text,
    phase_fact,
    pool_facts,
    report_head,
    state_list,
    time_text,
)
from tdconsole.reports.labels import Lang, label
from tdconsole.reports.model import (
    Cell,
    Column,
    Receipt,
    Report,
    Section,
    as_int,
    as_money,
    empty_cell,
    money_cell,
    money_plain,
    money_text,
    text_cell,
    word,
)

# -- the cash summary ----------------------------------------------------------------------------


def cash(state: State, lang: Lang) -> Report:
    report = report_head(state, "cash", lang)
    phase_fact(report, state, lang)
    report.facts += pool_facts(state, lang)
    summary = state.get("cash")
    currency = str(state.get("currency") or "scudi")
    columns = [
        Column(label("col.item", lang), flex=True),
        Column(label("col.player", lang), flex=True),
        Column(label("col.count", lang), "right"),
        Column(label("col.amount", lang), "right"),
    ]
    section = Section(None, columns, empty=label("no_cash", lang))
    report.sections.append(section)
    if not isinstance(summary, Mapping):
        return report  # a document from before the cash summary: nothing to add up

    def money(key: str) -> Decimal:
        return as_money(summary.get(key)) or Decimal(0)

    def count(key: str) -> Cell:
        n = as_int(summary.get(key), key)
        return Cell(str(n), str(n)) if n is not None else empty_cell()

    for key, amount, n, sign in (
        ("cash.entry_fees", money("entry_fees"), "entry_paid", 1),
        ("cash.food", money("food"), "food_paid", 1),
        ("cash.refunds", money("refunds"), "refunded", -1),
        ("cash.prizes_paid", *_handed_over(summary), -1),
    ):
        section.rows.append(
            [word(label(key, lang)), empty_cell(), count(n), money_cell(sign * amount)]
        )
    box = money("cash_box")
    section.total = [
        Cell(label("cash.box", lang), label("cash.box", lang), "bold"),
        empty_cell(),
        empty_cell(),
        Cell(money_text(box), money_plain(box), "bold"),
    ]
    report.notes.append(
        label("cash.note", lang).format(
            food=f"{money_text(money('food_kept'))} {currency}",
            owed=f"{money_text(money('prizes_to_hand_over'))} {currency}",
            due=f"{money_text(money('prizes_due'))} {currency}",
        )
    )
    players = state_list(state, "players")
    refunds = Section(label("cash.refunds_title", lang), columns)
    for p in players:
        for key, what in (
            ("entry_refund", "cash.entry_refund"),
            ("food_refund", "cash.food_refund"),
        ):
            refund = as_money(p.get(key), "amount")
            if refund is not None:
                refunds.rows.append(
                    [
                        word(label(what, lang)),
                        text_cell(p.get("name")),
                        empty_cell(),
                        money_cell(-refund),
                    ]
                )
    if refunds.rows:
        report.sections.append(refunds)
    prizes = Section(label("cash.prizes_title", lang), columns)
    for p in _paid(players):
        handed = as_money(p.get("handed_over", p.get("prize")), "prize")
        if handed is None:  # due: still in the cash box
            continue
        prizes.rows.append(
            [
                word(_place_words(p, lang)),
                text_cell(p.get("name")),
                empty_cell(),
                money_cell(-handed),
            ]
        )
    if prizes.rows:
        report.sections.append(prizes)
    return report


def _handed_over(summary: Mapping[str, Any]) -> tuple[Decimal, str]:
    """The prizes that left the cash box and the key of their count: those handed over (I.7);
    a document from before handovers were recorded, every prize decided."""
    if "prizes_handed_over" in summary:
        return as_money(summary.get("prizes_handed_over")) or Decimal(0), "prizes_handed_over_count"
    return as_money(summary.get("prizes_paid")) or Decimal(0), "prizes_paid_count"


def _director_signs(director: str, lang: Lang) -> str:
    """The Director's line to sign: his name as set, the role said once ("the Director"
    alone when the name set is the role's word, as the shipped settings' "Direttore")."""
    role_words = {"direttore", "director", label("director", lang).casefold()}
    if not director.strip() or director.strip().casefold() in role_words:
        return label("receipt.director_signs_role", lang)
    return label("receipt.director_signs", lang).format(director=director)


def _paid(players: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The players whose paid place is decided, best first (ties in the state's order)."""
    paid = [p for p in players if p.get("prize") is not None and p.get("place") is not None]
    paid.sort(key=lambda p: as_int(p.get("place"), "place") or 0)
    return paid


def _place_words(player: Mapping[str, Any], lang: Lang) -> str:
    """ "1st place", "4th place (tie)" ("1° posto", "4° posto (pari merito)")."""
    place = as_int(player.get("place"), "place") or 0
    words = label("receipt.place", lang).format(ordinal=ordinal(place).text(lang))
    return f"{words} ({label('tie', lang)})" if player.get("tied") else words


# -- prize receipts ------------------------------------------------------------------------------


def receipts(state: State, lang: Lang) -> Report:
    report = report_head(state, "receipts", lang)
    currency = str(state.get("currency") or "scudi")
    director = str(state.get("director") or "")
    day = date_text(state.get("date"), lang)
    columns = [
        Column(label("col.place", lang), "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.prize", lang), "right"),
        Column(label("col.time", lang)),
    ]
    section = Section(None, columns, empty=label("no_receipts", lang))
    report.sections.append(section)
    report.receipts = []
    for p in _paid(state_list(state, "players")):
        amount = as_money(p.get("prize"), "prize") or Decimal(0)
        place = str(as_int(p.get("place"), "place"))
        # The handover's time; before it (or in an older document), when the place was decided.
        when = time_text(p.get("handed_over_at") or p.get("out_at"))
        report.receipts.append(
            Receipt(
                title=label("receipt.title", lang),
                place=_place_words(p, lang),
                player=str(p.get("name")),
                amount=f"{money_text(amount)} {currency}",
                text=label("receipt.text", lang),
                when=f"{day}, {when}" if day and when else day or when,
                signatures=(
                    label("receipt.player_signs", lang),
                    _director_signs(director, lang),
                ),
            )
        )
        section.rows.append(
            [
                Cell(f"{place}=" if p.get("tied") else place, place),
                text_cell(p.get("name")),
                money_cell(amount),
                Cell(when, when),
            ]
        )
    if not report.receipts:
        report.receipts = None  # the empty table says there is nothing to sign yet
    return report
