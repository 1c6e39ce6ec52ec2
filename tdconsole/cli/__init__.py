"""The command line: ``tdconsole [--event PATH] [--as NAME] [--lang it|en] COMMAND ...``; the
global options may also follow the command (``tdconsole floor --as Marco``).

Exit 0: done. Exit 2: refused or bad input, with ``error: <what and what to do> (Art. X.Y)`` on
stderr and nothing changed. Exit 1 only for a bug. Messages follow ``--lang``, else the event's
``language`` setting, else Italian; the ``error: `` prefix is the same in both languages.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from tdconsole.domain.errors import RuleError

COMMAND_MODULES = (
    "tdconsole.cli.core_cmds",
    "tdconsole.cli.play_cmds",
    "tdconsole.cli.director_cmds",
    "tdconsole.cli.clock_cmds",
    "tdconsole.cli.rulings_cmds",
    "tdconsole.cli.rules_cmds",
    "tdconsole.cli.print_cmds",
    "tdconsole.cli.data_cmds",
    "tdconsole.cli.season_cmds",
    "tdconsole.cli.ui_cmds",
    "tdconsole.cli.serve_cmds",
)


class _Parser(argparse.ArgumentParser):
    """argparse whose errors are one line and exit 2, like every refusal."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"error: {message}; see `{self.prog} --help`\n")
        raise SystemExit(2)


def _add_global_options(parser: argparse.ArgumentParser, default: Any = None) -> None:
    parser.add_argument(
        "--event",
        metavar="PATH",
        default=default,
        help="the event file (else $TDCONSOLE_EVENT, else the most recently used event)",
    )
    parser.add_argument(
        "--as",
        dest="actor",
        metavar="NAME",
        default=default,
        help="who acts (recorded on every event; default: the Director)",
    )
    parser.add_argument(
        "--lang", choices=("it", "en"), default=default, help="language of the console"
    )


class _CommandParser(_Parser):
    """A command's parser: the global options are accepted after the command too
    (``tdconsole floor --as Marco``). Given there, they override the ones before it; not
    given, they leave them alone (``SUPPRESS``). A command that has an option of the same
    name for itself (``rule --lang``: the rulebook's language) keeps its own."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("conflict_handler", "resolve")
        super().__init__(*args, **kwargs)
        _add_global_options(self, argparse.SUPPRESS)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tdconsole",
        description="Direct a Texas Hold'em tournament under the Ordine's regulation.",
    )
    _add_global_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(sub)
    return parser


class _Escaping:
    """A text stream that writes every character a terminal would obey (ESC, BEL, bidi
    overrides…) as a visible ``\\u001b``: whatever a command prints — a name from an older
    file, a path, an imported rulebook's text — cannot drive the terminal. Line feeds and
    tabs pass; inside a JSON string the escape is JSON's own, so documents stay exact."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from tdconsole.domain.texts import escape

        self._stream.write(escape(text, keep_lines=True))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # buffer (bytes pass as they are), flush, fileno…
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaping(sys.stdout), _Escaping(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = saved


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        try:
            func = importlib.import_module("tdconsole.cli.ui_cmds").open_console
        except ModuleNotFoundError:
            parser.print_help()
            return 0
    from tdconsole.cli.common import backup_warnings, lang

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
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        from tdconsole.cli.common import storage_refusal

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


# Italian for the value errors a command's fields can raise (pydantic's own words are English).
_INVALID_IT = {
    "greater_than": "deve essere maggiore di {gt}",
    "greater_than_equal": "deve essere almeno {ge}",
    "less_than": "deve essere minore di {lt}",
    "less_than_equal": "deve essere al massimo {le}",
    "int_parsing": "deve essere un numero intero",
    "int_type": "deve essere un numero intero",
    "too_short": "non può essere vuoto",
    "missing": "manca",
}


def _invalid_text(first: Any, language: str) -> str:
    """One bad value, named by its field, with what to do."""
    where = ".".join(str(part) for part in first["loc"])
    if language == "it":
        what = first["msg"].lower()
        template = _INVALID_IT.get(first["type"])
        # A context we do not know keeps pydantic's words.
        with contextlib.suppress(KeyError, IndexError):
            if template is not None:
                what = template.format(**first.get("ctx", {}))
        return f"{where or 'dato'}: {what}; correggi e riprova"
    return f"{where or 'input'}: {first['msg'].lower()}; correct it and try again"
