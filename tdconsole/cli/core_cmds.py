"""Commands of the core that change the event: undo and redo."""

from __future__ import annotations

import argparse
from typing import Any

from tdconsole.cli.common import lang, say
from tdconsole.cli.opened import open_service
from tdconsole.cli.parsing import Parser
from tdconsole.domain.summaries import summary_text
from tdconsole.i18n import Msg, _


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

    p = add("undo", cmd_undo, _("cancel the whole last command (nothing is deleted)"))
    p.add_argument("--reason", metavar=_("TEXT"))
    add("redo", cmd_redo, _("restore what the last undo cancelled"))
