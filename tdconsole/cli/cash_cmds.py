"""``tdconsole cash [--json]``: the money of the evening (Art. I.2, V.1, I.7); and the log's
words of a refund at a withdrawal (``withdraw``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import emit_json, said, say
from tdconsole.cli.opened import open_service
from tdconsole.cli.parsing import Parser
from tdconsole.domain.cash import cash_json
from tdconsole.domain.numbers import money_said
from tdconsole.i18n import Msg, _, ngettext

if TYPE_CHECKING:
    from tdconsole.domain.slices.withdraw import FeeRefunded


def refund_said(args: argparse.Namespace, refund: FeeRefunded, currency: str) -> str:
    """One line of the log: what a withdrawal gave back."""
    parts = []
    if refund.entry is not None:
        parts.append(_("entry fee {amount}").format(amount=money_said(refund.entry, currency)))
    if refund.food is not None:
        parts.append(
            _("food contribution {amount}").format(amount=money_said(refund.food, currency))
        )
    what = ", ".join(said(args, part) for part in parts)
    return said(args, _("refunded to {name}: {what}").format(name=refund.name, what=what))


def cash_lines(document: dict[str, Any], currency: str) -> list[Msg]:
    """The cash summary in words, one line a figure (``cash_json``'s document)."""

    def money(key: str) -> str:
        return money_said(document[key], currency)

    return [
        ngettext(
            "entry fees taken: {amount} ({n} payment)",
            "entry fees taken: {amount} ({n} payments)",
            document["entry_paid"],
        ).format(amount=money("entry_fees")),
        ngettext(
            "food contributions taken: {amount} ({n} payment)",
            "food contributions taken: {amount} ({n} payments)",
            document["food_paid"],
        ).format(amount=money("food")),
        ngettext(
            "refunded at withdrawals: {amount} ({n} player)",
            "refunded at withdrawals: {amount} ({n} players)",
            document["refunded"],
        ).format(amount=money("refunds")),
        _("prize pool: {amount} (Art. V.1)").format(amount=money("prize_pool")),
        ngettext(
            "prizes of the places decided: {amount} ({n} place, Art. I.7)",
            "prizes of the places decided: {amount} ({n} places, Art. I.7)",
            document["prizes_paid_count"],
        ).format(amount=money("prizes_paid")),
        ngettext(
            "  paid, handed over: {amount} ({n} prize)",
            "  paid, handed over: {amount} ({n} prizes)",
            document["prizes_handed_over_count"],
        ).format(amount=money("prizes_handed_over")),
        ngettext(
            "  due, to hand over: {amount} ({n} prize)",
            "  due, to hand over: {amount} ({n} prizes)",
            document["prizes_to_hand_over_count"],
        ).format(amount=money("prizes_to_hand_over")),
        _("still due to the places to come: {amount}").format(amount=money("prizes_due")),
        _("in the cash box: {amount} (of which food money {food})").format(
            amount=money("cash_box"), food=money("food_kept")
        ),
    ]


def cmd_cash(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        document = cash_json(service.state)
        currency = service.state.settings.currency
    finally:
        service.close()
    if args.json:
        emit_json(document)
        return 0
    for line in cash_lines(document, currency):
        say(args, line)
    return 0


def register(sub: Any) -> None:
    text = _(
        "the cash summary: fees and food taken, refunds, prizes paid and due, the cash box "
        "(Art. I.2, V.1, I.7)"
    )
    p: Parser = sub.add_parser("cash", help=text, description=text)
    p.set_defaults(func=cmd_cash)
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
