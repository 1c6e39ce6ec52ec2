"""Commands of the core that change the event: the start, undo and redo."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import (
    act,
    chips_text,
    lang,
    open_service,
    parse_assignments,
    say,
)
from tdconsole.cli.parsing import Parser, Whole, cli_name
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.words import phase_word
from tdconsole.i18n import Msg, _, ngettext

if TYPE_CHECKING:
    pass


def cmd_start(args: argparse.Namespace) -> int:
    # lazy: the play's models, which every other core command does without (`state`, `log`…)
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
        cli_name("Start"), cmd_start, _("set the stack and blinds and start (Art. III.1, III.5)")
    )
    p.add_argument("--stack", type=Whole(1), required=True, metavar="S", help=_("starting stack"))
    p.add_argument("--bb", type=Whole(1), required=True, metavar="B", help=_("first big blind"))
    p.add_argument("--first-minutes", type=Whole(1), metavar="T1", help=_("length of level 1"))
    p.add_argument("--second-bb", type=Whole(1), metavar="B2", help=_("big blind of level 2"))
    p.add_argument("--minutes", type=Whole(1), metavar="T2", help=_("length of later levels"))
    p.add_argument(
        "--break",
        dest="breaks",
        action="append",
        metavar=_("LEVEL=MINUTES"),
        help=_("a break of MINUTES after LEVEL (repeatable), e.g. --break 2=15"),
    )

    p = add("undo", cmd_undo, _("cancel the whole last command (nothing is deleted)"))
    p.add_argument("--reason", metavar=_("TEXT"))
    add("redo", cmd_redo, _("restore what the last undo cancelled"))
