"""The command-line reference, written from the parsers themselves so that it cannot drift.

``python -m tdconsole.cli.reference > docs/command-line.md`` writes it; a test compares the
file with what the parsers say now. Every command and sub-command gets its usage line, its
description and a table of its arguments; the global options are listed once, at the top.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from tdconsole.cli import build_parser
from tdconsole.cli.parsing import speaking
from tdconsole.cli.slice_cmds import parser_for
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS

HEADER = """\
# Command-line reference

Written from the command line's own parsers (`python -m tdconsole.cli.reference >
docs/command-line.md`); a test fails when it no longer matches them. The contract of names,
flags and JSON keys is `docs/cli.md` in the project's shared documents; this page lists what the
program accepts today, in English (`--lang it` gives the same help in Italian).
"""


def _subcommands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _invocation(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    metavar = ""
    if action.nargs != 0:
        metavar = " " + str(action.metavar or action.dest.upper())
    return ", ".join(f"`{option}{metavar}`" for option in action.option_strings)


def _cell(text: object) -> str:
    return " ".join(str(text or "").split()).replace("|", "\\|")


GLOBAL_DESTS = ("event", "actor", "lang")


def _is_global(action: argparse.Action) -> bool:
    """One of the global options every command accepts again (``rule --lang``, the rulebook's
    language, is the command's own: it has a default of its own)."""
    return action.dest in GLOBAL_DESTS and action.default == argparse.SUPPRESS


def _arguments(parser: argparse.ArgumentParser, *, skip_globals: bool) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if skip_globals and _is_global(action):
            continue
        help_text = "" if action.help == argparse.SUPPRESS else action.help
        if action.choices and not action.option_strings:
            choices = ", ".join(f"`{choice}`" for choice in action.choices)
            help_text = f"{help_text} (one of {choices})" if help_text else f"one of {choices}"
        rows.append(f"| {_invocation(action)} | {_cell(help_text)} |")
    if not rows:
        return []
    return ["| argument | what it is |", "|---|---|", *rows, ""]


def _usage(parser: argparse.ArgumentParser) -> str:
    usage = " ".join(parser.format_usage().split())
    return usage.removeprefix("usage: ")


def _section(name: str, parser: argparse.ArgumentParser, level: int) -> list[str]:
    lines = [f"{'#' * level} `{name}`", "", f"    {_usage(parser)}", ""]
    if parser.description:
        lines += [_cell(parser.description), ""]
    lines += _arguments(parser, skip_globals=True)
    for sub_name, sub in _subcommands(parser):
        lines += _section(f"{name} {sub_name}", sub, level + 1)
    return lines


def _own_parsers(name: str) -> list[str]:
    """The sections of ``name``'s sub-commands written in one module each, from their own
    parsers (``cli.slice_cmds``)."""
    lines = []
    for described in SLICE_DESCRIPTIONS:
        words = described.cli.split()
        if words[0] != name or len(words) < 2 or words[1].startswith("--"):
            continue  # (a command told apart by a flag is in its name's own section)
        with speaking("en"):
            leaf = parser_for(described)
        for word in words:
            leaf = dict(_subcommands(leaf))[word]
        lines += _section(f"tdconsole {described.cli}", leaf, 4)
    return lines


def reference() -> str:
    """The whole reference, as Markdown."""
    parser = build_parser("en")
    lines = [HEADER, "## Global options", "", "Accepted before or after any command.", ""]
    lines += [
        row for row in _arguments(parser, skip_globals=False) if not row.startswith("| `COMMAND")
    ]
    lines += ["## Commands", ""]
    for name, sub in _subcommands(parser):
        lines += _section(f"tdconsole {name}", sub, 3)
        lines += _own_parsers(name)
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> int:
    sys.stdout.write(reference())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
