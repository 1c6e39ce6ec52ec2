"""The console's keys: every action with its key and label, and who may use it when."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from tdconsole.domain.commands import BY_COMMAND, Key, actions
from tdconsole.domain.described import action_id
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _

if TYPE_CHECKING:
    from datetime import datetime

    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.events import Command

TABS = ("tables", "players", "prizes", "standings", "rules", "season")


def _keys(*commands: str) -> tuple[Key, ...]:
    """The console keys of ``commands``, as their descriptions give them."""
    return tuple(key for command in commands for key in BY_COMMAND[command].keys)


# Every key in the order of the footer, the help and the palette: the commands' keys from
# their descriptions (``domain.commands``), the console's own between them.
ACTIONS: tuple[Key, ...] = (
    *_keys(
        "ClockControl",
        "CallBreak",
        "Bust",
        "SecondStack",
        "Count",
        "CloseTable",
        "Final",
        "Disqualify",
    ),
    Key("t", "call_clock", _("Call the clock"), floor=True),
    *_keys("RecordRuling", "Sanction", "MarkServed", "EditLevel"),
    Key("S", "structure", _("Structure")),
    *_keys(
        "MovePlayer",
        "ColourUp",
        "HandOverPrize",
        "ShowMessage",
        "MoveButton",
        "Draw",
        "Start",
        "Register",
        "Pay",
        "Withdraw",
        "ChangeSettings",
        "TakeOver",
    ),
    Key("p", "print", _("Print"), shown=True, floor=True),
    Key("u", "undo", _("Undo"), shown=True, floor=True),
    Key("r", "redo", _("Redo"), floor=True),
    Key("f2", "calc('sidepots')", _("Side pots"), floor=True),
    Key("f3", "calc('chips')", _("Chips pushed"), floor=True),
    Key("f4", "calc('raise')", _("Minimum raise"), floor=True),
    Key("f5", "calc('button')", _("Button and blinds"), floor=True),
    Key("f6", "calc('showdown')", _("Showdown"), floor=True),
    Key("f7", "calc('clock')", _("Clock call"), floor=True),
    Key("ctrl+l", "cite", _("Cite in log")),
    Key("slash", "search", _("Search"), floor=True),
    Key("question_mark", "help", _("Keys"), shown=True, floor=True),
    Key("q", "quit", _("Quit"), floor=True),
)

BEFORE_START = actions("before the start")
"""What only makes sense before the start; the play and the clock only after it."""
IN_PLAY = actions("in play") | {"call_clock"}

FLOOR_ACTIONS = {action_id(k.action) for k in ACTIONS if k.floor} | {
    "tab",
    "rules",
    "leave_search",
    "end_search",
}

SEARCH_BOXES = {
    "player-search": "#player-table",
    "rule-search": "#rule-results",
    "season-name": "#season-table",
}
"""Each search box (and the Season tab's field) and the view Escape returns to."""
ENTER_ENDS = {"player-search", "rule-search"}
"""The search boxes Enter leaves for their view, as Escape does."""


@cache
def command_of(action: str) -> type[Command] | None:
    """The command an action's key gives (its description's), None for the console's own."""
    for described in BY_COMMAND.values():
        if any(action_id(key.action) == action for key in described.keys):
            module = import_module(f"tdconsole.domain.{described.module}")
            command: type[Command] = getattr(module, described.command)
            return command
    return None


def refusal(event: ConsoleView, action: str, now: datetime | None = None) -> RuleError | None:
    """Why the command of ``action`` is refused in ``event`` (at ``now``, when given) whatever
    its dialog would hold (the command's own ``check_applies``, ``check_applies_at``:
    ``console_view.Checks``); None when it may be given."""
    command = command_of(action)
    return None if command is None else event.checks.refusal(command, now)


OVER = {
    "close_table",
    "count",
    "command('Disqualify')",
    "command('MovePlayer')",
    "command('MoveButton')",
    "colour_up",
    "call_clock",
}
"""The play's keys that no longer apply once the tournament is over (whatever their commands
would say of a finished event)."""

KEY_OF_ACTION = {action_id(k.action): k for k in ACTIONS}


def why_not(event: ConsoleView, action: str, now: datetime | None = None) -> RuleError | None:
    """Why the key of ``action`` does not apply in ``event`` (at ``now``: the clock's time),
    with its article (None: it does): its command's refusal, or the stage (before the start,
    in play, over)."""
    key = KEY_OF_ACTION.get(action)
    what = key.label if key is not None else action
    if event.view.phase == "finished" and action in OVER:
        return RuleError(_("{what}: the tournament is over").format(what=what), "IV.7")
    refused = refusal(event, action, now)
    if refused is not None:
        return refused
    started = event.view.starting_stack is not None
    if started and action in BEFORE_START:
        return RuleError(_("the tournament has already started"), "III.1")
    if not started and action in IN_PLAY:
        return RuleError(
            _("{what}: the tournament has not started (`start`)").format(what=what), "III.1"
        )
    return None
