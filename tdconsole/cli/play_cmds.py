"""Commands of play: counts, the final."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import act, chips_text, named, named_counts, parse_counts, said, say
from tdconsole.cli.parsing import Parser, cli_name
from tdconsole.domain.play import Count, Final
from tdconsole.i18n import Msg, _, ngettext


def cmd_count(args: argparse.Namespace) -> int:
    counts = parse_counts(args.counts)
    service = act(args, lambda event: Count(counts=named_counts(event, counts)))
    for name in named(service, list(counts)):
        player = service.state.find(name)
        assert player is not None
        print(f"{player.name}: {chips_text(player.chips)}")
    return 0


def cmd_final(args: argparse.Namespace) -> int:
    counts = parse_counts(args.count)
    service = act(
        args,
        lambda event: Final(
            counts=named_counts(event, counts), seed=args.seed, override=args.override
        ),
    )
    state = service.state
    table = next(t for t in state.tables.values() if t.final and t.open)
    say(
        args,
        ngettext(
            "final table (Art. IV.5): {n} player",
            "final table (Art. IV.5): {n} players",
            len(state.players_at(table)),
        ),
    )
    seat_word = said(args, _("seat"))
    for seat in table.seats:
        if seat.player:
            player = state.players[seat.player]
            bonus = (
                said(args, _(" (bonus {chips}, Art. III.4)").format(chips=chips_text(player.bonus)))
                if player.bonus
                else ""
            )
            print(
                f"  {seat_word} {seat.number}  {seat.card:<4} {player.name:<28} "
                f"{chips_text(player.chips)}{bonus}"
            )
    return 0


def register(sub: Any) -> None:
    def add(name: str, func: Any, help: Msg) -> Parser:
        parser: Parser = sub.add_parser(name, help=help, description=help)
        parser.set_defaults(func=func)
        return parser

    p = add(cli_name("Count"), cmd_count, _("record chip counts: NAME=CHIPS ..."))
    p.add_argument("counts", metavar=_("NAME=N"), nargs="+")

    p = add(
        cli_name("Final"), cmd_final, _("redraw the final table, counts, III.4 bonus (Art. IV.5)")
    )
    p.add_argument("--count", nargs="+", required=True, metavar=_("NAME=N"))
    p.add_argument("--seed", type=int, metavar="N", help=_("reproducible draw"))
    p.add_argument("--override", metavar=_("REASON"), help=_("accept a count difference"))
