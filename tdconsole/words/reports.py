"""The words of the printed reports: marked messages, said in the report's language.

Each report word has a key (``col.player``, ``phase.final``); its message is written here once,
in English, and said through the catalogue (``tdconsole/locale``) in the report's language.
"""

from __future__ import annotations

from typing import Literal

from tdconsole.i18n import Msg, _, ngettext, pgettext

Lang = Literal["it", "en"]
LANGS: tuple[Lang, ...] = ("it", "en")

_LABELS: dict[str, Msg] = {
    "title.standings": _("Standings"),
    "title.seating": pgettext("report", "Seating"),
    "title.slips": _("Seat slips"),
    "title.payouts": pgettext("report", "Payouts"),
    "title.results": _("Results"),
    "title.rulings": _("Rulings log"),
    "title.moves": _("Moves"),
    "title.cash": _("Cash summary"),
    "title.receipts": _("Prize receipts"),
    "phase": _("Phase"),
    "entrants": _("Entrants"),
    "in_play": _("In play"),
    "chips_in_play": _("Chips in play"),
    "average_stack": _("Average stack"),
    "prize_pool": _("Prize pool"),
    "director": _("Director"),
    "final_bonus": _("Final bonus (III.4)"),
    "final_due": _("Nine or fewer in play: play stops for the final's draw (IV.2)"),
    "total": _("Total"),
    "printed": _("Printed"),
    "phase.registration": _("registration"),
    "phase.seated": _("seated"),
    "phase.elimination": _("elimination phase"),
    "phase.final": _("final"),
    "phase.finished": _("finished"),
    "status.registered": _("registered"),
    "status.waitlisted": _("waiting list"),
    "status.withdrawn": _("withdrawn"),
    "status.in": _("in play"),
    "status.out": _("out"),
    "status.disqualified": _("disqualified"),
    "col.pos": _("No."),
    "col.player": _("Player"),
    "col.table": _("Tbl"),
    "col.seat": _("Seat"),
    "col.card": _("Card"),
    "col.chips": _("Chips"),
    "col.second_stack": _("2nd stack"),
    "col.bonus": _("Bonus"),
    "col.status": _("Status"),
    "col.place": pgettext("report", "Place"),
    "col.tie": _("Tie"),
    "col.prize": _("Prize (scudi)"),
    "col.percent": _("%"),
    "col.amount": _("Amount (scudi)"),
    "col.button": _("Button"),
    "col.suit": _("Suit"),
    "col.time": _("Time"),
    "col.kind": _("Kind"),
    "col.players": _("Players"),
    "col.articles": _("Articles"),
    "col.decision": _("Decision"),
    "col.sanction": _("Sanction"),
    "col.orbits": _("Orbits"),
    "col.served": _("Served"),
    "col.by": _("By"),
    "col.id": _("No."),
    "col.from_table": _("From table"),
    "col.from_seat": _("From seat"),
    "col.to_table": _("To table"),
    "col.to_seat": _("To seat"),
    "col.new_card": _("New card"),
    "col.paid_place": pgettext("prize", "Place"),
    "yes": _("yes"),
    "tie": _("tie"),
    "dq": _("disqualified"),
    "vacant": _("vacant"),
    "dealer": _("D"),
    "dealer.note": _("D = button (first dealer, II.4)"),
    "second_stack.note": _(
        "2nd stack: the amount taken (III.2-III.3); B = the final's bonus (III.4)"
    ),
    "kind.ruling": _("ruling"),
    "kind.sanction": _("sanction"),
    "sanction.warning": _("warning"),
    "sanction.suspend": _("suspension"),
    "sanction.disqualify": _("disqualification"),
    "served": _("served"),
    "pending": _("not yet served"),
    "table": _("Table"),
    "seat": _("Seat"),
    "final_table": _("Final table"),
    "closing": _("must close (IV.4)"),
    "closed": _("closed"),
    "players_in": _("players"),
    "chips_at_table": _("chips at the table"),
    "second_stack_now": _("2nd stack now"),
    "button": _("button"),
    "no_tables": _("No tables drawn yet."),
    "no_slips": _("No seats to print."),
    "no_rulings": _("No rulings recorded."),
    "no_moves": _("No table is closing."),
    "no_places": _("No place decided yet."),
    "no_players": _("No players."),
    "never_played": _("Did not play"),
    "moves.announce": _("{player}: from table {ft} seat {fs} to table {tt} seat {ts} ({card})"),
    "moves.no_plan": _(
        "Table {table} {suit} must close: no plan drawn yet (close {table} --plan)."
    ),
    "payouts.note": _(
        "Shares 45/25/15/10/5 % to places 1-5, rounded down to the scudo, the remainder to 1st "
        "(V.1). Entry fees: 70 scudi per paying entrant; food money excluded."
    ),
    "tie.note": _(
        "out in the same hand with equal stacks; the prizes of the shared places are "
        "pooled and split equally."
    ),
    "dq.note": _(
        "A disqualified player keeps the place at which he left, without a prize; its prize "
        "passes to the better places (VI.2)."
    ),
    "prizes_paid": _("Prizes awarded"),
    "in_play_now": _("in play"),
    "slip.cut": _("cut along the lines"),
    "slip.players": _("Your table and seat on your phone"),
    "suspended_now": _("Suspended now"),
    "suspended": _("suspended"),
    "unpaid": _("fee not paid"),
    "no_payouts": _("No prizes computed yet."),
    "col.item": _("Item"),
    "col.count": pgettext("report", "Count"),
    "no_cash": _("No money recorded yet."),
    "no_receipts": _("No paid place decided yet: nothing to sign."),
    "cash.entry_fees": _("Entry fees taken"),
    "cash.food": _("Food contributions taken"),
    "cash.refunds": _("Refunded at withdrawals"),
    "cash.prizes_paid": _("Prizes paid (handed over)"),
    "cash.box": _("In the cash box"),
    "cash.note": _(
        "Of the cash box, {food} is food money (not part of the prize pool, I.2) and {owed} "
        "the prizes of places decided, due until handed over (I.7); {due} is still due to the "
        "places to come."
    ),
    "cash.refunds_title": _("Refunds at withdrawals"),
    "cash.entry_refund": _("Entry fee refunded"),
    "cash.food_refund": _("Food contribution refunded"),
    "cash.prizes_title": _("Prizes handed over (I.7)"),
    "receipt.title": _("Prize receipt"),
    "receipt.place": _("{ordinal} place"),
    "receipt.text": _(
        "The undersigned receives the prize above, handed over at the time written (Art. I.7, V.1)."
    ),
    "receipt.player_signs": _("The player's signature"),
    "receipt.director_signs": _("For the organisers, the Director {director}"),
    "receipt.director_signs_role": _("For the organisers, the Director"),
}

_MONTHS = (
    pgettext("month", "January"),
    pgettext("month", "February"),
    pgettext("month", "March"),
    pgettext("month", "April"),
    pgettext("month", "May"),
    pgettext("month", "June"),
    pgettext("month", "July"),
    pgettext("month", "August"),
    pgettext("month", "September"),
    pgettext("month", "October"),
    pgettext("month", "November"),
    pgettext("month", "December"),
)


def label(key: str, lang: str) -> str:
    """The label ``key`` in ``lang`` (its placeholders left for the caller to fill); an unknown
    key is a bug and raises ``KeyError``."""
    return _LABELS[key].template(lang)


def orbits(n: int, lang: str) -> str:
    """A suspension's length: "1 orbit", "2 orbits"."""
    return ngettext("{n} orbit", "{n} orbits", n).text(lang)


def moves_section(table: object, suit: str, n: int, lang: str) -> str:
    """The heading of a closing table's moves (IV.4)."""
    moves = ngettext("{n} move to announce", "{n} moves to announce", n)
    return (
        _("Table {table} {suit} closes: {moves} (IV.4)")
        .format(table=table, suit=suit, moves=moves)
        .text(lang)
    )


def page_of(page: int, lang: str) -> str:
    """A page's footer: "Page 2 of {nb}" (fpdf fills ``{nb}`` with the pages' count)."""
    return _("Page {page} of {pages}").format(page=page, pages="{nb}").text(lang)


def month_name(month: int, lang: str) -> str:
    return _MONTHS[month - 1].text(lang)
