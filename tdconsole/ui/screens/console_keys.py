"""The console's keys: every action with its key and label, and who may use it when."""

from __future__ import annotations

from tdconsole.domain.commands import BY_COMMAND, Key, actions
from tdconsole.i18n import _

TABS = ("tables", "players", "prizes", "standings", "rules", "season")


def _keys(*commands: str) -> tuple[Key, ...]:
    """The console keys of ``commands``, as their descriptions give them."""
    return tuple(key for command in commands for key in BY_COMMAND[command].keys)


# Every key in the order of the footer, the help and the palette: the commands' keys from
# their descriptions (``domain.commands``), the console's own between them.
ACTIONS: tuple[Key, ...] = (
    *_keys("ClockControl", "Bust", "SecondStack", "Count", "CloseTable", "Final", "Disqualify"),
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

FLOOR_ACTIONS = {k.action.split("(")[0] for k in ACTIONS if k.floor} | {
    "tab",
    "rules",
    "leave_search",
}

SEARCH_BOXES = {"player-search": "#player-table", "rule-search": "#rule-results"}
"""Each search box and the view Escape returns to."""
