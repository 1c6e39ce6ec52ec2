"""What every command-line command shares: finding the event, printing, and the language of
what is printed (``--lang``, else the event's ``language``, else Italian). It loads neither
pydantic nor the event's models (the console's command line imports it): opening the event is
``opened``'s."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.parsing import DEFAULT_LANG
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_text as chips_text
from tdconsole.domain.numbers import chips_typed
from tdconsole.domain.texts import assignment, check_line
from tdconsole.i18n import PSEUDO, Said, _, languages
from tdconsole.store.faults import oserror_cause
from tdconsole.store.opening import fault, shown
from tdconsole.store.paths import last_event, meant_here, resolve_event_path

if TYPE_CHECKING:
    from tdconsole.domain.settings import Configured
    from tdconsole.service import Tournament

Lang = str
"""A language of the console: ``tdconsole.i18n.languages()``, or the test language ``pseudo``."""


class Control(str):
    """A control sequence the command line writes to a terminal itself (the ``follow`` status
    line's erase): written as it is, where every other text has its control characters shown
    visibly (``cli.Escaping``). Never made from a text the command was given or read."""


class Deferred:
    """A command's function named by its module and name, imported when the command runs: a
    command whose parser is built apart from its body (``season``'s) never loads the body's
    models to print its help or to run its other sub-commands."""

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __call__(self, args: argparse.Namespace) -> int:
        # lazy: the body's module is imported here, as ``tdconsole.cli.COMMANDS`` imports a
        # command's module: the season's models would weigh on `season --help`
        function = getattr(importlib.import_module(self.module), self.name)
        return int(function(args))

    def __repr__(self) -> str:
        return f"Deferred({self.module!r}, {self.name!r})"


def lang(args: argparse.Namespace, state: Configured | None = None) -> Lang:
    """The console's language: ``--lang``, else the event's setting, else Italian.

    The event's setting is ``state``'s, or the one ``open_service`` remembered on ``args``
    (so errors raised after the event was opened follow the event's language too).
    """
    chosen = getattr(args, "lang", None)
    if chosen is None and state is not None:
        chosen = state.settings.language
    if chosen is None:
        chosen = getattr(args, "event_lang", None)
    return chosen if chosen in languages() or chosen == PSEUDO else DEFAULT_LANG


def said(args: argparse.Namespace, message: Said, state: Configured | None = None) -> str:
    """``message`` in the command's language (``lang``): the command line's one translation."""
    return message.text(lang(args, state))


def say(args: argparse.Namespace, message: Said, state: Configured | None = None) -> None:
    """Print one line of a command's output in the command's language."""
    print(said(args, message, state))


def warn(args: argparse.Namespace, service: Tournament[Any]) -> None:
    """What the command ``service`` just recorded warns of (a draw outside the settings, names
    much alike), on stderr in the command's language (the record keeps the English)."""
    for warning in service.warned(service.last_records):
        sys.stderr.write(f"warning: {warning.text(lang(args))}\n")


def storage_refusal(exc: BaseException) -> RuleError | None:
    """A fault of the disk or of a folder (an ``OSError``) or of an event file's medium (an
    SQLite error) that reached the command line: said in one line as what it is, never as a
    traceback. None for anything else (a bug, which must show)."""
    if isinstance(exc, OSError):
        cause = oserror_cause(exc)
        where = shown(exc.filename) if exc.filename is not None else ""
        if where:
            return RuleError(_("cannot use {where}: {cause}").format(where=where, cause=cause))
        return RuleError(_("storage refused: {cause}").format(cause=cause))
    if isinstance(exc, sqlite3.Error):
        raw = getattr(exc, "filename", None)
        return fault(Path(raw) if isinstance(raw, str) else Path("the event file"), exc)
    return None


def given_event(args: argparse.Namespace) -> str | None:
    """The event as typed: ``--event``, else ``TDCONSOLE_EVENT``; None when neither is given."""
    return getattr(args, "event", None) or os.environ.get("TDCONSOLE_EVENT") or None


def event_path(args: argparse.Namespace, *, missing_ok: bool = False) -> Path:
    """``--event``, else ``TDCONSOLE_EVENT``, else the most recently used event. A bare name
    missing from the data folder, with a file of that name here, is refused saying so (unless
    ``missing_ok``: the backups of an event that is gone)."""
    raw = given_event(args)
    if raw:
        path = resolve_event_path(raw)
        here = None if missing_ok else meant_here(raw)
        if here is not None:
            raise RuleError(
                _(
                    "no event file at {path} (a bare name is looked for in the data folder): "
                    "did you mean {here}?"
                ).format(path=shown(path), here=shown(here))
            )
        return path
    last = last_event()
    if last is None:
        raise RuleError(
            _("no event chosen: create one with `tdconsole new NAME`, or give --event PATH"),
        )
    return last


OPENED: list[Tournament] = []
"""The services this command opened (``opened.open_service``), for ``backup_warnings``."""


def backup_warnings(args: argparse.Namespace) -> list[str]:
    """Failed automatic backups of the services this command opened (then forgotten), and
    the folders their files name that this machine passes over (``store.local_folders``)."""
    language = lang(args)
    problems = [s.backup_error_text(language) for s in OPENED]
    said_now = [
        said(args, _("the automatic backup failed: {problem}").format(problem=p))
        for p in problems
        if p
    ]
    said_now += [said(args, n) for service in OPENED for n in service.folder_notices()]
    OPENED.clear()
    return list(dict.fromkeys(said_now))  # an event opened twice is said once


def emit_json(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def parse_assignments(
    items: list[str], what: Said, *, at_first: bool = False
) -> list[tuple[str, str]]:
    """``NAME=N`` or ``KEY=VALUE`` words (``what``: the form, ``_("NAME=N")``); a bad one is a
    one-line error. A name may hold ``=`` (split at the last); with ``at_first`` the value may
    (``KEY=VALUE``: a setting's key never does)."""
    return [assignment(item, what, at_first=at_first) for item in items]


def parse_counts(items: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        ((typed, _value),) = parse_assignments([item], _("NAME=CHIPS"))  # (its form)
        name = check_line(typed, "name")  # as every name field checks it (VII.1)
        # The count as typed, not stripped: the one parser of counts.
        counts[name] = chips_typed(item.rpartition("=")[2], name)
    return counts
