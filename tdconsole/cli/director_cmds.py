"""The Director's move of one player (a broken seat, a dispute), apart from closings (VII.1),
and the colour-up."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import act, chips_text, parse_counts, said, say
from tdconsole.cli.parsing import Parser, cli_name
from tdconsole.domain.colour_up import ChipsColouredUp, ColourUp
from tdconsole.domain.director_moves import MovePlayer, PlayerMoved
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_change, whole_number
from tdconsole.i18n import _


def _seat(raw: str) -> tuple[int, int]:
    table, sep, seat = raw.partition(":")
    try:
        if not sep:
            raise ValueError
        return whole_number(table, _("table")), whole_number(seat, _("seat"))
    except (ValueError, RuleError):
        raise RuleError(
            _("{raw!r} is not a seat: write TABLE:SEAT, e.g. 2:5").format(raw=raw),
        ) from None


def cmd_move(args: argparse.Namespace) -> int:
    table, seat = _seat(args.to)
    service = act(
        args,
        MovePlayer(name=args.name, table=table, seat=seat, chips=args.chips, reason=args.reason),
    )
    moved = service.last_records[-1].body
    assert isinstance(moved, PlayerMoved)
    chips = (
        said(args, _(" with {chips}").format(chips=chips_text(moved.chips)))
        if moved.chips is not None
        else ""
    )
    say(
        args,
        _(
            "{name}: table {from_table} seat {from_seat} → table {to_table} seat {to_seat}"
            "{chips} (Director's decision, Art. VII.1)"
        ).format(
            name=moved.name,
            from_table=moved.from_table,
            from_seat=moved.from_seat,
            to_table=moved.to_table,
            to_seat=moved.to_seat,
            chips=chips,
        ),
    )
    return 0


def cmd_colour_up(args: argparse.Namespace) -> int:
    service = act(args, ColourUp(counts=parse_counts(args.count), override=args.override))
    done = service.last_records[-1].body
    assert isinstance(done, ChipsColouredUp)
    change = sum(done.adjustments.values())
    say(
        args,
        _(
            "colour-up: the {removed} chips leave play, the smallest chip is now {unit}; "
            "chips in play {change} (ledger: {reason})"
        ).format(
            removed=chips_text(done.removed),
            unit=chips_text(done.unit),
            change=chips_change(change),
            reason=done.reason,
        ),
    )
    return 0


def register(sub: Any) -> None:
    p: Parser = sub.add_parser(
        cli_name("MovePlayer"),
        help=_("the Director moves one player to another seat (Art. VII.1; not a closing)"),
        description=_(
            "The Director moves one player (a broken seat, a dispute) with his chips; "
            "logged with the reason (Art. VII.1). Closings are `close`."
        ),
    )
    p.set_defaults(func=cmd_move)
    p.add_argument("name", metavar=_("NAME"))
    p.add_argument("--to", required=True, metavar=_("TABLE:SEAT"), help=_("the seat he goes to"))
    p.add_argument(
        "--chips", type=int, metavar="N", help=_("his chips, counted (default: his last count)")
    )
    p.add_argument("--reason", required=True, metavar=_("TEXT"), help=_("why (kept in the log)"))

    p = sub.add_parser(
        cli_name("ColourUp"),
        help=_("the smallest chip leaves play: every player's new count (Decision, Art. VII.1)"),
        description=_(
            "The colour-up: the smallest chip is exchanged for the next denomination, "
            "each stack rounded up to it; every player in play is counted."
        ),
    )
    p.set_defaults(func=cmd_colour_up)
    p.add_argument("--count", nargs="+", required=True, metavar=_("NAME=N"), help=_("new counts"))
    p.add_argument("--override", metavar=_("REASON"), help=_("accept counts beyond the rounding"))
