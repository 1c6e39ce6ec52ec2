"""The command line's parsers, in the console's language.

The language is chosen before parsing: the last ``--lang X`` of the command line, else Italian
(the default of ``common.lang``). While the parsers are built and the command line is parsed
(``speaking``), argparse's own words (``usage:``, ``options``, its errors) come from our
catalogue, and the parsers' own words — help texts, descriptions, metavars, marked ``_("...")``
where they are written — are said in that language as they are added.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from tdconsole.domain import numbers
from tdconsole.domain.commands import BY_COMMAND
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.i18n import PSEUDO, Msg, _, languages, ngettext, pgettext, translation

DEFAULT_LANG = "it"
"""The console's language when nothing chooses one (``--lang``, the event's setting)."""


def cli_name(command: str, word: int = 0) -> str:
    """The command line's name of ``command`` (its class's name), written once, in its
    description (``domain.commands``): ``close --plan`` is a ``close``; ``word`` 1 is the name of
    a command's own sub-command (``rules import``'s ``import``)."""
    return BY_COMMAND[command].cli.split()[word]


def named(words: Sequence[str], first: str | None) -> Description | None:
    """The command ``words`` name, when it is one of a module's (``first``: the command's
    first word, past the global options)."""
    if first is None or first not in words:
        return None
    rest = list(words[list(words).index(first) + 1 :])
    for described in SLICE_DESCRIPTIONS:
        name = described.cli.split()
        if flagged(name) or described.parsed_by:  # read by another command's parser
            continue
        if name[0] == first and rest[: len(name) - 1] == name[1:]:
            return described
    return None


def flagged(name: list[str]) -> bool:
    """A command line name told apart from another's by a flag (``message --clear``)."""
    return any(word.startswith("--") for word in name)


def sub_commands(first: str) -> list[str]:
    """The sub-commands of ``first`` written in one module each (``clock``: ``break``)."""
    names = [d.cli.split() for d in SLICE_DESCRIPTIONS]
    return [name[1] for name in names if name[1:] and name[0] == first and not flagged(name)]


# argparse's own messages, as Python's argparse module marks them with the stdlib's gettext:
# written here so that the extractor puts them in our catalogue (with their translations).
# ``speaking`` makes argparse ask our catalogue for them. The programmer's errors of argparse
# (conflicting options, bad definitions) are not here: no user ever reads them.
ARGPARSE_MESSAGES = (
    _("usage: "),
    _("positional arguments"),
    _("options"),
    _("subcommands"),
    _("show this help message and exit"),
    _("argument %(argument_name)s: %(message)s"),
    _("unknown parser %(parser_name)r (choices: %(choices)s)"),
    _('argument "-" with mode %r'),
    _("can't open '%(filename)s': %(error)s"),
    _("unrecognized arguments: %s"),
    _("not allowed with argument %s"),
    _("ignored explicit argument %r"),
    _("the following arguments are required: %s"),
    _("one of the arguments %s is required"),
    _("expected one argument"),
    _("expected at most one argument"),
    _("expected at least one argument"),
    ngettext("expected %s argument", "expected %s arguments", 2),
    _("ambiguous option: %(option)s could match %(matches)s"),
    _("unexpected option string: %s"),
    _("invalid %(type)s value: %(value)r"),
    _("invalid choice: %(value)r (choose from %(choices)s)"),
)

_speaking = [DEFAULT_LANG]
"""The language the parsers being built or used speak (set by ``speaking``)."""


def chosen_language(argv: Sequence[str]) -> str:
    """The language a command line asks for: its last ``--lang X`` of a known language."""
    known = (*languages(), PSEUDO)
    found = DEFAULT_LANG
    for index, word in enumerate(argv):
        value = None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in known:
            found = value
    return found


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """argparse's words, and the parsers' own, in ``language`` while inside."""
    catalogue = translation(language)
    saved = getattr(argparse, "_"), getattr(argparse, "ngettext"), _speaking[0]  # noqa: B009
    setattr(argparse, "_", catalogue.gettext)  # noqa: B010 (argparse's own gettext)
    setattr(argparse, "ngettext", catalogue.ngettext)  # noqa: B010
    _speaking[0] = language
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010
        _speaking[0] = saved[2]


def words(value: Any) -> Any:
    """A parser's word (a help text, a metavar, a title) in the language being spoken."""
    if isinstance(value, Msg):
        return value.text(_speaking[0])
    if isinstance(value, tuple):
        return tuple(words(item) for item in value)
    return value


def language_option(value: str) -> str:
    """``--lang``'s value: a language the console speaks (the test language too, unlisted)."""
    if value in languages() or value == PSEUDO:
        return value
    raise argparse.ArgumentTypeError(
        _("{value!r} is not a language of the console: choose from {choices}")
        .format(value=value, choices=", ".join(languages()))
        .text(_speaking[0])
    )


def language_metavar() -> str:
    return "{" + ",".join(languages()) + "}"


class _SubParsers(argparse._SubParsersAction):  # type: ignore[type-arg]
    """Sub-commands whose help is said in the language being spoken."""

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        for key in ("help", "description", "epilog"):
            if key in kwargs:
                kwargs[key] = words(kwargs[key])
        return super().add_parser(name, **kwargs)


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line and exit 2, like every refusal, and whose words are
    said in the language being spoken."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        for key in ("description", "epilog", "usage"):
            if key in kwargs:
                kwargs[key] = words(kwargs[key])
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", _SubParsers)

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        for key in ("help", "metavar"):
            if key in kwargs:
                kwargs[key] = words(kwargs[key])
        # Every number typed on the command line goes through the one parser (``numbers``):
        # ASCII digits, bounded length and value, refused in one line.
        # An option's own range (``type=Whole(1, 99)``; no number typed here is negative) is
        # said, with the option's name, when a value falls outside it.
        kind = kwargs.get("type")
        if kind in (int, float) or isinstance(kind, Whole):
            name = args[0] if args else str(kwargs.get("dest", ""))
            ranged = kind if isinstance(kind, Whole) else Whole()
            kwargs["type"] = _typed(name, ranged.low, ranged.high, decimals=kind is float)
        return super().add_argument(*args, **kwargs)

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        """A value refused by ``numbers`` is said as it refuses it (it names the option)."""
        try:
            return super()._get_value(action, arg_string)
        except RuleError as exc:
            raise argparse.ArgumentError(None, exc.text(_speaking[0])) from None

    def add_subparsers(self, **kwargs: Any) -> Any:
        for key in ("title", "description", "help", "metavar"):
            if key in kwargs:
                kwargs[key] = words(kwargs[key])
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        see = _("{message}; see `{prog} --help`").format(message=message, prog=self.prog)
        sys.stderr.write(f"error: {see.text(_speaking[0])}\n")
        raise SystemExit(2)


@dataclass(frozen=True)
class Whole:
    """The ``type`` of an option whose whole number has a range of its own (``--tables``: 1
    to ``MAX_TABLES``); a plain ``int`` option's is 0 to ``CHIPS_MAX``."""

    low: int = 0
    high: int = numbers.CHIPS_MAX

    def __call__(self, text: str) -> int:
        return numbers.whole_number(
            text, pgettext("bad value", "number"), low=self.low, high=self.high
        )


def _typed(name: str, low: int, high: int, *, decimals: bool) -> Any:
    """The ``type`` of a numeric option: ``numbers.whole_number`` (or, for seconds and other
    decimals, ``numbers.decimal_number``) from ``low`` to ``high``; the command's own checks
    (and the domain's) then say what else it must be."""

    def whole(text: str) -> int:
        return numbers.whole_number(text, name, low=low, high=high)

    def decimal(text: str) -> float:
        return float(numbers.decimal_number(text, name, low=low, high=high))

    chosen = decimal if decimals else whole
    chosen.__name__ = "number"  # (argparse names a type by it)
    return chosen


def add_global_options(parser: Parser, default: Any = None) -> None:
    parser.add_argument(
        "--event",
        metavar=_("PATH"),
        default=default,
        help=_("the event file (else $TDCONSOLE_EVENT, else the most recently used event)"),
    )
    parser.add_argument(
        "--as",
        dest="actor",
        metavar=_("NAME"),
        default=default,
        help=_("who acts (recorded on every event; default: the Director)"),
    )
    parser.add_argument(
        "--lang",
        type=language_option,
        metavar=language_metavar(),
        default=default,
        help=_("language of the console"),
    )


class CommandParser(Parser):
    """A command's parser: the global options are accepted after the command too
    (``tdconsole floor --as Marco``). Given there, they override the ones before it; not
    given, they leave them alone (``SUPPRESS``). A command that has an option of the same
    name for itself (``rule --lang``: the rulebook's language) keeps its own."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("conflict_handler", "resolve")
        super().__init__(*args, **kwargs)
        add_global_options(self, argparse.SUPPRESS)


def current_language() -> str:
    """The language being spoken (the default outside ``speaking``)."""
    return _speaking[0]


def add_printer_option(parser: Parser) -> None:
    """``--lp [PRINTER]``: the report to the system's printer too (``reports.printer``)."""
    parser.add_argument(
        "--lp",
        dest="report_printer",
        nargs="?",
        const="",
        default=None,
        metavar=_("PRINTER"),
        help=_("send it to the printer: PRINTER, else the default one"),
    )
