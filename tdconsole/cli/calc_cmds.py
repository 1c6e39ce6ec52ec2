"""Commands for rulings at the table: ``calc sidepots|chips|raise|button|showdown|clock``
(``showdown`` in ``calc_showdown``).

Each handler prints to stdout and returns 0, or raises RuleError for refused or bad input;
each result cites its articles. Their language: the command's own ``--lang``, else the
console's (``--lang``, else the current event's language, else Italian); refusals follow it too
(``rules_common``). JSON is the same in both languages. The rulebooks (``rule``, ``rules``)
are in ``rules_cmds``.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from tdconsole.cli.calc_showdown import register_showdown
from tdconsole.cli.rules_common import (
    articles_text,
    book_lang,
    command_lang,
    emit_document,
    say_line,
    speaks_command_lang,
)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.i18n import _, pgettext
from tdconsole.rules.calculators import (
    Contribution,
    as_json,
    button_plan,
    chips_pushed,
    clock_call,
    minimum_raise,
    side_pots,
)


def _ints(values: list[str] | None, what: str) -> list[int]:
    out: list[int] = []
    for chunk in values or []:
        for part in re.split(r"[,\s]+", chunk.strip()):
            if not part:
                continue
            if not (part.isascii() and part.isdigit() and len(part) <= 3):
                raise RuleError(
                    _("{what}: {part!r} is not a seat number; use e.g. 1,2,5").format(
                        what=what, part=part[:20]
                    ),
                )
            out.append(int(part))
    return out


_PLAYER = re.compile(r"^(?:([^=:]*):)?([^=:]+)=(.*)$")


def cmd_calc_sidepots(args: argparse.Namespace) -> int:
    folded = set(args.folded or [])
    contributions = []
    for i, item in enumerate(args.players, start=1):
        m = _PLAYER.match(item.strip())
        if not m:
            raise RuleError(
                _("bad player {item!r}: write [SEAT:]NAME=CHIPS, e.g. 3:Ada=1500").format(
                    item=item
                ),
            )
        seat = whole_number(m.group(1), _("seat"), high=99) if m.group(1) is not None else i
        chips = whole_number(m.group(3), m.group(2))
        contributions.append(Contribution(m.group(2), seat, chips, m.group(2) in folded))
    unknown = folded - {c.player for c in contributions}
    if unknown:
        raise RuleError(
            _("--folded names unknown player(s): {unknown}").format(
                unknown=", ".join(sorted(unknown))
            ),
        )
    ranking = [[p for p in group.split("=") if p] for group in (args.ranking or [])]
    button = args.button if args.button is not None else contributions[-1].seat
    result = side_pots(contributions, ranking, button=button, chip_unit=args.unit)
    if args.json:
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
    say_line(lang, _("Pots, in the order they are awarded (last side pot first, Art. 7.8):"))
    among = pgettext("pot", "among").text(lang)
    returned = pgettext("pot", "returned to").text(lang)
    labels = [pot.label(book_lang(lang)) for pot in result.pots]
    width = max((len(label) for label in labels), default=0)
    for pot, label in zip(result.pots, labels, strict=True):
        shares = ", ".join(f"{s.player} {s.amount}" for s in pot.shares)
        who = returned if pot.name == "uncalled" else "→"
        print(
            f"  {label:<{width}} {pot.amount:>8}  {among} {', '.join(pot.eligible)}  {who} {shares}"
        )
    totals = ", ".join(f"{p} {w}" for p, w in result.won.items())
    say_line(lang, _("Totals: {totals}").format(totals=totals))
    print(articles_text(result.articles))
    return 0


def cmd_calc_chips(args: argparse.Namespace) -> int:
    min_raise = args.min_raise if args.min_raise is not None else args.bb
    if min_raise is None:
        raise RuleError(
            _("give --bb (the big blind) or --min-raise"),
            "7.3",
        )
    result = chips_pushed(
        args.to_call,
        args.pushed,
        min_raise,
        single_chip=args.single_chip,
        declared_raise=args.declared_raise,
        stack=args.stack,
    )
    if args.json:
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
    letter = f" (6.8-{result.letter})" if result.letter else ""
    book = book_lang(lang)
    print(f"{result.action_text(book).upper()}{letter}: {result.explain(book)}")
    if result.complete_to is not None:
        say_line(lang, _("  complete to {amount}").format(amount=result.complete_to))
    if result.returned:
        say_line(lang, _("  {amount} back to the player").format(amount=result.returned))
    print(articles_text(result.articles))
    return 0


def cmd_calc_raise(args: argparse.Namespace) -> int:
    bet = args.bet if args.bet is not None else args.bb
    result = minimum_raise(
        args.bb, bet, args.raised, args.to, all_in=args.all_in, chip_unit=args.unit
    )
    if args.json:
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
    explained = result.explain(book_lang(lang))
    explained = f"{explained[:1].upper()}{explained[1:]}."
    say_line(
        lang,
        _("Minimum: to {amount}. {explained}").format(
            amount=result.minimum_to, explained=explained
        ),
    )
    if result.valid is not None:
        if result.valid:
            say_line(lang, _("  valid"))
        else:
            say_line(lang, _("  not valid: complete to {amount}").format(amount=result.complete_to))
    print(articles_text(result.articles))
    return 0


def cmd_calc_button(args: argparse.Namespace) -> int:
    seats = _ints(args.seats, "--seats")
    out = _ints(args.out, "--out")
    sb: int | None = -1
    if args.sb is not None:
        sb = None if args.sb.lower() in ("none", "no", "-") else _ints([args.sb], "--sb")[0]
    result = button_plan(seats, args.button, out, args.hands, small_blind=sb, big_blind=args.bb)
    if args.json:
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
    players = ", ".join(map(str, result.players))
    say_line(lang, _("Players in: seats {players}").format(players=players))
    for h in result.hands:
        sb_text = str(h.small_blind) if h.small_blind is not None else "—"
        tail = f"  — {h.explain(book_lang(lang))} ({articles_text(h.articles)})"
        dead = _(" (empty seat)").text(lang) if h.dead_button else ""
        line = _("  hand {hand}: button {button}{dead}, SB {sb}, BB {bb}").format(
            hand=h.hand, button=h.button, dead=dead, sb=sb_text, bb=h.big_blind
        )
        print(f"{line.text(lang)}{tail}")
    return 0


def cmd_calc_clock(args: argparse.Namespace) -> int:
    result = clock_call(args.granted, 0.0, args.elapsed)
    if args.json:
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
    left = f"{result.seconds_left:.0f}"
    if result.phase == "thinking":
        say_line(
            lang,
            _("Thinking: {left} s left before the 10-second countdown").format(left=left),
        )
    elif result.phase == "countdown":
        say_line(lang, _("Countdown: {left} s — said aloud by the Director").format(left=left))
    else:
        say_line(lang, _("Time is up: the hand is folded"))
    print(articles_text(result.articles))
    return 0


def _help(parser: argparse.ArgumentParser) -> Any:
    def show(args: argparse.Namespace) -> int:
        del args
        parser.print_help()
        return 0

    return show


def register(subparsers: Any) -> None:
    """Add ``calc`` to the command line."""
    fmt = argparse.RawDescriptionHelpFormatter

    calc = subparsers.add_parser(
        "calc",
        help=_("calculators for disputes at the table"),
        description=_(
            "Calculators for rulings; each result cites its articles. See `calc KIND --help`."
        ),
    )
    calc_sub = calc.add_subparsers(
        dest="calc_command", metavar="{sidepots,chips,raise,button,showdown,clock}"
    )
    calc.set_defaults(func=_help(calc))

    sp = calc_sub.add_parser(
        "sidepots",
        help=_("main and side pots, and who wins them (Art. 7.7-7.8)"),
        formatter_class=fmt,
        description=_(
            "Split the pot from each player's total contribution in the hand.\n"
            "Pots are listed in the order they are awarded: the last side pot first (Art. 7.8).\n"
            "Ties split the pot; odd chips go one each from the first winner clockwise from the\n"
            "button (Art. 1.3).\n\n"
            "example:\n  tdconsole calc sidepots 1:Ada=100 2:Bea=300 3:Cid=500 4:Dan=500 \\\n"
            "      --ranking Ada Bea Cid Dan --button 4\n"
            "  tdconsole calc sidepots 2:Ada=600 5:Bea=600 7:Cid=200 --folded Cid \\\n"
            "      --ranking Ada=Bea --button 7 --unit 25"
        ),
    )
    sp.add_argument(
        "players",
        nargs="+",
        metavar=_("[SEAT:]NAME=CHIPS"),
        help=_(
            "each player's total chips put in the pot this hand (seat optional: "
            "default 1, 2, 3… in the order given)"
        ),
    )
    sp.add_argument(
        "--ranking",
        nargs="+",
        metavar=_("GROUP"),
        help=_(
            "the players still in, best hand first; tied players joined by '=' "
            "(e.g. Ada Bea=Cid Dan)"
        ),
    )
    sp.add_argument("--folded", nargs="+", metavar=_("NAME"), help=_("players who folded"))
    sp.add_argument(
        "--button",
        type=int,
        metavar=_("SEAT"),
        help=_("the button's seat, for odd chips (default: the last player's seat)"),
    )
    sp.add_argument(
        "--unit",
        type=int,
        default=25,
        metavar="N",
        help=_("the smallest chip, for splitting (default 25)"),
    )
    sp.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    sp.set_defaults(func=speaks_command_lang(cmd_calc_sidepots))

    ch = calc_sub.add_parser(
        "chips",
        help=_("chips put in without a word: call, raise or completion (Art. 5.5, 6.8)"),
        formatter_class=fmt,
        description=_(
            "What chips pushed into the pot without a declaration amount to.\n"
            "6.8-A exact action; 6.8-B less than the bet: a call to complete; 6.8-C over the bet\n"
            "by no more than half the minimum raise: a call; 6.8-D by more than half: a raise to\n"
            "complete. 5.5: one oversized chip without 'raise' is a call.\n\n"
            "example:\n  tdconsole calc chips --to-call 400 --pushed 525 --bb 200\n"
            "  tdconsole calc chips --to-call 400 --pushed 1000 --bb 200 --single-chip"
        ),
    )
    ch.add_argument(
        "--to-call",
        metavar="N",
        type=int,
        required=True,
        help=_("chips the player must add to call (0: no bet open)"),
    )
    ch.add_argument("--pushed", type=int, metavar="N", required=True, help=_("chips he put in"))
    ch.add_argument(
        "--bb", type=int, metavar="N", help=_("the big blind (the minimum raise of Art. 7.3)")
    )
    ch.add_argument(
        "--min-raise", type=int, metavar="N", help=_("the minimum raise, if not the big blind")
    )
    ch.add_argument("--single-chip", action="store_true", help=_("one chip only (Art. 5.5)"))
    ch.add_argument(
        "--declared-raise",
        action="store_true",
        help=_("he said 'raise' without an amount (Art. 5.5)"),
    )
    ch.add_argument(
        "--stack", type=int, metavar="N", help=_("his chips before pushing (to spot an all-in)")
    )
    ch.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    ch.set_defaults(func=speaks_command_lang(cmd_calc_chips))

    rs = calc_sub.add_parser(
        "raise",
        help=_("the minimum raise under this regulation (Art. 7.3-7.4)"),
        formatter_class=fmt,
        description=_(
            "First raise of a round: at least one big blind over the bet (preflop: to\n"
            "double the big blind). Later raises: no minimum increment. An all-in that raises,\n"
            "even below the minimum, reopens the betting (Art. 7.4).\n\n"
            "example:\n  tdconsole calc raise --bb 200 --to 300\n"
            "  tdconsole calc raise --bb 200 --bet 1000 --raised --to 1025"
        ),
    )
    rs.add_argument("--bb", type=int, metavar="N", required=True, help=_("the big blind"))
    rs.add_argument(
        "--bet",
        metavar="N",
        type=int,
        help=_("the highest total bet in this round (default: the big blind; 0 = none)"),
    )
    rs.add_argument(
        "--raised", action="store_true", help=_("someone has already raised in this round")
    )
    rs.add_argument("--to", type=int, metavar="N", help=_("the proposed raise, as a total"))
    rs.add_argument("--all-in", action="store_true", help=_("the raise is all-in"))
    rs.add_argument(
        "--unit", type=int, metavar="N", default=25, help=_("the smallest chip (default 25)")
    )
    rs.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    rs.set_defaults(func=speaks_command_lang(cmd_calc_raise))

    bt = calc_sub.add_parser(
        "button",
        help=_("button and blinds after eliminations (Art. 2.4-2.5)"),
        formatter_class=fmt,
        description=_(
            "Who has the button and posts the blinds in the next hands.\n"
            "2.4: small blind out: the button stays one hand, then moves. Big blind out: the\n"
            "button advances, the next player posts the big blind directly, no small blind; the\n"
            "hand after, the button stays with both blinds; then it moves again.\n"
            "2.5: heads-up, the button posts the small blind.\n\n"
            "example:\n  tdconsole calc button --seats 1,2,3,4,5,6 --button 1 --out 3"
        ),
    )
    bt.add_argument(
        "--seats",
        metavar=_("SEATS"),
        nargs="+",
        required=True,
        help=_("occupied seats in the hand just played, eliminated players included"),
    )
    bt.add_argument(
        "--button",
        type=int,
        metavar=_("SEAT"),
        required=True,
        help=_("the button's seat in that hand"),
    )
    bt.add_argument("--out", nargs="+", metavar=_("SEATS"), help=_("seats eliminated in that hand"))
    bt.add_argument(
        "--hands", type=int, metavar="N", default=3, help=_("how many hands ahead (default 3)")
    )
    bt.add_argument(
        "--sb",
        metavar=_("SEAT"),
        help=_("small blind seat in that hand, or 'none' (default: normal)"),
    )
    bt.add_argument(
        "--bb", type=int, metavar=_("SEAT"), help=_("big blind seat in that hand (default: normal)")
    )
    bt.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    bt.set_defaults(func=speaks_command_lang(cmd_calc_button))

    register_showdown(calc_sub)

    ck = calc_sub.add_parser(
        "clock",
        help=_("a clock called on a player: time left (Art. 5.4)"),
        formatter_class=fmt,
        description=_(
            "The Director grants 30-60 seconds, then counts the last 10 aloud; no\n"
            "action by then is a fold.\n\nexample:\n"
            "  tdconsole calc clock --granted 45 --elapsed 50"
        ),
    )
    ck.add_argument(
        "--granted", type=float, metavar="S", required=True, help=_("seconds granted (30-60)")
    )
    ck.add_argument(
        "--elapsed",
        type=float,
        metavar="S",
        default=0.0,
        help=_("seconds since the clock was called"),
    )
    ck.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    ck.set_defaults(func=speaks_command_lang(cmd_calc_clock))
