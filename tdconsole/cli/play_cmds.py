"""Commands of play: counts, second stack, eliminations, disqualification, closing, the final."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import act, chips_text, named, named_counts, parse_counts, say, tr

if TYPE_CHECKING:
    from tdconsole.service import Tournament


def _announce_table_changes(args: argparse.Namespace, service: Tournament) -> None:
    state = service.state
    for table in state.open_tables():
        if state.must_close(table):
            n = len(state.players_at(table))
            say(
                args,
                f"table {table.number} has {n} players left: it must close (Art. IV.4) — "
                f"`close {table.number} --plan`",
                f"al tavolo {table.number} restano {n} giocatori: va chiuso (Art. IV.4) — "
                f"`close {table.number} --plan`",
            )
    if state.final_due:
        say(
            args,
            f"{state.in_play} players are in: the final is due (Art. IV.2) — "
            "`final --count NAME=N ...`",
            f"sono in gioco {state.in_play} giocatori: è ora del tavolo finale (Art. IV.2) — "
            "`final --count NOME=N ...`",
        )
    if state.phase == "finished":
        winner = state.in_players()[0]
        say(
            args,
            f"the tournament is over: {winner.name} wins (Art. IV.7), prize {winner.prize}",
            f"il torneo è concluso: vince {winner.name} (Art. IV.7), premio {winner.prize}",
        )


def cmd_count(args: argparse.Namespace) -> int:
    from tdconsole.domain.play import Count

    counts = parse_counts(args.counts)
    service = act(args, lambda state: Count(counts=named_counts(state, counts)))
    for name in named(service.state, list(counts)):
        player = service.state.find(name)
        assert player is not None
        print(f"{player.name}: {chips_text(player.chips)}")
    return 0


def cmd_dote(args: argparse.Namespace) -> int:
    from tdconsole.domain.play import SecondStack

    service = act(
        args, lambda state: SecondStack(name=named(state, [args.name])[0], stack=args.stack)
    )
    player = service.state.find(named(service.state, [args.name])[0])
    assert player is not None and player.second_stack is not None
    table = service.state.tables[player.table or 0]
    amount, chips = chips_text(player.second_stack), chips_text(table.chips)
    say(
        args,
        f"{player.name}: second stack {amount} chips — the average stack of table "
        f"{table.number} (Art. III.3); table chips now {chips}",
        f"{player.name}: seconda dote di {amount} gettoni — lo stack medio del tavolo "
        f"{table.number} (Art. III.3); circolante del tavolo ora {chips}",
    )
    return 0


def cmd_bust(args: argparse.Namespace) -> int:
    from tdconsole.domain.play import Bust

    service = act(
        args,
        lambda state: Bust(
            names=named(state, args.names), stacks=args.stacks, declined=args.declined
        ),
    )
    currency = service.state.settings.currency
    for name in named(service.state, args.names):
        player = service.state.find(name)
        assert player is not None
        tie = tr(args, " (tied)", " (a pari merito)") if player.tied else ""
        prize = ""
        if player.prize:
            money = f"{player.prize} {currency}"
            prize = tr(args, f" — prize due {money} (Art. V.1)", f" — premio di {money} (Art. V.1)")
        say(
            args,
            f"{player.name}: out in place {player.place}{tie}{prize}",
            f"{player.name}: eliminato al {player.place}° posto{tie}{prize}",
        )
    _announce_table_changes(args, service)
    return 0


def cmd_disqualify(args: argparse.Namespace) -> int:
    from tdconsole.domain.play import Disqualify

    service = act(
        args,
        lambda state: Disqualify(
            name=named(state, [args.name])[0], reason=args.reason, chips=args.chips
        ),
    )
    player = service.state.find(named(service.state, [args.name])[0])
    assert player is not None
    say(
        args,
        f"{player.name}: disqualified (Art. VI.2); place and prize forfeited",
        f"{player.name}: squalificato (Art. VI.2); perde posizione e premio",
    )
    _announce_table_changes(args, service)
    return 0


def cmd_close(args: argparse.Namespace) -> int:
    from tdconsole.domain.director_moves import ClosePlanRaisingSeats
    from tdconsole.domain.play import ClosePlan, CloseTable

    if args.plan == bool(args.count):
        raise_usage(
            "close TABLE --plan, or close TABLE --count NAME=N ...",
            "close TAVOLO --plan, oppure close TAVOLO --count NOME=N ...",
        )
    if args.seats is not None and not args.plan:
        raise_usage("close TABLE --plan --seats N", "close TAVOLO --plan --seats N")
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
        lambda state: CloseTable(
            table=args.table,
            counts=named_counts(state, counts),
            seed=args.seed,
            override=args.override,
        ),
    )
    from tdconsole.domain.play import TableClosed

    closed = service.last_records[-1].body
    assert isinstance(closed, TableClosed)
    say(args, f"table {args.table} closed (Art. IV.4)", f"tavolo {args.table} chiuso (Art. IV.4)")
    for move in closed.moves:
        chips = chips_text(move.chips)
        say(
            args,
            f"  {move.name} → table {move.to_table} seat {move.to_seat} with {chips}",
            f"  {move.name} → tavolo {move.to_table} posto {move.to_seat} con {chips}",
        )
    if closed.adjustment:
        say(
            args,
            f"  ledger adjustment {closed.adjustment:+d}: {closed.reason}",
            f"  rettifica del circolante {closed.adjustment:+d}: {closed.reason}",
        )
    _announce_table_changes(args, service)
    return 0


def _print_plan(args: argparse.Namespace, service: Tournament, number: int) -> None:
    state = service.state
    table = state.tables[number]
    assert table.plan is not None
    say(
        args,
        f"table {number} closes: moves to announce (Art. IV.4)",
        f"il tavolo {number} chiude: spostamenti da annunciare (Art. IV.4)",
    )
    for key, to_table, to_seat in table.plan.moves:
        card = state.tables[to_table].seat(to_seat).card
        name = state.players[key].name
        say(
            args,
            f"  {name}: table {to_table}, seat {to_seat} ({card})",
            f"  {name}: tavolo {to_table}, posto {to_seat} ({card})",
        )


def raise_usage(text: str, text_it: str) -> None:
    from tdconsole.domain.errors import RuleError

    raise RuleError(f"write {text}", it=f"scrivi {text_it}")


def cmd_final(args: argparse.Namespace) -> int:
    from tdconsole.domain.play import Final

    counts = parse_counts(args.count)
    service = act(
        args,
        lambda state: Final(
            counts=named_counts(state, counts), seed=args.seed, override=args.override
        ),
    )
    state = service.state
    table = next(t for t in state.tables.values() if t.final and t.open)
    n = len(state.players_at(table))
    say(
        args,
        f"final table (Art. IV.5): {n} players",
        f"tavolo finale (Art. IV.5): {n} giocatori",
    )
    seat_word = tr(args, "seat", "posto")
    for seat in table.seats:
        if seat.player:
            player = state.players[seat.player]
            bonus = f" (bonus {chips_text(player.bonus)}, Art. III.4)" if player.bonus else ""
            print(
                f"  {seat_word} {seat.number}  {seat.card:<4} {player.name:<28} "
                f"{chips_text(player.chips)}{bonus}"
            )
    return 0


def cmd_button(args: argparse.Namespace) -> int:
    from tdconsole.domain.seating import MoveButton

    service = act(args, MoveButton(table=args.table, seat=args.seat))
    table = service.state.tables[args.table]
    say(
        args,
        f"table {table.number}: the button is at seat {table.button} (Art. II.5)",
        f"tavolo {table.number}: il bottone è al posto {table.button} (Art. II.5)",
    )
    return 0


def register(sub: Any) -> None:
    def add(name: str, func: Any, help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help, description=help)
        parser.set_defaults(func=func)
        return parser

    p = add("count", cmd_count, "record chip counts: NAME=CHIPS ...")
    p.add_argument("counts", metavar="NAME=N", nargs="+")

    p = add("dote", cmd_dote, "second stack: the table's average stack (Art. III.2-III.3)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--stack", type=int, metavar="N", help="his stack now (must be below the BB)")

    p = add("bust", cmd_bust, "eliminations in one hand (places by stacks at the hand's start)")
    p.add_argument("names", metavar="NAME", nargs="+")
    p.add_argument(
        "--stacks",
        type=int,
        nargs="+",
        metavar="N",
        help="stacks at the start of the hand, same order (needed for several)",
    )
    p.add_argument(
        "--declined",
        action="store_true",
        help="whoever could still take the second stack declined it (Art. III.2)",
    )

    p = add("disqualify", cmd_disqualify, "disqualify a player (Art. VI.2); his chips leave play")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--reason", required=True, metavar="TEXT")
    p.add_argument("--chips", type=int, metavar="N", help="his chips (default: his last count)")

    p = add("close", cmd_close, "close a table: --plan draws the moves, --count carries them out")
    p.add_argument("table", type=int, metavar="TABLE")
    p.add_argument("--plan", action="store_true", help="draw and record the move plan")
    p.add_argument("--count", nargs="+", metavar="NAME=N", help="each mover's chips")
    p.add_argument("--seed", type=int, metavar="N", help="reproducible move draw")
    p.add_argument(
        "--override",
        metavar="REASON",
        help="accept a count difference, or close a table of more than 3",
    )
    p.add_argument(
        "--seats",
        type=int,
        metavar="N",
        help="with --plan: raise table_seats to N for this closing (a setting change, VII.1)",
    )

    p = add("final", cmd_final, "redraw the final table, counts, III.4 bonus (Art. IV.5)")
    p.add_argument("--count", nargs="+", required=True, metavar="NAME=N")
    p.add_argument("--seed", type=int, metavar="N", help="reproducible draw")
    p.add_argument("--override", metavar="REASON", help="accept a count difference")

    p = add("button", cmd_button, "record the button's seat at a table (Art. II.5, 2.4)")
    p.add_argument("table", type=int, metavar="TABLE")
    p.add_argument("seat", type=int, metavar="SEAT")
