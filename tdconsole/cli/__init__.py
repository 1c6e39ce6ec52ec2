"""The command line: ``tdconsole [--event PATH] [--as NAME] [--lang LANG] COMMAND ...``; the
global options may also follow the command (``tdconsole floor --as Marco``).

Exit 0: done. Exit 2: refused or bad input, with ``error: <what and what to do> (Art. X.Y)`` on
stderr and nothing changed. Exit 1 only for a bug. Messages follow ``--lang``, else the event's
``language`` setting, else Italian; the ``error: `` and ``warning: `` prefixes are the same in
every language. The
languages are those of ``tdconsole.i18n.languages()`` (English and every catalogue shipped).
The help and argparse's usage errors follow the last ``--lang`` of the command line, else
Italian: they are said before any event is opened (``cli.parsing``). Redirected or piped, what
a command writes is UTF-8 whatever the system's code page (Windows' cp1252); a terminal that
cannot show a character shows ``?`` (``_every_character``).
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tdconsole.cli.common import Control, backup_warnings, lang, storage_refusal
from tdconsole.cli.parsing import (
    CommandParser,
    Parser,
    add_global_options,
    chosen_language,
    cli_name,
    current_language,
    named,
    speaking,
)
from tdconsole.cli.pydantic_plugins import look_up
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.texts import escape
from tdconsole.i18n import SOURCE, _


def _named(*commands: str) -> tuple[str, ...]:
    """The command line's names of these commands (by class), as their descriptions give them
    (``close --plan`` is a ``close``)."""
    return tuple(cli_name(command) for command in commands)


COMMANDS: dict[str, tuple[str, ...]] = {
    "tdconsole.cli.core_cmds": (
        "undo", "redo",
    ),
    # the commands written in one module each (``domain.slices``), in the manifest's order
    "tdconsole.cli.slice_cmds": tuple(
        d.cli for d in SLICE_DESCRIPTIONS if " " not in d.cli and not d.parsed_by
    ),
    "tdconsole.cli.read_cmds": ("state", "payouts", "log", "standings", "tables"),
    "tdconsole.cli.clock_cmds": _named("ClockControl"),
    "tdconsole.cli.rulings_cmds": ("rulings",),
    "tdconsole.cli.rules_cmds": ("rule", *_named("ImportRulebook")),
    "tdconsole.cli.calc_cmds": ("calc",),
    "tdconsole.cli.cash_cmds": ("cash",),
    "tdconsole.cli.print_cmds": ("print",),
    "tdconsole.cli.transfer_cmds": ("export", "import"),
    "tdconsole.cli.data_cmds": ("backups",),
    "tdconsole.cli.season_cmds": ("season",),
    "tdconsole.cli.ui_cmds": ("demo", "floor", "display"),
    "tdconsole.cli.serve_cmds": ("serve",),
    "tdconsole.cli.follow_cmds": ("follow",),
}  # fmt: skip
"""The commands each module's ``register`` adds, in the order of ``--help``: a command's name
is its description's (``domain.commands``), the module and the order are the command line's.
A command line naming one of them imports that module alone and builds that command's parser
alone (a test holds this table to what the modules add)."""
COMMAND_MODULES = tuple(COMMANDS)
GLOBAL_VALUE_OPTIONS = ("--event", "--as", "--lang")


class _Unbuilt:
    """A command's parser left unbuilt: takes every call ``register`` makes on it
    (``add_argument``, ``set_defaults``, sub-parsers of its own…) and builds nothing."""

    def __getattr__(self, name: str) -> Any:
        return self._ignored

    def _ignored(self, *args: Any, **kwargs: Any) -> _Unbuilt:
        return self


class _OneCommand:
    """The sub-parsers as ``register`` sees them when the command line names one command:
    its parser is argparse's own, every other one an ``_Unbuilt``."""

    def __init__(self, sub: Any, command: str) -> None:
        self._sub = sub
        self._command = command

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name == self._command:
            return self._sub.add_parser(name, **kwargs)
        return _Unbuilt()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sub, name)


def build_parser(
    language: str | None = None, command: str | None = None, *, console: bool = False
) -> argparse.ArgumentParser:
    """The command line's parser, its words in ``language`` (default: the one being spoken):
    every command's, or only ``command``'s (one of ``COMMANDS``: one command's run never pays
    for building the others), or with ``console`` none but the global options' (the console's
    command line, ``console_only``: its first frame never waits for a command's module)."""
    with speaking(language or current_language()):
        return _build_parser(command, console)


class _Version(argparse.Action):
    """``--version``: the version installed, and exit."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        # lazy: the package's metadata, read only when asked for
        from importlib.metadata import version

        print(f"tdconsole {version('tdconsole')}")
        parser.exit()


def _build_parser(command: str | None, console: bool = False) -> argparse.ArgumentParser:
    parser = Parser(
        prog="tdconsole",
        description=_("Direct a Texas Hold'em tournament under the Ordine's regulation."),
    )
    add_global_options(parser)
    parser.add_argument(
        "--version", action=_Version, nargs=0, help=_("print the version installed and exit")
    )
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=CommandParser)
    modules: tuple[str, ...] = COMMAND_MODULES
    target: Any = sub
    if console:
        modules = ()
    elif command is not None:
        modules = tuple(name for name, names in COMMANDS.items() if command in names)
        target = _OneCommand(sub, command)
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(target)
    return parser


def command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` surely names (one of ``COMMANDS``), past the global options
    before it; None when it names none or when in doubt (help asked, an option unknown
    here): then every command's parser is built, for the help or the error naming them."""
    known = {name for names in COMMANDS.values() for name in names}
    words = iter(argv)
    for word in words:
        if not word.startswith("-"):
            return word if word in known else None
        option, equals, _ = word.partition("=")
        matches = [o for o in GLOBAL_VALUE_OPTIONS if len(option) > 2 and o.startswith(option)]
        if len(matches) != 1:
            return None
        if not equals:
            next(words, None)  # the option's value
    return None


def console_only(argv: Sequence[str]) -> bool:
    """``argv`` holds the global options alone, each with its value (``--event e.tdc``,
    ``--lang=en``, an unambiguous prefix): the command line of the console itself, which needs
    no command's parser. An option unknown here, a missing value or help asked: False."""
    words = iter(argv)
    for word in words:
        option, equals, _ = word.partition("=")
        matches = [o for o in GLOBAL_VALUE_OPTIONS if len(option) > 2 and o.startswith(option)]
        if not word.startswith("--") or len(matches) != 1:
            return False
        if not equals and next(words, None) is None:
            return False
    return True


class Escaping:
    """A text stream that writes every character a terminal would obey (ESC, BEL, bidi
    overrides…) as a visible ``\\u001b``: whatever a command prints — a name from an older
    file, a path, an imported rulebook's text — cannot drive the terminal. Line feeds and
    tabs pass; inside a JSON string the escape is JSON's own, so documents stay exact."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text if isinstance(text, Control) else escape(text, keep_lines=True))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # buffer (bytes pass as they are), flush, fileno…
        return getattr(self._stream, name)


def _every_character(stream: Any) -> Callable[[], None]:
    """Make ``stream`` write every character, whatever its system's code page: a file or a
    pipe (Windows gives them cp1252) in UTF-8, a terminal that cannot show a character with
    ``?`` in its place. A name with ``Ł`` or a card's ``♥`` never ends a command in a
    traceback, and never after it was recorded. Returns what puts the stream back."""
    reconfigure = getattr(stream, "reconfigure", None)
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        unicode = codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        unicode = False
    if reconfigure is None or unicode:
        return lambda: None
    previous = {"encoding": encoding, "errors": stream.errors}
    try:
        terminal = stream.isatty()
    except (OSError, ValueError):
        terminal = False
    if terminal:
        reconfigure(errors="replace")
    else:
        reconfigure(encoding="utf-8", errors="replace")

    def restore() -> None:
        with contextlib.suppress(OSError, ValueError):  # (a reader gone, a stream closed)
            reconfigure(**previous)

    return restore


def main(argv: Sequence[str] | None = None) -> int:
    look_up()  # before any model is validated
    saved = sys.stdout, sys.stderr
    restores = [_every_character(stream) for stream in saved]
    sys.stdout, sys.stderr = Escaping(sys.stdout), Escaping(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = saved
        for restore in restores:
            restore()


def _main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    # argparse's words (its help, its errors, a command's help printed when it runs) in the
    # language the command line asks for.
    with speaking(chosen_language(words)):
        return _run(words)


def _run(words: list[str]) -> int:
    first = command_word(words)
    own = named(words, first)  # a command written in one module: its parser
    if own is not None:
        # lazy: the command line's table of modules (``COMMANDS``) is imported by this one
        from tdconsole.cli import slice_cmds

        parser = slice_cmds.parser_for(own)
    else:
        parser = build_parser(command=first, console=console_only(words))
    args = parser.parse_args(words)
    func = getattr(args, "func", None)
    if func is None:
        try:
            func = importlib.import_module("tdconsole.cli.ui_cmds").open_console
        except ModuleNotFoundError:
            build_parser().print_help()
            return 0
    try:
        code = func(args)
        for warning in backup_warnings(args):
            sys.stderr.write(f"warning: {warning}\n")
    except RuleError as exc:
        sys.stderr.write(f"error: {exc.text(lang(args))}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`tdconsole log | head`): not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        refusal = storage_refusal(exc)
        if refusal is not None:
            sys.stderr.write(f"error: {refusal.text(lang(args))}\n")
            return 2
        # A command's fields refused by pydantic: a value error of the input, said in one line.
        # (pydantic is only loaded by the commands that use it, so it is looked up here.)
        pydantic = sys.modules.get("pydantic")
        if pydantic is None or not isinstance(exc, pydantic.ValidationError):
            raise
        sys.stderr.write(f"error: {_invalid_text(exc.errors()[0], lang(args))}\n")
        return 2
    return int(code or 0)


# The value errors a command's fields can raise, in our words (pydantic's own are English: an
# English reader reads them as they are).
_INVALID = {
    "greater_than": _("must be greater than {gt}"),
    "greater_than_equal": _("must be at least {ge}"),
    "less_than": _("must be less than {lt}"),
    "less_than_equal": _("must be at most {le}"),
    "int_parsing": _("must be a whole number"),
    "int_type": _("must be a whole number"),
    "too_short": _("cannot be empty"),
    "missing": _("is missing"),
}


def _invalid_text(first: Any, language: str) -> str:
    """One bad value, named by its field, with what to do."""
    where = ".".join(str(part) for part in first["loc"]) or _("input").text(language)
    what = first["msg"].lower()
    template = _INVALID.get(first["type"])
    if language != SOURCE and template is not None:
        # A context we do not know keeps pydantic's words.
        with contextlib.suppress(KeyError, IndexError):
            what = template.format(**first.get("ctx", {})).text(language)
    return (
        _("{where}: {what}; correct it and try again").format(where=where, what=what).text(language)
    )
