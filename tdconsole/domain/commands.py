"""Every command described once: its name on the command line, its console keys and their
labels, when it may be given, who may give it, and its summaries (harlequin's table of actions).

The command classes read their role from here (``Command.director_only``, ``.article``); the
console's keys, help, palette and phase checks are built from it (``ui.screens.console_keys``);
a test holds it to every command class, the command line's names and the summaries' messages.
It imports no command module: the console's first frame and a command line read it for free.
"""

from __future__ import annotations

from typing import Any

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description as Description
from tdconsole.domain.described import Key as Key
from tdconsole.domain.described import When, Words, action_id
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.summaries import Summary, fields_of
from tdconsole.i18n import Msg, _


def _d(
    command: str,
    module: str,
    cli: str,
    when: When,
    director: str | None,
    summaries: tuple[Msg, ...],
    *keys: Key,
    words: Words | None = None,
    prints: str | None = None,
) -> Description:
    """A description; ``director``: the article that keeps it to the Director ("" for none,
    None when the floor may give it too)."""
    only = director is not None
    return Description(
        command, module, cli, summaries, keys, when, only, director or None, words, prints
    )


CLOCK_WORDS = {
    "start": _("Start clock"),
    "pause": _("Clock stopped"),
    "resume": _("RUNNING"),
    "announce": _("Announce"),
    "next": _("Next level"),
    "prev": _("Previous level"),
    "add": _("Add a minute"),
    "sub": _("Remove a minute"),
}
"""What the console says a clock's action did (the time set is said with the time)."""


def _clock(command: Any) -> Msg:
    if command.action == "set":  # the time as its summary says it
        return _("Clock set to {left}").format(left=command.describe().fields["time"])
    return CLOCK_WORDS.get(command.action, _("Settings"))


PLAY: When = "in play"
BEFORE: When = "before the start"
ANY: When = "any time"

# In the order of the console's keys (its footer, its help, its palette). A key: the key, its
# action, its label, shown in the footer, a floor terminal may use it.
# fmt: off
DESCRIPTIONS: tuple[Description, ...] = (
    _d("ClockControl", "clock_events", "clock", PLAY, "III.5",
       (*said.CLOCK.values(), said.CLOCK_SHIFT, said.CLOCK_SET),
       Key("space", "clock_toggle", _("Pause / resume"), True),
       Key("a", "clock('announce')", _("Announce"), True),
       Key("n", "clock('next')", _("Next level")),
       Key("b", "clock('prev')", _("Previous level")),
       Key("plus", "clock_time('add')", _("Add a minute")),
       Key("minus", "clock_time('sub')", _("Remove a minute")),
       Key("T", "clock_set", _("Set the time")), words=_clock),
    *SLICE_DESCRIPTIONS,
)
# fmt: on

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
