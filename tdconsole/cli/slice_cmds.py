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
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import emit_json, say, warn
from tdconsole.cli.opened import open_service
from tdconsole.cli.parsing import CommandParser, Parser, add_global_options, flagged
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.slices.spec import declared, told_apart
from tdconsole.i18n import Msg, _

if TYPE_CHECKING:
    from tdconsole.domain.slices.spec import Field, Slice


def register(sub: Any) -> None:
    """Add every one-word command written in one module to the command line's parser (but
    one its own module's parser reads: ``Description.parsed_by``)."""
    for described in SLICE_DESCRIPTIONS:
        if " " not in described.cli and not described.parsed_by:
            _add(sub, described)


def parser_for(described: Description) -> argparse.ArgumentParser:
    """The command line's parser with ``described``'s command alone, built from its fields
    (one told apart by a flag: the parser of the command whose name it shares; one its own
    module's parser reads, ``Description.parsed_by``: that one)."""
    if described.parsed_by:
        # lazy: the command line's table of modules imports this one
        from tdconsole.cli import build_parser

        return build_parser(command=described.cli)
    if flagged(described.cli.split()):
        main = described.cli.split()[0]
        described = next(d for d in SLICE_DESCRIPTIONS if d.cli == main)
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
    spec = declared(described.command)
    own = sub.add_parser(
        described.cli.split()[-1],
        help=spec.heading,
        description=help_words(spec),
    )
    flags = [(flag, declared(other)) for flag, other in told_apart(described.command)]
    shared = {f.name for _flag, other in flags for f in other.fields}
    for field in spec.fields:
        apart = bool(flags) and field.name not in shared  # (left out for a flag's command: ``run``)
        if field.kind == "flag":  # an option without a value: ``--food``
            own.add_argument(
                f"--{field.flag or field.name}",
                dest=field.name,
                action="store_true",
                help=field.label,
            )
            continue
        # a word's argument shows its words ({warning,suspend,disqualify}), refused otherwise
        worded: dict[str, Any] = (
            {"choices": field.typed_words} if field.kind == "word" else {"metavar": field.metavar}
        )
        if field.kind in ("names", "wholes", "pairs", "assignments"):
            worded["nargs"] = "+"
        if field.kind == "pairs" and not _positional(field):  # repeated: more of them
            worded["action"] = "extend"
        if _positional(field):
            if apart:
                worded["nargs"] = "*" if "nargs" in worded else "?"
            own.add_argument(field.name, help=field.label, **worded)
        else:
            own.add_argument(
                f"--{field.flag or field.name}",
                dest=field.name,
                help=field.label,
                required=field.required and not apart,
                **worded,
            )
    added = {field.name for field in spec.fields}
    for flag, other in flags:
        if flag not in added:
            own.add_argument(f"--{flag}", action="store_true", help=other.heading)
            added.add(flag)
        for field in other.fields:  # its own, after its flag (``--plan --seats N``)
            if field.name not in added:
                own.add_argument(
                    f"--{field.flag or field.name}",
                    dest=field.name,
                    help=field.label,
                    metavar=field.metavar,
                )
                added.add(field.name)
    if spec.json is not None:
        own.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    own.set_defaults(func=partial(run, spec, flags))


def help_words(declared: Slice) -> Msg:
    """What a command's help says of it: its heading, the articles it cites, its ``help``."""
    cited = ", ".join(declared.articles)
    words = (
        _("{message} (Art. {article})").format(message=declared.heading, article=cited)
        if cited
        else declared.heading
    )
    if declared.help is not None:
        words = _("{heading}. {help}").format(heading=words, help=declared.help)
    return words


def _positional(field: Field) -> bool:
    """A field given without its name on the command line: a required one, unless it says
    it is an option (``--reason TEXT``)."""
    return field.required and not field.option


def run(declared: Slice, flags: list[tuple[str, Slice]], args: argparse.Namespace) -> int:
    """Record the command typed, and say its summary (the log's sentence), then what its
    events did beyond it (``Slice.after``); with ``--json``, its document alone."""
    if declared.made_apart:
        return MADE_APART[declared.description.command](args)
    declared, typed = _told_apart(declared, flags, args)
    options = {f.name: f"--{f.flag or f.name}" for f in declared.fields if not _positional(f)}
    service = open_service(args)
    try:
        command = declared.build(typed, service.state, options)
        records = service.last_records = service.execute(command)
        state = service.state
        bodies = [r.body for r in records]
        if declared.json is not None and getattr(args, "json", False):
            emit_json(declared.json(bodies, state))
            return 0
        say(args, command.describe().said, state)
        if declared.after is not None:
            for line in declared.after(bodies, state):
                say(args, line)
        warn(args, service)
    finally:
        service.close()
    return 0


def _create(args: argparse.Namespace) -> int:
    """The command that makes the event's file (``new``), given before any event exists: the
    file made from the settings file named (``--config``, else the shipped one), said with
    where it is."""
    # lazy: the settings file and the events' files, for `new` alone (a command that opens an
    # event does without)
    from tdconsole.event_files import new_event, read_event
    from tdconsole.store.settings_file import load_settings

    settings = load_settings(Path(args.config) if args.config else None)
    args.event_lang = settings.language
    path = new_event(args.path, settings, name=args.name, actor=args.actor)
    say(args, _("created {name} at {path}").format(name=read_event(path).name, path=path))
    return 0


def _import_rulebook(args: argparse.Namespace) -> int:
    """A rulebook's text read, checked, stored and its import recorded (``rules import``)."""
    # lazy: the rulebooks' importer, for `rules import` alone (`--help` builds its parser)
    from tdconsole.cli.rules_cmds import import_rulebook

    return import_rulebook(args)


MADE_APART = {"CreateEvent": _create, "ImportRulebook": _import_rulebook}
"""The runs of the commands whose fields are what the command line reads to make them
(``Slice.made_apart``), by their class's name."""


def _told_apart(
    declared: Slice, flags: list[tuple[str, Slice]], args: argparse.Namespace
) -> tuple[Slice, dict[str, Any]]:
    """The command the line means and what was typed for its fields, when its name holds
    others told apart by a flag (``flags``: each flag and its command): the flag's, with the
    fields its name gives after the flag (``close --plan --seats N``: the one naming the most),
    or ``declared`` (its own required arguments given), never both."""
    if not flags:
        return declared, {field.name: getattr(args, field.name) for field in declared.fields}

    def given(other: Slice, word: str) -> bool:
        field = next((f for f in other.fields if f"--{f.flag or f.name}" == word), None)
        return getattr(args, word[2:] if field is None else field.name, None) not in (None, False)

    named = {other: other.description.cli.split()[1:] for _flag, other in flags}
    chosen = sorted(
        (other for other, words in named.items() if all(given(other, w) for w in words)),
        key=lambda other: len(named[other]),
    )
    for other, words in named.items():
        stray = [w for w in words[1:] if given(other, w) and not given(other, words[0])]
        if stray:
            raise RuleError(
                _("give {option} with {flag}").format(option=stray[0], flag=words[0]),
                declared.article,
            )
    shared = {f.name for _flag, other in flags for f in other.fields}
    needed = [f for f in declared.fields if f.required and f.name not in shared]
    given_own = any(getattr(args, f.name) is not None for f in needed)
    if bool(chosen) + given_own != 1:
        what = (
            (
                needed[0].metavar
                if not needed[0].option
                else f"--{needed[0].flag or needed[0].name} {needed[0].metavar}"
            )
            if needed
            else declared.heading
        )
        alone = ", ".join(dict.fromkeys(f"--{flag}" for flag, _other in flags))
        raise RuleError(
            _("give {what}, or {flags} alone").format(what=what, flags=alone), declared.article
        )
    meant = chosen[-1] if chosen else declared
    return meant, {field.name: getattr(args, field.name) for field in meant.fields}
