"""Commands of the core: the event, registration, the draw, the start, undo, reading."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tdconsole.cli.cash_cmds import refund_lines, refund_said
from tdconsole.cli.common import (
    act,
    chips_text,
    emit_json,
    lang,
    named,
    open_service,
    parse_assignments,
    said,
    say,
)
from tdconsole.cli.parsing import Parser
from tdconsole.domain.access import PIN_KEYS
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import CommandNoted, Redone, Undone
from tdconsole.domain.numbers import money_said, whole_number
from tdconsole.domain.registration import (
    ChangeSettings,
    FeeRefunded,
    Pay,
    PlayerWithdrawn,
    Register,
    Withdraw,
    require_player,
)
from tdconsole.domain.seating import Draw, plan_tables
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.texts import one_line
from tdconsole.domain.view import paid_beyond_the_table, payouts_json, results_json, state_json
from tdconsole.domain.words import phase_word
from tdconsole.i18n import Msg, _, ngettext, pgettext
from tdconsole.i18n import say as say_in
from tdconsole.service import Tournament
from tdconsole.store.paths import remember_event, resolve_event_path
from tdconsole.store.settings_file import load_settings


def cmd_new(args: argparse.Namespace) -> int:
    settings = load_settings(Path(args.config) if args.config else None)
    args.event_lang = settings.language
    path = resolve_event_path(args.path)
    service = Tournament.create(path, args.name or path.stem, settings, actor=args.actor)
    service.close()
    remember_event(path)
    name = service.state.name
    say(args, _("created {name} at {path}").format(name=name, path=path))
    return 0


def cmd_register(args: argparse.Namespace) -> int:
    service = act(args, Register(names=args.names))
    for raw in args.names:
        player = require_player(service.state, raw)
        if player.status == "waitlisted":
            say(args, _("{name}: waiting list").format(name=player.name))
        else:
            say(args, _("{name}: registered").format(name=player.name))
    return 0


def cmd_withdraw(args: argparse.Namespace) -> int:
    service = act(args, lambda state: Withdraw(name=named(state, [args.name])[0]))
    bodies = [r.body for r in service.last_records]
    body = next(b for b in bodies if isinstance(b, PlayerWithdrawn))
    say(args, _("{name}: withdrawn").format(name=body.name))
    for refund in (b for b in bodies if isinstance(b, FeeRefunded)):
        for line in refund_lines(refund, service.state):
            say(args, line)
    if body.promoted:
        say(
            args,
            _("{name}: moves up from the waiting list (Art. I.1)").format(name=body.promoted),
        )
    return 0


def cmd_pay(args: argparse.Namespace) -> int:
    service = act(args, lambda state: Pay(names=named(state, args.names), food=args.food))
    fee = service.state.settings.registration
    amount = fee.food_fee if args.food else fee.entry_fee
    money = money_said(amount, service.state.settings.currency)
    for raw in args.names:
        name = require_player(service.state, raw).name
        if args.food:
            say(args, _("{name}: food contribution paid ({money})").format(name=name, money=money))
        else:
            say(args, _("{name}: entry fee paid ({money})").format(name=name, money=money))
    return 0


def cmd_draw(args: argparse.Namespace) -> int:
    service = act(args, Draw(tables=args.tables, seed=args.seed))
    drawn = service.last_records[-1].body
    warning = getattr(drawn, "warning", None)
    state = service.state
    if warning:
        seated = sum(len(state.players_at(t)) for t in state.open_tables())
        plan = plan_tables(seated, state.settings.seating, args.tables)
        # The plan's warning in the console's language (the record keeps the English).
        shown = say_in(plan.warning or warning, lang(args))
        sys.stderr.write(f"warning: {shown}\n")
    seat_word = said(args, _("seat"))
    for table in state.open_tables():
        label = _("final table") if table.final else _("table {table}").format(table=table.number)
        say(
            args,
            ngettext(
                "{label} ({suit}): {n} player",
                "{label} ({suit}): {n} players",
                len(state.players_at(table)),
            ).format(label=label, suit=table.suit),
        )
        for seat in table.seats:
            if seat.player:
                name = state.players[seat.player].name
                print(f"  {seat_word} {seat.number:>2}  {seat.card:<4} {name}")
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    # lazy: the play's models are 14 ms of every other core command's start-up (`state`, `log`…)
    from tdconsole.domain.play import Start

    service = act(
        args,
        Start(
            stack=args.stack,
            big_blind=args.bb,
            first_minutes=args.first_minutes,
            second_big_blind=args.second_bb,
            minutes=args.minutes,
            breaks=_breaks(args.breaks or []),
        ),
    )
    state = service.state
    say(
        args,
        ngettext(
            "started: {n} player, stack {stack}, phase {phase}; "
            "the clock is stopped at level 1 (`clock start`)",
            "started: {n} players, stack {stack}, phase {phase}; "
            "the clock is stopped at level 1 (`clock start`)",
            state.in_play,
        ).format(stack=chips_text(state.stack), phase=phase_word(state.phase)),
    )
    return 0


def _breaks(items: list[str]) -> dict[int, int]:
    """``LEVEL=MINUTES`` words: a break of MINUTES after LEVEL."""
    out: dict[int, int] = {}
    for level, minutes in parse_assignments(items, _("LEVEL=MINUTES")):
        try:
            out[whole_number(level, _("level"))] = whole_number(minutes, _("minutes"))
        except RuleError:
            raise RuleError(
                _("{level}={minutes}: write a break as LEVEL=MINUTES, e.g. 2=15").format(
                    level=level, minutes=minutes
                ),
            ) from None
    return out


def cmd_set(args: argparse.Namespace) -> int:
    pairs = parse_assignments(args.assignments, _("KEY=VALUE"), at_first=True)
    service = act(args, ChangeSettings(assignments=pairs))
    flat = service.state.settings.flat()
    for key, _value in pairs:
        if key.strip() in PIN_KEYS:  # a PIN is never printed, only whether there is one
            now_set = PIN_KEYS[key.strip()] in service.state.pins
            said_value = pgettext("pin", "set") if now_set else pgettext("pin", "none")
            say(args, _("{key} = {value}").format(key=key.strip(), value=said_value))
            continue
        print(f"{key} = {flat[key]}")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        # What is named is what is undone: the command read now, or nothing if another
        # terminal changes the log before the undo is written (``undo(expected=…)``).
        last = service.last_action()
        summary = service.undo(args.reason or "", expected=last.command if last else None)
    finally:
        service.close()
    owner = last.actor if last is not None else ""
    say(
        args,
        _("undone: {summary} ({owner}'s action)").format(
            summary=summary_text(summary, lang(args)), owner=owner
        ),
    )
    return 0


def cmd_redo(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        summary = service.redo()
    finally:
        service.close()
    say(args, _("redone: {summary}").format(summary=summary_text(summary, lang(args))))
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        document = state_json(service.state, service.now())
    finally:
        service.close()
    if args.json:
        emit_json(document)
        return 0
    phase = document["phase"]
    print(f"{document['name']} — {said(args, phase_word(phase))}")
    in_play, entrants = document["in_play"], document["entrants"]
    pool = money_said(document["prize_pool"], document["currency"])
    say(
        args,
        ngettext(
            "in play {in_play} / {n} entrant · prize pool {pool}",
            "in play {in_play} / {n} entrants · prize pool {pool}",
            entrants,
        ).format(in_play=in_play, pool=pool),
    )
    if document["chips_in_play"]:
        chips, average = (
            chips_text(document["chips_in_play"]),
            chips_text(document["average_stack"]),
        )
        say(
            args,
            _("chips in play {chips} · average stack {average}").format(
                chips=chips, average=average
            ),
        )
    if document["final_due"]:
        say(args, _("the final is due: nine or fewer are in (Art. IV.2) — `final --count ...`"))
    for table in document["tables"]:
        if table["open"] and table["must_close"]:
            number = table["number"]
            say(
                args,
                _("table {table} must close (Art. IV.4) — `close {table} --plan`").format(
                    table=number
                ),
            )
    return 0


def cmd_payouts(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        rows = payouts_json(service.state)
        beyond = paid_beyond_the_table(rows, results_json(service.state))
        pool = service.state.prize_pool
        currency = service.state.settings.currency
    finally:
        service.close()
    if args.json:
        emit_json({"prize_pool": str(pool), "payouts": rows})
        return 0
    say(
        args,
        _("prize pool {pool} {currency} (Art. V.1)").format(
            pool=money_said(pool), currency=currency
        ),
    )
    for row in rows:
        who = f"  {row['player']}" if row["player"] else ""
        if row.get("disqualified"):
            who += "  " + said(args, _("DQ"))
        amount = money_said(row["amount"])
        mark = "=" if row["tied"] else "."
        print(f"{row['place']:>3}{mark}  {row['percent']:>6}%  {amount:>8} {currency}{who}")
    for tied in beyond:  # tied with a paid place's holder: they share its prize (V.1)
        print(f"{tied['place']:>3}=  {'':>7}  {'':>8} {'':<{len(currency)}}  {tied['player']}")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        records = service.log()
        history = service.history
        currency = service.state.settings.currency
    finally:
        service.close()
    active = set(history.active)
    language = lang(args)
    if args.json:
        emit_json(
            {
                "events": [
                    {
                        "seq": r.seq,
                        "command": r.command,
                        "type": r.type,
                        "at": r.at.isoformat(),
                        "actor": r.actor,
                        "data": r.body.payload(),
                        "undone": r.command not in active
                        and not isinstance(r.body, (Undone, Redone)),
                    }
                    for r in records
                ]
            }
        )
        return 0
    undone_mark = said(args, _("  [undone]"))
    undo_word, redo_word = said(args, pgettext("log", "undo")), said(args, pgettext("log", "redo"))
    # One line per entry: a reason's line breaks are shown as ⏎, never as a new entry.
    for r in records:
        stamp = r.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        if isinstance(r.body, CommandNoted):
            mark = "" if r.command in active else undone_mark
            summary = summary_text(r.body.summary, language)
            print(f"{r.seq:>5}  {stamp}  {r.actor}: {summary}{mark}")
        elif isinstance(r.body, FeeRefunded):  # what a withdrawal gave back (the cash)
            mark = "" if r.command in active else undone_mark
            print(f"{r.seq:>5}  {stamp}  {r.actor}: {refund_said(args, r.body, currency)}{mark}")
        elif isinstance(r.body, Undone):
            reason = f" — {one_line(r.body.reason)}" if r.body.reason else ""
            summary = summary_text(r.body.summary, language)
            print(f"{r.seq:>5}  {stamp}  {r.actor}: {undo_word} «{summary}»{reason}")
        elif isinstance(r.body, Redone):
            summary = summary_text(r.body.summary, language)
            print(f"{r.seq:>5}  {stamp}  {r.actor}: {redo_word} «{summary}»")
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    """Every open table as it sits: what a player may ask before acting (Art. VII.7)."""

    service = open_service(args)
    try:
        document = state_json(service.state, service.now())
    finally:
        service.close()
    tables = [t for t in document["tables"] if t["open"]]
    if args.json:
        emit_json({"tables": tables})
        return 0
    players = {p["name"]: p for p in document["players"]}
    for table in tables:
        label = (
            _("final table") if table["final"] else _("table {table}").format(table=table["number"])
        )
        closing = said(args, _(" · MUST CLOSE (Art. IV.4)")) if table["must_close"] else ""
        say(
            args,
            _(
                "{label} {suit} · {players} in · chips {chips} · second stack now {dote}{closing}"
            ).format(
                label=label,
                suit=table["suit"],
                players=table["players_in"],
                chips=chips_text(table["chips"]),
                dote=chips_text(table["second_stack_now"]),
                closing=closing,
            ),
        )
        for seat in table["seats"]:
            if seat["player"] is None:
                continue
            player = players[seat["player"]]
            button = " D" if seat["seat"] == table["button"] else "  "
            taken = (
                said(
                    args,
                    _("  second stack {chips}").format(chips=chips_text(player["second_stack"])),
                )
                if player["second_stack"] is not None
                else ""
            )
            print(
                f"  {seat['seat']:>2} {seat['card']:<4}{button} {seat['player']:<28} "
                f"{chips_text(player['chips']):>9}{taken}"
            )
    say(args, _("D = button; second stack = taken (Art. VII.7)"))
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        document = state_json(service.state, service.now())
    finally:
        service.close()
    players = [p for p in document["players"] if p["status"] in ("in", "out", "disqualified")]
    players.sort(
        key=lambda p: (
            p["place"] is None and p["status"] != "in",
            p["place"] if p["place"] is not None else 0,
            -(p["chips"] or 0),
        )
    )
    if args.json:
        emit_json(
            {
                "phase": document["phase"],
                "prize_pool": document["prize_pool"],
                "standings": [
                    {
                        k: p[k]
                        for k in (
                            "place",
                            "tied",
                            "name",
                            "status",
                            "table",
                            "seat",
                            "chips",
                            "prize",
                        )
                    }
                    for p in players
                ],
            }
        )
        return 0
    if not players:
        say(
            args,
            _("no standings yet: players enter them at the seat draw (Art. II.2) — `draw`"),
        )
        return 0
    currency = document["currency"]
    disqualified = said(args, _("DQ"))
    still_in = said(args, pgettext("standings", "in"))
    finals = {t["number"] for t in document["tables"] if t["final"]}
    for p in players:
        if p["status"] == "in" and p["place"] is None:
            where = ""
            if p["table"] in finals:
                where = said(args, _("final table seat {seat}").format(seat=p["seat"]))
            elif p["table"]:
                where = said(
                    args, _("table {table} seat {seat}").format(table=p["table"], seat=p["seat"])
                )
            print(f"  {still_in:<4} {p['name']:<32} {chips_text(p['chips']):>10}  {where}")
        elif p["status"] == "disqualified":
            # He keeps the place at which he left, without a prize (rules.md, VI.2).
            place = p["place"] if p["place"] is not None else ""
            print(f"{place:>4}   {p['name']:<32} {disqualified}")
        else:
            tie = "=" if p["tied"] else " "
            prize = money_said(p["prize"], currency) if p["prize"] else ""
            print(f"{p['place']:>4}{tie}  {p['name']:<32} {prize}")
    return 0


def register(sub: Any) -> None:
    def add(name: str, func: Any, help: Msg, **kw: Any) -> Parser:
        parser: Parser = sub.add_parser(name, help=help, description=help, **kw)
        parser.set_defaults(func=func)
        return parser

    p = add("new", cmd_new, _("create an event (a bare NAME lives in the data folder)"))
    p.add_argument("path", metavar=_("PATH"))
    p.add_argument(
        "--config", metavar=_("FILE"), help=_("settings file (default: the shipped ordine.toml)")
    )
    p.add_argument(
        "--name", metavar=_("TEXT"), help=_("the event's name (default: the file's name)")
    )

    p = add("register", cmd_register, _("register players; past the cap they wait (Art. I.1)"))
    p.add_argument("names", metavar=_("NAME"), nargs="+")
    p = add("withdraw", cmd_withdraw, _("withdraw a player before the draw (Art. I.1)"))
    p.add_argument("name", metavar=_("NAME"))
    p = add(
        "pay", cmd_pay, _("record the entry fee, or with --food the food contribution (Art. I.2)")
    )
    p.add_argument("names", metavar=_("NAME"), nargs="+")
    p.add_argument(
        "--food", action="store_true", help=_("the food contribution instead of the fee")
    )

    p = add("draw", cmd_draw, _("draw the seats by cards (Art. II.1-II.4); closes registration"))
    p.add_argument(
        "--tables", type=int, metavar="K", help=_("number of tables (default: fewest of 6-8)")
    )
    p.add_argument("--seed", type=int, metavar="N", help=_("reproducible draw"))

    p = add("start", cmd_start, _("set the stack and blinds and start (Art. III.1, III.5)"))
    p.add_argument("--stack", type=int, required=True, metavar="S", help=_("starting stack"))
    p.add_argument("--bb", type=int, required=True, metavar="B", help=_("first big blind"))
    p.add_argument("--first-minutes", type=int, metavar="T1", help=_("length of level 1"))
    p.add_argument("--second-bb", type=int, metavar="B2", help=_("big blind of level 2"))
    p.add_argument("--minutes", type=int, metavar="T2", help=_("length of later levels"))
    p.add_argument(
        "--break",
        dest="breaks",
        action="append",
        metavar=_("LEVEL=MINUTES"),
        help=_("a break of MINUTES after LEVEL (repeatable), e.g. --break 2=15"),
    )

    p = add(
        "set",
        cmd_set,
        _(
            "change settings, e.g. table_seats=11, or the served views' floor_pin / "
            "director_pin (Director only, logged; a PIN only as a salted hash)"
        ),
    )
    p.add_argument("assignments", metavar=_("KEY=VALUE"), nargs="+")

    p = add("undo", cmd_undo, _("cancel the whole last command (nothing is deleted)"))
    p.add_argument("--reason", metavar=_("TEXT"))
    add("redo", cmd_redo, _("restore what the last undo cancelled"))

    for name, func, text in (
        ("state", cmd_state, _("the event's state")),
        ("payouts", cmd_payouts, _("the prize pool and prizes (Art. V.1)")),
        ("log", cmd_log, _("the event's history")),
        ("standings", cmd_standings, _("places, names, prizes, who is still in")),
        ("tables", cmd_tables, _("every open table: seats, chips, second stacks (Art. VII.7)")),
    ):
        p = add(name, func, text)
        p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
