"""Commands that read the event and change nothing: its state, prizes, history, tables and
standings, each also as one JSON document (``--json``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from tdconsole.cli.cash_cmds import refund_said
from tdconsole.cli.common import chips_text, emit_json, lang, said, say
from tdconsole.cli.opened import open_service
from tdconsole.domain.acting import Who, label_text, role_of
from tdconsole.domain.events import CommandNoted, Redone, Undone
from tdconsole.domain.fold import History
from tdconsole.domain.numbers import money_said, money_shown
from tdconsole.domain.read_model import (
    paid_beyond_the_table,
    payouts,
    results,
    state_view,
    to_json,
)
from tdconsole.domain.slices.withdraw import FeeRefunded, side_effect_said
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.texts import one_line
from tdconsole.domain.words import phase_word
from tdconsole.i18n import _, ngettext, pgettext


def cmd_state(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        view = state_view(service.state, service.now())
        copy = service.copy()
        moved, elsewhere = service.moved(), service.elsewhere()
    finally:
        service.close()
    if args.json:
        emit_json(
            {
                **to_json(view),
                "copy": None if copy is None else copy.to_json(),
                "moved": None if moved is None else moved.to_json(),
            }
        )
        return 0
    if elsewhere is not None:
        say(args, elsewhere.said)
    print(f"{view.name} — {said(args, phase_word(view.phase))}")
    pool = money_shown(view.prize_pool, view.currency)
    say(
        args,
        ngettext(
            "in play {in_play} / {n} entrant · prize pool {pool}",
            "in play {in_play} / {n} entrants · prize pool {pool}",
            view.entrants,
        ).format(in_play=view.in_play, pool=pool),
    )
    if view.chips_in_play:
        chips, average = chips_text(view.chips_in_play), chips_text(view.average_stack)
        say(
            args,
            _("chips in play {chips} · average stack {average}").format(
                chips=chips, average=average
            ),
        )
    if copy is not None:
        say(args, copy.said())
    if view.final_due:
        say(args, _("the final is due: nine or fewer are in (Art. IV.2) — `final --count ...`"))
    for table in view.tables:
        if table.open and table.must_close:
            say(
                args,
                _("table {table} must close (Art. IV.4) — `close {table} --plan`").format(
                    table=table.number
                ),
            )
    return 0


def cmd_payouts(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        rows = payouts(service.state)
        beyond = paid_beyond_the_table(rows, results(service.state))
        pool = service.state.prize_pool
        currency = service.state.settings.currency
    finally:
        service.close()
    if args.json:
        emit_json({"prize_pool": str(pool), "payouts": to_json(rows)})
        return 0
    say(
        args,
        _("prize pool {pool} {currency} (Art. V.1)").format(
            pool=money_said(pool), currency=currency
        ),
    )
    # Beside a name, what that player receives and the place he shows (a tie: the shared
    # one, V.1); the place's own amount stays in its column.
    for row in rows:
        who = ""
        if row.player:
            prize = said(args, _("DQ")) if row.disqualified else money_shown(row.prize, currency)
            who = f"  {row.player}  {prize}"
        amount = money_shown(row.amount)
        mark = "=" if row.tied else "."
        place = row.player_place or row.place
        print(f"{place:>3}{mark}  {row.percent:>6}%  {amount:>8} {currency}{who}")
    for tied in beyond:  # tied with a paid place's holder: they share its prize (V.1)
        blank = f"{'':>7}  {'':>8} {'':<{len(currency)}}"
        print(f"{tied.place:>3}=  {blank}  {tied.player}  {money_shown(tied.prize, currency)}")
    return 0


def who_json(who: Who, director: str, former: Iterable[str]) -> dict[str, Any]:
    """Who made an entry, as the log's JSON gives it beside ``actor``: the role he acted in
    (an older log's label read as its text says, against every Director the log named) and
    the phone he used, if any."""
    return {"role": role_of(who, director, former), "via": who.via}


def of_command(body: Undone | Redone, history: History) -> str:
    """What an undo or a redo names: its command's summary (kept as data) when the two agree."""
    known = history.summaries.get(body.command)
    return known if known is not None and known == body.summary else body.summary


def cmd_log(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        records = service.log()
        history = service.history
        currency = service.state.settings.currency
        director = service.state.settings.director
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
                        **who_json(history.who(r), director, history.directors),
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
        actor = label_text(history.who(r), language)
        if isinstance(r.body, CommandNoted):
            mark = "" if r.command in active else undone_mark
            summary = summary_text(r.body.said(), language)
            print(f"{r.seq:>5}  {stamp}  {actor}: {summary}{mark}")
        elif isinstance(r.body, FeeRefunded):  # what a withdrawal gave back (the cash)
            mark = "" if r.command in active else undone_mark
            print(f"{r.seq:>5}  {stamp}  {actor}: {refund_said(args, r.body, currency)}{mark}")
        elif (moved := side_effect_said(r.body)) is not None:  # the waiting list (I.1)
            mark = "" if r.command in active else undone_mark
            print(f"{r.seq:>5}  {stamp}  {actor}: {said(args, moved)}{mark}")
        elif isinstance(r.body, Undone):
            reason = f" — {one_line(r.body.reason)}" if r.body.reason else ""
            summary = summary_text(of_command(r.body, history), language)
            print(f"{r.seq:>5}  {stamp}  {actor}: {undo_word} «{summary}»{reason}")
        elif isinstance(r.body, Redone):
            summary = summary_text(of_command(r.body, history), language)
            print(f"{r.seq:>5}  {stamp}  {actor}: {redo_word} «{summary}»")
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    """Every open table as it sits: what a player may ask before acting (Art. VII.7)."""

    service = open_service(args)
    try:
        view = state_view(service.state, service.now())
    finally:
        service.close()
    tables = [t for t in view.tables if t.open]
    if args.json:
        emit_json({"tables": to_json(tables)})
        return 0
    players = {p.name: p for p in view.players}
    for table in tables:
        label = _("final table") if table.final else _("table {table}").format(table=table.number)
        closing = said(args, _(" · MUST CLOSE (Art. IV.4)")) if table.must_close else ""
        say(
            args,
            _(
                "{label} {suit} · {players} in · chips {chips} · second stack now {dote}{closing}"
            ).format(
                label=label,
                suit=table.suit,
                players=table.players_in,
                chips=chips_text(table.chips),
                dote=chips_text(table.second_stack_now),
                closing=closing,
            ),
        )
        for seat in table.seats:
            if seat.player is None:
                continue
            player = players[seat.player]
            button = " D" if seat.seat == table.button else "  "
            taken = (
                said(
                    args,
                    _("  second stack {chips}").format(chips=chips_text(player.second_stack)),
                )
                if player.second_stack is not None
                else ""
            )
            print(
                f"  {seat.seat:>2} {seat.card:<4}{button} {seat.player:<28} "
                f"{chips_text(player.chips):>9}{taken}"
            )
    say(args, _("D = button; second stack = taken (Art. VII.7)"))
    return 0


STANDING_KEYS = ("place", "tied", "name", "status", "table", "seat", "chips", "prize")
"""A standing's keys in ``standings --json`` (docs/cli.md)."""


def cmd_standings(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        view = state_view(service.state, service.now())
    finally:
        service.close()
    players = [p for p in view.players if p.status in ("in", "out", "disqualified")]
    players.sort(
        key=lambda p: (
            p.place is None and p.status != "in",
            p.place if p.place is not None else 0,
            -(p.chips or 0),
        )
    )
    if args.json:
        emit_json(
            {
                "phase": view.phase,
                "prize_pool": to_json(view.prize_pool),
                "standings": [{k: to_json(getattr(p, k)) for k in STANDING_KEYS} for p in players],
            }
        )
        return 0
    if not players:
        say(
            args,
            _("no standings yet: players enter them at the seat draw (Art. II.2) — `draw`"),
        )
        return 0
    disqualified = said(args, _("DQ"))
    still_in = said(args, pgettext("standings", "in"))
    finals = {t.number for t in view.tables if t.final}
    for p in players:
        if p.status == "in" and p.place is None:
            where = ""
            if p.table in finals:
                where = said(args, _("final table seat {seat}").format(seat=p.seat))
            elif p.table:
                where = said(
                    args, _("table {table} seat {seat}").format(table=p.table, seat=p.seat)
                )
            print(f"  {still_in:<4} {p.name:<32} {chips_text(p.chips):>10}  {where}")
        elif p.status == "disqualified":
            # He keeps the place at which he left, without a prize (rules.md, VI.2).
            place = p.place if p.place is not None else ""
            print(f"{place:>4}   {p.name:<32} {disqualified}")
        else:
            tie = "=" if p.tied else " "
            prize = money_shown(p.prize, view.currency)
            print(f"{p.place:>4}{tie}  {p.name:<32} {prize}")
    return 0


def register(sub: Any) -> None:
    for name, func, text in (
        ("state", cmd_state, _("the event's state")),
        ("payouts", cmd_payouts, _("the prize pool and prizes (Art. V.1)")),
        ("log", cmd_log, _("the event's history")),
        ("standings", cmd_standings, _("places, names, prizes, who is still in")),
        ("tables", cmd_tables, _("every open table: seats, chips, second stacks (Art. VII.7)")),
    ):
        p = sub.add_parser(name, help=text, description=text)
        p.set_defaults(func=func)
        p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
