"""The rulings log and sanctions from the command line (Art. VII.1-VII.5, VI.2)."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from tdconsole.cli.common import act, emit_json, named, open_service, said, say
from tdconsole.cli.parsing import cli_name
from tdconsole.domain.rulings import Sanction
from tdconsole.domain.view import rulings_json
from tdconsole.i18n import _, ngettext, pgettext


def cmd_sanction(args: argparse.Namespace) -> int:
    ruling = act(
        args,
        lambda state: Sanction(
            name=named(state, [args.name])[0],
            kind=args.kind,
            orbits=args.orbits,
            reason=args.reason,
        ),
    ).state.rulings[-1]
    name, entry = ruling.players[0], ruling.id
    if args.kind == "warning":
        say(
            args,
            _("{name}: warning recorded as entry {entry} (Art. VI.2)").format(
                name=name, entry=entry
            ),
        )
    elif args.kind == "suspend":
        say(
            args,
            ngettext(
                "{name}: suspension for {n} orbit recorded as entry {entry} (Art. VI.2)",
                "{name}: suspension for {n} orbits recorded as entry {entry} (Art. VI.2)",
                ruling.orbits or 1,
            ).format(name=name, entry=entry),
        )
    else:
        say(
            args,
            _("{name}: disqualification recorded as entry {entry} (Art. VI.2)").format(
                name=name, entry=entry
            ),
        )
    return 0


def cmd_rulings(args: argparse.Namespace) -> int:
    service = open_service(args)
    try:
        rows = rulings_json(service.state)
    finally:
        service.close()
    if args.json:
        emit_json({"rulings": rows})
        return 0
    if not rows:
        say(args, _("no rulings recorded"))
    kinds = {
        None: said(args, pgettext("sanction", "ruling")),
        "warning": said(args, pgettext("sanction", "warning")),
        "suspend": said(args, pgettext("sanction", "suspend")),
        "disqualify": said(args, pgettext("sanction", "disqualify")),
    }
    for row in rows:
        stamp = datetime.fromisoformat(row["at"]).astimezone().strftime("%H:%M")
        where = said(args, _("table {table}").format(table=row["table"])) if row["table"] else "—"
        arts = ", ".join(row["articles"])
        kind = kinds.get(row["sanction"], row["sanction"])
        served = ""
        if row["served"]:
            served = said(args, _(" (served)"))
        elif row["served"] is False:
            served = said(args, _(" (to serve)"))
        who = ", ".join(row["players"])
        print(f"{row['id']:>3}  {stamp}  {where:<8} {kind}{served}  [{arts}]  {who}: {row['text']}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        cli_name("Sanction"), help=_("warning, suspension of 1-2 orbits, disqualification (VI.2)")
    )
    p.set_defaults(func=cmd_sanction)
    p.add_argument("name", metavar=_("NAME"))
    p.add_argument("kind", choices=("warning", "suspend", "disqualify"))
    p.add_argument("--orbits", type=int, choices=(1, 2))
    p.add_argument("--reason", required=True, metavar=_("TEXT"))

    p = sub.add_parser("rulings", help=_("the rulings log and sanctions"))
    p.set_defaults(func=cmd_rulings)
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
