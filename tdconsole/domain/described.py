"""What every face knows of a command without importing it: its name on the command line, its
console keys and their labels, when it may be given, who may give it, its summaries
(each command's own module, ``slices``, gives its own; ``commands`` lists them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from tdconsole.i18n import Msg

When = Literal["before the start", "in play", "any time"]
"""When the console offers a command: before the start (registration and the draw, the start
itself), once the tournament has started, or at any time."""


class Key(NamedTuple):
    """One of the console's keys: the key, the action it runs, its label, whether the footer
    shows it, whether a floor terminal may use it, and when it is offered when that is not
    when its command is."""

    key: str
    action: str
    label: Msg
    shown: bool = False
    floor: bool = False
    when: When | None = None


@dataclass(frozen=True)
class Description:
    """One command, as every face knows it."""

    command: str
    """Its class's name, in ``tdconsole.domain.<module>``."""
    module: str
    cli: str
    """Its name on the command line (with its option when it shares the name)."""
    summaries: tuple[Msg, ...]
    """The messages its summary is said with (``summaries``)."""
    keys: tuple[Key, ...] = ()
    """Its keys in the console (none: the command line alone)."""
    when: When = "any time"
    director_only: bool = False
    """Who may give it: the Director alone, or the floor too."""
    article: str | None = None
    """The article a floor terminal is refused with (``director_only``)."""
    prints: str | None = None
    """The report its words name for ``p`` to print (the print dialog starts on it)."""
    phone: bool = False
    """Given on the phone too, behind the Director's PIN (a Director-only command written in
    one module: ``serve.floor.commands``)."""
    parsed_by: str | None = None
    """The module of ``tdconsole.cli`` whose own parser reads its command line, beside what
    its name does with no fields (``clock_cmds``: the clock's status and plan), instead of
    the parser built from its fields."""


def action_id(action: str, parameters: tuple[object, ...] = ()) -> str:
    """An action as the keys' tables name it: its method's name (``eliminate`` for
    ``eliminate``, ``tab`` for ``tab('players')``), but a command written in one module by the
    whole call (``command('CallBreak')``), which Textual hands over as the name ``command``
    with the command's name in ``parameters``."""
    name = action.partition("(")[0]
    if name != "command":
        return name
    return f"command({parameters[0]!r})" if parameters else action
