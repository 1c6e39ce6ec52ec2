"""Commands of play: counts."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import act, chips_text, named, named_counts, parse_counts
from tdconsole.cli.parsing import Parser, cli_name
from tdconsole.domain.play import Count
from tdconsole.i18n import Msg, _


def cmd_count(args: argparse.Namespace) -> int:
    counts = parse_counts(args.counts)
    service = act(args, lambda event: Count(counts=named_counts(event, counts)))
    for name in named(service, list(counts)):
        player = service.state.find(name)
        assert player is not None
        print(f"{player.name}: {chips_text(player.chips)}")
    return 0


def register(sub: Any) -> None:
    def add(name: str, func: Any, help: Msg) -> Parser:
        parser: Parser = sub.add_parser(name, help=help, description=help)
        parser.set_defaults(func=func)
        return parser

    p = add(cli_name("Count"), cmd_count, _("record chip counts: NAME=CHIPS ..."))
    p.add_argument("counts", metavar=_("NAME=N"), nargs="+")
