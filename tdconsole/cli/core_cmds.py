"""Commands of the core that change the event: its creation, registration, the draw, the start,
the settings, undo and redo."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import (
    act,
    lang,
    open_service,
    parse_assignments,
    say,
    warn,
)
from tdconsole.cli.parsing import Parser, cli_name
from tdconsole.domain.access import PIN_KEYS, pin_problems
from tdconsole.domain.registration import (
    ChangeSettings,
    Register,
    require_player,
)
from tdconsole.domain.summaries import summary_text
from tdconsole.event_files import new_event, read_event
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.store.settings_file import load_settings

if TYPE_CHECKING:
    pass


def cmd_new(args: argparse.Namespace) -> int:
    settings = load_settings(Path(args.config) if args.config else None)
    args.event_lang = settings.language
    path = new_event(args.path, settings, name=args.name, actor=args.actor)
    name = read_event(path).name
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
    warn(args, service)
    return 0


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
    if any(key.strip() in PIN_KEYS for key, _value in pairs):
        # Enough for the views on this machine; the Wi-Fi needs more (``serve`` refuses).
        for _key, problem in pin_problems(service.state):
            warning = _(
                "{problem}; enough on this machine alone, but `serve` beyond it (--host, "
                "--public-url) refuses it until the Director sets another (docs/floor.md)"
            ).format(problem=problem)
            sys.stderr.write(f"warning: {warning.text(lang(args))}\n")
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


def register(sub: Any) -> None:
    def add(name: str, func: Any, help: Msg, **kw: Any) -> Parser:
        parser: Parser = sub.add_parser(name, help=help, description=help, **kw)
        parser.set_defaults(func=func)
        return parser

    p = add(
        cli_name("CreateEvent"),
        cmd_new,
        _("create an event (a bare NAME lives in the data folder)"),
    )
    p.add_argument("path", metavar=_("PATH"))
    p.add_argument(
        "--config", metavar=_("FILE"), help=_("settings file (default: the shipped ordine.toml)")
    )
    p.add_argument(
        "--name", metavar=_("TEXT"), help=_("the event's name (default: the file's name)")
    )

    p = add(
        cli_name("Register"), cmd_register, _("register players; past the cap they wait (Art. I.1)")
    )
    p.add_argument("names", metavar=_("NAME"), nargs="+")

    p = add(
        cli_name("ChangeSettings"),
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
