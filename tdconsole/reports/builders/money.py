"""The reports of the evening's money: the cash summary, and a prize receipt a paid place.

Both read the read model: its ``cash`` summary (``domain.cash``), the refunds of the players
who withdrew and the prizes of the places decided. A prize leaves the cash box when the Director
records he handed it over (Art. I.7; a document from before that record: when its place is
decided); each receipt is signed by the player as he takes his prize, at the time written on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.read_model import PlayerView, StateView
from tdconsole.reports.builders.common import (
    date_text,
    phase_fact,
    pool_facts,
    report_head,
    time_text,
)
from tdconsole.reports.model import (
    Cell,
    Column,
    Receipt,
    Report,
    Section,
    empty_cell,
    int_cell,
    money_cell,
    money_plain,
    money_text,
    text_cell,
    word,
)
from tdconsole.words.reports import Lang, label

# -- the cash summary ----------------------------------------------------------------------------


def cash(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "cash", lang)
    phase_fact(report, state, lang)
    report.facts += pool_facts(state, lang)
    summary = state.cash
    currency = state.currency or "scudi"
    columns = [
        Column(label("col.item", lang), flex=True),
        Column(label("col.player", lang), flex=True),
        Column(label("col.count", lang), "right"),
        Column(label("col.amount", lang), "right"),
    ]
    section = Section(None, columns, empty=label("no_cash", lang))
    report.sections.append(section)
    if summary is None:
        return report  # a document from before the cash summary: nothing to add up
    for key, amount, n, sign in (
        ("cash.entry_fees", summary.entry_fees, summary.entry_paid, 1),
        ("cash.food", summary.food, summary.food_paid, 1),
        ("cash.refunds", summary.refunds, summary.refunded, -1),
        ("cash.prizes_paid", summary.prizes_handed_over, summary.prizes_handed_over_count, -1),
    ):
        section.rows.append(
            [word(label(key, lang)), empty_cell(), int_cell(n), money_cell(sign * amount)]
        )
    box = summary.cash_box
    section.total = [
        Cell(label("cash.box", lang), label("cash.box", lang), "bold"),
        empty_cell(),
        empty_cell(),
        Cell(money_text(box), money_plain(box), "bold"),
    ]
    report.notes.append(
        label("cash.note", lang).format(
            food=f"{money_text(summary.food_kept)} {currency}",
            owed=f"{money_text(summary.prizes_to_hand_over)} {currency}",
            due=f"{money_text(summary.prizes_due)} {currency}",
        )
    )
    players = state.players
    refunds = Section(label("cash.refunds_title", lang), columns)
    for p in players:
        for refund, what in (
            (p.entry_refund, "cash.entry_refund"),
            (p.food_refund, "cash.food_refund"),
        ):
            if refund is not None:
                refunds.rows.append(
                    [
                        word(label(what, lang)),
                        text_cell(p.name),
                        empty_cell(),
                        money_cell(-refund),
                    ]
                )
    if refunds.rows:
        report.sections.append(refunds)
    prizes = Section(label("cash.prizes_title", lang), columns)
    for p in _paid(players):
        if p.handed_over is None:  # due: still in the cash box
            continue
        prizes.rows.append(
            [
                word(_place_words(p, lang)),
                text_cell(p.name),
                empty_cell(),
                money_cell(-p.handed_over),
            ]
        )
    if prizes.rows:
        report.sections.append(prizes)
    return report


def _director_signs(director: str, lang: Lang) -> str:
    """The Director's line to sign: his name as set, the role said once ("the Director"
    alone when the name set is the role's word, as the shipped settings' "Direttore")."""
    role_words = {"direttore", "director", label("director", lang).casefold()}
    if not director.strip() or director.strip().casefold() in role_words:
        return label("receipt.director_signs_role", lang)
    return label("receipt.director_signs", lang).format(director=director)


def _paid(players: Sequence[PlayerView]) -> list[PlayerView]:
    """The players whose paid place is decided, best first (ties in the state's order)."""
    paid = [p for p in players if p.prize is not None and p.place is not None]
    paid.sort(key=lambda p: p.place or 0)
    return paid


def _place_words(player: PlayerView, lang: Lang) -> str:
    """ "1st place", "4th place (tie)" ("1° posto", "4° posto (pari merito)")."""
    words = label("receipt.place", lang).format(ordinal=ordinal(player.place or 0).text(lang))
    return f"{words} ({label('tie', lang)})" if player.tied else words


# -- prize receipts ------------------------------------------------------------------------------


def receipts(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "receipts", lang)
    currency = state.currency or "scudi"
    director = state.director
    day = date_text(state.date, lang)
    columns = [
        Column(label("col.place", lang), "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.prize", lang), "right"),
        Column(label("col.time", lang)),
    ]
    section = Section(None, columns, empty=label("no_receipts", lang))
    report.sections.append(section)
    report.receipts = []
    for p in _paid(state.players):
        amount = p.prize or Decimal(0)
        place = str(p.place)
        # The handover's time; before it (or in an older document), when the place was decided.
        when = time_text(p.handed_over_at or p.out_at)
        report.receipts.append(
            Receipt(
                title=label("receipt.title", lang),
                place=_place_words(p, lang),
                player=p.name,
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
                Cell(f"{place}=" if p.tied else place, place),
                text_cell(p.name),
                money_cell(amount),
                Cell(when, when),
            ]
        )
    if not report.receipts:
        report.receipts = None  # the empty table says there is nothing to sign yet
    return report
