"""Commands of play: counts, eliminations, closing, the final."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import act, chips_text, named_counts, parse_counts, said, say
from tdconsole.cli.parsing import Parser, Whole, cli_name
from tdconsole.domain.director_moves import ClosePlanRaisingSeats
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_change
from tdconsole.domain.play import (
    ClosePlan,
    CloseTable,
    Final,
    TableClosed,
)
from tdconsole.domain.play_common import table_changes_said
from tdconsole.i18n import Msg, _, ngettext

if TYPE_CHECKING:
    from tdconsole.service import Tournament


def _announce_table_changes(args: argparse.Namespace, service: Tournament) -> None:
    for line in table_changes_said(service.state):
        say(args, line)


def cmd_close(args: argparse.Namespace) -> int:
    if args.plan == bool(args.count):
        raise_usage(_("close TABLE --plan, or close TABLE --count NAME=N ..."))
    if args.seats is not None and not args.plan:
        raise_usage(_("close TABLE --plan --seats N"))
    if args.plan:
        command: ClosePlan | ClosePlanRaisingSeats = ClosePlan(
            table=args.table, seed=args.seed, override=args.override
        )
        if args.seats is not None:
            command = ClosePlanRaisingSeats(
                table=args.table, seats=args.seats, seed=args.seed, override=args.override
            )
        service = act(args, command)
        _print_plan(args, service, args.table)
        return 0
    counts = parse_counts(args.count)
    service = act(
        args,
        lambda event: CloseTable(
            table=args.table,
            counts=named_counts(event, counts),
            seed=args.seed,
            override=args.override,
        ),
    )

    closed = service.last_records[-1].body
    assert isinstance(closed, TableClosed)
    say(args, _("table {table} closed (Art. IV.4)").format(table=args.table))
    for move in closed.moves:
        say(
            args,
            _("  {name} → table {table} seat {seat} with {chips}").format(
                name=move.name, table=move.to_table, seat=move.to_seat, chips=chips_text(move.chips)
            ),
        )
    if closed.adjustment:
        say(
            args,
            _("  ledger adjustment {adjustment}: {reason}").format(
                adjustment=chips_change(closed.adjustment), reason=closed.reason
            ),
        )
    _announce_table_changes(args, service)
    return 0


def _print_plan(args: argparse.Namespace, service: Tournament, number: int) -> None:
    state = service.state
    table = state.tables[number]
    assert table.plan is not None
    say(args, _("table {table} closes: moves to announce (Art. IV.4)").format(table=number))
    for key, to_table, to_seat in table.plan.moves:
        card = state.tables[to_table].seat(to_seat).card
        name = state.players[key].name
        say(
            args,
            _("  {name}: table {table}, seat {seat} ({card})").format(
                name=name, table=to_table, seat=to_seat, card=card
            ),
        )


def raise_usage(usage: Msg) -> None:
    raise RuleError(_("write {usage}").format(usage=usage))


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

    p = add(
        cli_name("CloseTable"),
        cmd_close,
        _("close a table: --plan draws the moves, --count carries them out"),
    )
    p.add_argument("table", type=Whole(1), metavar=_("TABLE"))
    p.add_argument("--plan", action="store_true", help=_("draw and record the move plan"))
    p.add_argument("--count", nargs="+", metavar=_("NAME=N"), help=_("each mover's chips"))
    p.add_argument("--seed", type=int, metavar="N", help=_("reproducible move draw"))
    p.add_argument(
        "--override",
        metavar=_("REASON"),
        help=_("accept a count difference, or close a table of more than 3"),
    )
    p.add_argument(
        "--seats",
        type=int,
        metavar="N",
        help=_("with --plan: raise table_seats to N for this closing (a setting change, VII.1)"),
    )

    p = add(
        cli_name("Final"), cmd_final, _("redraw the final table, counts, III.4 bonus (Art. IV.5)")
    )
    p.add_argument("--count", nargs="+", required=True, metavar=_("NAME=N"))
    p.add_argument("--seed", type=int, metavar="N", help=_("reproducible draw"))
    p.add_argument("--override", metavar=_("REASON"), help=_("accept a count difference"))
