"""A command's description is read by every face: one added without its pieces (its command
class, its name on the command line, its keys in the console and their actions, the Italian
of its summaries) is refused by name, not left for a user to find."""

from __future__ import annotations

import importlib

from tdconsole.cli import COMMANDS
from tdconsole.domain.commands import DESCRIPTIONS, Description, Key
from tdconsole.i18n import _, pgettext
from tdconsole.ui.screens.console_actions import ConsoleActions
from tdconsole.ui.screens.console_keys import ACTIONS


def missing(description: Description) -> list[str]:
    """What ``description`` names that is not there."""
    gaps: list[str] = []
    module = importlib.import_module(f"tdconsole.domain.{description.module}")
    if not isinstance(getattr(module, description.command, None), type):
        gaps.append(f"the class {description.module}.{description.command}")
    names = {name for names in COMMANDS.values() for name in names}
    if description.cli.split()[0] not in names:
        gaps.append(f"the command line's {description.cli!r}")
    for key in description.keys:
        if key not in ACTIONS:
            gaps.append(f"the key {key.key!r} among the console's")
        if not hasattr(ConsoleActions, f"action_{key.action.split('(')[0]}"):
            gaps.append(f"the console's action {key.action!r}")
    said = [*description.summaries, *(k.label for k in description.keys)]
    for message in said:
        if message.template("it") == message.msgid:
            gaps.append(f"the Italian of {message.msgid!r}")
    return gaps


def test_every_description_has_its_pieces() -> None:
    assert {d.command: missing(d) for d in DESCRIPTIONS} == {d.command: [] for d in DESCRIPTIONS}


def test_a_description_added_alone_is_refused_for_each_missing_piece() -> None:
    added = Description(
        "RenamePlayer",
        "registration",
        "rename",
        (pgettext("summary", "rename {name} to {new}"),),
        (Key("R", "rename", _("Rename a player")),),
    )
    assert missing(added) == [
        "the class registration.RenamePlayer",
        "the command line's 'rename'",
        "the key 'R' among the console's",
        "the console's action 'rename'",
        "the Italian of 'rename {name} to {new}'",
        "the Italian of 'Rename a player'",
    ]
