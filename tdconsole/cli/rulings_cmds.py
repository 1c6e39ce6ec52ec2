"""The rulings log and sanctions from the command line (Art. VII.1-VII.5, VI.2)."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from tdconsole.cli.common import emit_json, open_service


def cmd_ruling(args: argparse.Namespace) -> int:
    from tdconsole.domain.rulings import RecordRuling

    articles = [a for a in (args.articles or "").split(",") if a.strip()]
    service = open_service(args)
    try:
        service.execute(
            RecordRuling(
                table=args.table, players=args.players or [], articles=articles, text=args.text
            )
        )
        ruling = service.state.rulings[-1]
    finally:
        service.close()
    cited = ", ".join(f"Art. {a}" for a in ruling.articles) or "no article cited"
    print(f"ruling {ruling.id} recorded ({cited})")
    return 0


def cmd_sanction(args: argparse.Namespace) -> int:
    from tdconsole.domain.rulings import Sanction

    service = open_service(args)
    try:
        service.execute(
            Sanction(name=args.name, kind=args.kind, orbits=args.orbits, reason=args.reason)
        )
        ruling = service.state.rulings[-1]
    finally:
        service.close()
    what = {
        "warning": "warning",
        "suspend": f"suspension for {ruling.orbits} orbit(s)",
        "disqualify": "disqualification",
    }[args.kind]
    print(f"{ruling.players[0]}: {what} recorded as entry {ruling.id} (Art. VI.2)")
    return 0


def cmd_served(args: argparse.Namespace) -> int:
    from tdconsole.domain.rulings import MarkServed

    service = open_service(args)
    try:
        service.execute(MarkServed(ruling=args.id))
        ruling = service.state.rulings[args.id - 1]
    finally:
        service.close()
    print(f"{ruling.players[0]}: suspension served (Art. VI.2)")
    return 0


def cmd_rulings(args: argparse.Namespace) -> int:
    from tdconsole.domain.view import rulings_json

    service = open_service(args)
    try:
        rows = rulings_json(service.state)
    finally:
        service.close()
    if args.json:
        emit_json({"rulings": rows})
        return 0
    if not rows:
        print("no rulings recorded")
    for row in rows:
        stamp = datetime.fromisoformat(row["at"]).astimezone().strftime("%H:%M")
        where = f"table {row['table']}" if row["table"] else "—"
        arts = ", ".join(row["articles"])
        kind = row["sanction"] or "ruling"
        served = " (served)" if row["served"] else (" (to serve)" if row["served"] is False else "")
        who = ", ".join(row["players"])
        print(f"{row['id']:>3}  {stamp}  {where:<8} {kind}{served}  [{arts}]  {who}: {row['text']}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("ruling", help="record a Director's ruling (Art. VII.1-VII.3)")
    p.set_defaults(func=cmd_ruling)
    p.add_argument("--table", type=int, metavar="N")
    p.add_argument("--articles", metavar="A,B", help="articles cited, e.g. 7.7,7.8")
    p.add_argument("--players", nargs="+", metavar="NAME")
    p.add_argument("--text", required=True, metavar="TEXT", help="the decision")

    p = sub.add_parser(
        "sanction", help="warning, suspension of 1-2 orbits, disqualification (VI.2)"
    )
    p.set_defaults(func=cmd_sanction)
    p.add_argument("name", metavar="NAME")
    p.add_argument("kind", choices=("warning", "suspend", "disqualify"))
    p.add_argument("--orbits", type=int, choices=(1, 2))
    p.add_argument("--reason", required=True, metavar="TEXT")

    p = sub.add_parser("served", help="mark a suspension served (its entry number in `rulings`)")
    p.set_defaults(func=cmd_served)
    p.add_argument("id", type=int, metavar="ENTRY")

    p = sub.add_parser("rulings", help="the rulings log and sanctions")
    p.set_defaults(func=cmd_rulings)
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
