"""What the rulebook commands (``rules_cmds``) and the calculators (``calc_cmds``,
``calc_showdown``) share: the command's language, its refusals said in it, printed lines, JSON
documents and the articles cited.

Their language: the command's own ``--lang``, else the console's (``--lang``, else the current
event's language, else Italian); refusals follow it too. JSON is the same in both languages.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import lang as console_lang
from tdconsole.cli.data_cmds import follow_event_language
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg

if TYPE_CHECKING:
    from tdconsole.rules.books import Lang


def command_lang(args: argparse.Namespace) -> str:
    """The command's language; its own ``--lang`` is also the language of its refusals."""
    own = getattr(args, "rule_lang", None)
    if own:
        if getattr(args, "lang", None) is None:
            args.lang = own
        return str(own)
    follow_event_language(args)
    return console_lang(args)


def book_lang(lang: str) -> Lang:
    """The rulebooks' language for the console's: they are written in Italian and English."""
    return "en" if lang == "en" else "it"


def speaks_command_lang(
    func: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """A handler whose refusals are said in the command's language (the event's is looked up
    only when there is something to say)."""

    @functools.wraps(func)
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except RuleError:
            command_lang(args)
            raise

    return run


def say_line(lang: str, message: Msg) -> None:
    """Print ``message`` in ``lang``, one line."""
    print(message.text(lang))


def emit_document(document: Any) -> None:
    """Print ``document`` as JSON (the same in every language)."""
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def articles_text(articles: Any) -> str:
    """The articles cited, as ``Art. 1.2, Art. 3.4``."""
    return ", ".join(f"Art. {a}" for a in articles)
