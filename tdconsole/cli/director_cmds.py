"""The Director's move of one player (a broken seat, a dispute), apart from closings (VII.1)."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import act, chips_text, parse_counts, say
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _


def _seat(raw: str) -> tuple[int, int]:
    table, sep, seat = raw.partition(":")
    try:
        if not sep:
            raise ValueError
        return int(table), int(seat)
    except ValueError:
        raise RuleError(
            _("{raw!r} is not a seat: write TABLE:SEAT, e.g. 2:5").format(raw=raw),
        ) from None


def cmd_move(args: argparse.Namespace) -> int:
    from tdconsole.domain.director_moves import MovePlayer, PlayerMoved

    table, seat = _seat(args.to)
    service = act(
        args,
        MovePlayer(name=args.name, table=table, seat=seat, chips=args.chips, reason=args.reason),
    )
    moved = service.last_records[-1].body
    assert isinstance(moved, PlayerMoved)
    chips = f" with {chips_text(moved.chips)}" if moved.chips is not None else ""
    chips_it = f" con {chips_text(moved.chips)}" if moved.chips is not None else ""
    say(
        args,
        f"{moved.name}: table {moved.from_table} seat {moved.from_seat} → table "
        f"{moved.to_table} seat {moved.to_seat}{chips} (Director's decision, Art. VII.1)",
        f"{moved.name}: tavolo {moved.from_table} posto {moved.from_seat} → tavolo "
        f"{moved.to_table} posto {moved.to_seat}{chips_it} (decisione del Direttore, Art. VII.1)",
    )
    return 0


def cmd_colour_up(args: argparse.Namespace) -> int:
    from tdconsole.domain.colour_up import ChipsColouredUp, ColourUp

    service = act(args, ColourUp(counts=parse_counts(args.count), override=args.override))
    done = service.last_records[-1].body
    assert isinstance(done, ChipsColouredUp)
    change = sum(done.adjustments.values())
    say(
        args,
        f"colour-up: the {chips_text(done.removed)} chips leave play, the smallest chip is now "
        f"{chips_text(done.unit)}; chips in play {change:+d} (ledger: {done.reason})",
        f"cambio dei gettoni: escono i gettoni da {chips_text(done.removed)}, il più piccolo è "
        f"ora {chips_text(done.unit)}; circolante {change:+d} (rettifica: {done.reason})",
    )
    return 0


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "move",
        help="the Director moves one player to another seat (Art. VII.1; not a closing)",
        description="The Director moves one player (a broken seat, a dispute) with his chips; "
        "logged with the reason (Art. VII.1). Closings are `close`.",
    )
    p.set_defaults(func=cmd_move)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--to", required=True, metavar="TABLE:SEAT", help="the seat he goes to")
    p.add_argument(
        "--chips", type=int, metavar="N", help="his chips, counted (default: his last count)"
    )
    p.add_argument("--reason", required=True, metavar="TEXT", help="why (kept in the log)")

    p = sub.add_parser(
        "colour-up",
        help="the smallest chip leaves play: every player's new count (Decision, Art. VII.1)",
        description="The colour-up: the smallest chip is exchanged for the next denomination, "
        "each stack rounded up to it; every player in play is counted.",
    )
    p.set_defaults(func=cmd_colour_up)
    p.add_argument("--count", nargs="+", required=True, metavar="NAME=N", help="new counts")
    p.add_argument("--override", metavar="REASON", help="accept counts beyond the rounding")
