"""``tdconsole cash [--json]``: the money of the evening (Art. I.2, V.1, I.7); ``tdconsole
hand-over NAME``: the Director records he handed a player his prize (I.7); and the log's words
of a refund at a withdrawal (``withdraw``)."""

from __future__ import annotations

import argparse
import shlex
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import act, emit_json, named, open_service, said, say
from tdconsole.cli.parsing import Parser
from tdconsole.domain.cash import cash_json
from tdconsole.domain.handover import HandOverPrize, PrizeHandedOver
from tdconsole.domain.identity import name_key
from tdconsole.domain.numbers import money_said
from tdconsole.domain.payouts import money_text
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


def cmd_hand_over(args: argparse.Namespace) -> int:
    service = act(args, lambda event: HandOverPrize(name=named(event, [args.name])[0]))
    body = service.last_records[-1].body
    assert isinstance(body, PrizeHandedOver)
    player = service.state.players[name_key(body.name)]
    assert player.prize is not None and player.handed_over_at is not None
    if args.json:
        emit_json(
            {
                "name": player.name,
                "place": player.place,
                "prize": money_text(player.prize),
                "handed_over_at": player.handed_over_at.isoformat(),
            }
        )
        return 0
    currency = service.state.settings.currency
    say(
        args,
        _(
            "{name}: prize of {amount} handed over at {time} (Art. I.7); the receipt to "
            "sign: `tdconsole print receipts --player {quoted}`"
        ).format(
            name=player.name,
            amount=money_said(player.prize, currency),
            time=f"{player.handed_over_at:%H:%M}",
            quoted=shlex.quote(player.name),
        ),
    )
    return 0


def register(sub: Any) -> None:
    text = _(
        "the cash summary: fees and food taken, refunds, prizes paid and due, the cash box "
        "(Art. I.2, V.1, I.7)"
    )
    p: Parser = sub.add_parser("cash", help=text, description=text)
    p.set_defaults(func=cmd_cash)
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    text = _(
        "record that the Director handed NAME his prize: from due to paid, the cash box "
        "gives it up (Art. I.7)"
    )
    p = sub.add_parser("hand-over", help=text, description=text)
    p.set_defaults(func=cmd_hand_over)
    p.add_argument("name", metavar=_("NAME"))
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
