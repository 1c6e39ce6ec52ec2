"""``export`` (the event as one JSON document) and ``import`` (a new event file from one).

Their messages follow ``--lang``, else the event's language, else Italian, like every command.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tdconsole.cli.common import event_path, say
from tdconsole.cli.data_cmds import FORCE_HELP, follow_event_language, new_event_path
from tdconsole.cli.opened import open_service
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _, ngettext
from tdconsole.store.eventstore import EventStore
from tdconsole.store.output import check_event_target, check_target, write_new
from tdconsole.store.paths import remember_event
from tdconsole.store.transfer import brings_pins, export_document, import_document, read_document


def _check_director(args: argparse.Namespace) -> None:
    """``export --with-pins`` is the Director's (``--as`` anyone else: refused)."""
    service = open_service(args)
    try:
        if service.role != "director":
            raise RuleError(
                _("only the Director may export the PINs' hashes: export without --with-pins"),
                "VII.1",
            )
    finally:
        service.close()


def cmd_export(args: argparse.Namespace) -> int:
    path = event_path(args)
    to_file = bool(args.output) and args.output != "-"
    target = Path(os.path.expanduser(args.output)) if to_file else None  # ~nobody: as typed
    if target is not None:
        follow_event_language(args, path)
        check_target(target, force=args.force, protect=path)  # refused before the work
    if args.with_pins:
        _check_director(args)
    store = EventStore(path)
    try:
        document = export_document(store, with_pins=args.with_pins)
    finally:
        store.close()
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if target is None:
        sys.stdout.write(text)
        return 0
    target = write_new(target, text.encode("utf-8"), force=args.force, protect=path)
    count, name = len(document["events"]), document["name"]
    say(
        args,
        ngettext(
            "exported {n} event of {name!r} to {target}",
            "exported {n} events of {name!r} to {target}",
            count,
        ).format(name=name, target=target),
    )
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    source = Path(os.path.expanduser(args.file))
    target = new_event_path(args.to)
    check_event_target(target, force=args.force)  # refused before the file is read
    document = read_document(source)
    count = import_document(document, target, source=str(source), force=args.force)
    remember_event(target)
    follow_event_language(args, target)
    say(
        args,
        ngettext(
            "imported {n} event into {target}", "imported {n} events into {target}", count
        ).format(target=target),
    )
    if brings_pins(document):
        say(
            args,
            _(
                "the PINs came with it (an export made with --with-pins): the phones sign in "
                "with the PINs of the event it was exported from"
            ),
        )
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("export", help=_("the event as one JSON document (every event of the log)"))
    p.add_argument("-o", "--output", metavar=_("FILE"), help=_("write to FILE (default: stdout)"))
    p.add_argument("--force", action="store_true", help=FORCE_HELP)
    p.add_argument(
        "--with-pins",
        action="store_true",
        help=_("keep the PINs' salted hashes in the export (the Director only; Art. VII.1)"),
    )
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "import", help=_("create a new event file from an export (never replaces an event)")
    )
    p.add_argument("file", metavar=_("FILE"), help=_("the exported JSON"))
    p.add_argument("--to", required=True, metavar=_("PATH"), help=_("the new event file"))
    p.add_argument("--force", action="store_true", help=FORCE_HELP)
    p.set_defaults(func=cmd_import)
