"""Every command described once, by its own module (``domain.slices``, read from their
manifest): its name on the command line, its console keys and their labels, when it may be
given, who may give it, and its summaries.

The command classes read their role from here (``Command.director_only``, ``.article``); the
console's keys, help, palette and phase checks are built from it (``ui.screens.console_keys``);
a test holds it to every command class, the command line's names and the summaries' messages.
It imports no command module: the console's first frame and a command line read it for free.
"""

from __future__ import annotations

from tdconsole.domain.described import Description as Description
from tdconsole.domain.described import Key as Key
from tdconsole.domain.described import When, action_id
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.summaries import Summary, fields_of
from tdconsole.i18n import Msg

DESCRIPTIONS: tuple[Description, ...] = SLICE_DESCRIPTIONS
"""Every command's description, in the order of the console's keys (its footer, its help, its
palette): each command module's (``domain.slices``)."""

BY_COMMAND: dict[str, Description] = {d.command: d for d in DESCRIPTIONS}
"""Each command's description, by its class's name."""


def description_of(kind: type) -> Description | None:
    """The description of a command class, or of the nearest of its bases that has one."""
    for cls in kind.__mro__:
        described = BY_COMMAND.get(cls.__name__)
        if described is not None and cls.__module__ == f"tdconsole.domain.{described.module}":
            return described
    return None


MESSAGES: dict[str, Msg] = {m.msgid: m for d in DESCRIPTIONS for m in d.summaries}
"""Every summary's message, by its id: the only ones a log's data may name."""


def recorded(text: str, message: str | None, fields: dict[str, str] | None) -> str:
    """A summary as the log holds it: its data when they name one of the summaries with
    exactly its fields (anything else in a file is not obeyed), else the English text."""
    known = MESSAGES.get(message) if message is not None else None
    if known is None or fields is None or set(fields) != fields_of(known):
        return text
    if not all(isinstance(value, str) for value in fields.values()):
        return text
    return Summary(known.format(**fields), text)


def actions(when: When) -> frozenset[str]:
    """The console's actions (their names, without arguments) of the commands given ``when``."""
    return frozenset(
        action_id(key.action)
        for d in DESCRIPTIONS
        for key in d.keys
        if (key.when or d.when) == when
    )
