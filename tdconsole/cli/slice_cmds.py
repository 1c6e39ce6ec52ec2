"""The command line of the commands written in one module (``domain.slices``): each one's
parser built from its fields, and its run, which records it and says its summary.

A command line naming one (``tdconsole clock break 10``, ``tdconsole withdraw Anna``) is read
by its own parser, reached before the others (``parser_for``): the module is imported only
then. A one-word name is one of the command line's commands (``register`` adds them to the
whole parser, for ``--help`` and the reference); a longer one is a sub-command of an older
command (``clock``), whose own help lists it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import open_service, say, warn
from tdconsole.cli.parsing import CommandParser, Parser, add_global_options
from tdconsole.domain.described import Description
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.i18n import _

if TYPE_CHECKING:
    from tdconsole.domain.slices.spec import Slice


def named(words: Sequence[str], first: str | None) -> Description | None:
    """The command ``words`` name, when it is one of a module's (``first``: the command's
    first word, past the global options)."""
    if first is None or first not in words:
        return None
    rest = list(words[list(words).index(first) + 1 :])
    for described in SLICE_DESCRIPTIONS:
        name = described.cli.split()
        if name[0] == first and rest[: len(name) - 1] == name[1:]:
            return described
    return None


def sub_commands(first: str) -> list[str]:
    """The sub-commands of ``first`` written in one module each (``clock``: ``break``)."""
    return [d.cli.split()[1] for d in SLICE_DESCRIPTIONS if d.cli.split()[:1] == [first]]


def register(sub: Any) -> None:
    """Add every one-word command written in one module to the command line's parser."""
    for described in SLICE_DESCRIPTIONS:
        if " " not in described.cli:
            _add(sub, described)


def parser_for(described: Description) -> argparse.ArgumentParser:
    """The command line's parser with ``described``'s command alone, built from its fields."""
    parser = Parser(prog="tdconsole")
    add_global_options(parser)
    target = parser
    for word in described.cli.split()[:-1]:
        group = target.add_subparsers(dest=f"group_{word}", parser_class=CommandParser)
        target = group.add_parser(word)
    _add(target.add_subparsers(dest="command", parser_class=CommandParser), described)
    return parser


def _add(sub: Any, described: Description) -> None:
    """``described``'s parser among ``sub``'s, its arguments its fields: a required one
    positional (a player's name: ``NAME``), unless it is an option, the others options."""
    # lazy: the command's module (pydantic, the domain) only for the command line naming it
    from tdconsole.domain.slices.spec import declared as declared_as

    declared = declared_as(described.command)
    cited = ", ".join(declared.articles)
    words = (
        _("{message} (Art. {article})").format(message=declared.heading, article=cited)
        if cited
        else declared.heading
    )
    own = sub.add_parser(
        described.cli.split()[-1],
        help=declared.heading,
        description=words,
    )
    for field in declared.fields:
        if field.kind == "flag":  # an option without a value: ``--food``
            own.add_argument(f"--{field.name}", action="store_true", help=field.label)
            continue
        several = {"nargs": "+"} if field.kind in ("names", "wholes") else {}
        if field.required and not field.option:
            own.add_argument(field.name, metavar=field.metavar, help=field.label, **several)
        else:
            own.add_argument(
                f"--{field.name}",
                metavar=field.metavar,
                help=field.label,
                required=field.required,
                **several,
            )
    own.set_defaults(func=partial(run, declared))


def run(declared: Slice, args: argparse.Namespace) -> int:
    """Record the command typed, and say its summary (the log's sentence), then what its
    events did beyond it (``Slice.after``)."""
    typed = {field.name: getattr(args, field.name) for field in declared.fields}
    service = open_service(args)
    try:
        command = declared.build(typed, service.state)
        records = service.execute(command)
        state = service.state
    finally:
        service.close()
    say(args, command.describe().said, state)
    if declared.after is not None:
        for line in declared.after([r.body for r in records], state):
            say(args, line)
    warn(args, records, state)
    return 0
