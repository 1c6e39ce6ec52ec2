"""The console's keys: every action with its key and label, and who may use it when."""

from __future__ import annotations

from tdconsole.i18n import Msg, _

TABS = ("tables", "players", "prizes", "standings", "rules", "season")

# (key, action, label, shown in the footer, floor may use it)
ACTIONS: tuple[tuple[str, str, Msg, bool, bool], ...] = (
    ("space", "clock_toggle", _("Pause / resume"), True, False),
    ("a", "clock('announce')", _("Announce"), True, False),
    ("n", "clock('next')", _("Next level"), False, False),
    ("b", "clock('prev')", _("Previous level"), False, False),
    ("plus", "clock_time('add')", _("Add a minute"), False, False),
    ("minus", "clock_time('sub')", _("Remove a minute"), False, False),
    ("T", "clock_set", _("Set the time"), False, False),
    ("e", "eliminate", _("Eliminate"), True, True),
    ("d", "second_stack", _("Second stack"), True, True),
    ("k", "count", _("Count"), False, True),
    ("c", "close_table", _("Close table"), True, False),
    ("f", "final", _("Final table draw"), True, False),
    ("x", "disqualify", _("Disqualify"), False, False),
    ("t", "call_clock", _("Call the clock"), False, True),
    ("l", "ruling", _("Record ruling"), False, False),
    ("z", "sanction", _("Sanction"), False, False),
    ("m", "mark_served", _("Suspension served"), False, True),
    ("h", "edit_level", _("Edit a level"), False, False),
    ("S", "structure", _("Structure"), False, False),
    ("M", "move_player", _("Move a player"), False, False),
    ("C", "colour_up", _("Colour-up"), False, False),
    ("B", "button", _("Button"), False, True),
    ("s", "draw", _("Seat draw"), True, False),
    ("g", "start", _("Start tournament"), True, False),
    ("i", "register", _("Register"), True, False),
    ("y", "pay(False)", _("Pay"), True, False),
    ("Y", "pay_several", _("Pay several"), False, False),
    ("v", "pay(True)", _("Food"), False, False),
    ("w", "withdraw", _("Withdraw"), False, False),
    ("o", "settings", _("Settings"), False, False),
    ("p", "print", _("Print"), True, True),
    ("u", "undo", _("Undo"), True, True),
    ("r", "redo", _("Redo"), False, True),
    ("f2", "calc('sidepots')", _("Side pots"), False, True),
    ("f3", "calc('chips')", _("Chips pushed"), False, True),
    ("f4", "calc('raise')", _("Minimum raise"), False, True),
    ("f5", "calc('button')", _("Button and blinds"), False, True),
    ("f6", "calc('showdown')", _("Showdown"), False, True),
    ("f7", "calc('clock')", _("Clock call"), False, True),
    ("ctrl+l", "cite", _("Cite in log"), False, False),
    ("slash", "search", _("Search"), False, True),
    ("question_mark", "help", _("Keys"), True, True),
    ("q", "quit", _("Quit"), False, True),
)

BEFORE_START = {"draw", "start", "register", "pay", "pay_several", "withdraw"}
"""What only makes sense before the start; the play and the clock only after it."""
IN_PLAY = {
    "clock_toggle",
    "clock",
    "clock_time",
    "clock_set",
    "eliminate",
    "second_stack",
    "count",
    "close_table",
    "final",
    "disqualify",
    "call_clock",
    "sanction",
    "mark_served",
    "edit_level",
    "button",
    "move_player",
    "colour_up",
}

FLOOR_ACTIONS = {
    action.split("(")[0] for _key, action, _label, _shown, floor in ACTIONS if floor
} | {
    "tab",
    "rules",
    "leave_search",
}

SEARCH_BOXES = {"player-search": "#player-table", "rule-search": "#rule-results"}
"""Each search box and the view Escape returns to."""
