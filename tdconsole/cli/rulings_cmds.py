"""The rulings log from the command line (Art. VII.1-VII.5; a sanction: ``slices.sanction``)."""

from __future__ import annotations

import argparse
from datetime import datetime
from typing import Any

from tdconsole.cli.common import emit_json, said, say
from tdconsole.cli.opened import open_service
from tdconsole.domain.view import rulings_json
from tdconsole.i18n import _, pgettext


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
    p = sub.add_parser("rulings", help=_("the rulings log and sanctions"))
    p.set_defaults(func=cmd_rulings)
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
