"""The colour-up: the smallest chip leaves play, every player's new count (VII.1)."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import act, chips_text, parse_counts, say
from tdconsole.cli.parsing import Parser, cli_name
from tdconsole.domain.colour_up import ChipsColouredUp, ColourUp
from tdconsole.domain.numbers import chips_change
from tdconsole.i18n import _


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
