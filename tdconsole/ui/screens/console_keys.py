"""The console's keys: every action with its key and label, and who may use it when."""

from __future__ import annotations

TABS = ("tables", "players", "prizes", "standings", "rules", "season")

# (key, action, English label, shown in the footer, floor may use it)
ACTIONS: tuple[tuple[str, str, str, bool, bool], ...] = (
    ("space", "clock_toggle", "Pause / resume", True, False),
    ("a", "clock('announce')", "Announce", True, False),
    ("n", "clock('next')", "Next level", False, False),
    ("b", "clock('prev')", "Previous level", False, False),
    ("plus", "clock_time('add')", "Add a minute", False, False),
    ("minus", "clock_time('sub')", "Remove a minute", False, False),
    ("e", "eliminate", "Eliminate", True, True),
    ("d", "second_stack", "Second stack", True, True),
    ("k", "count", "Count", False, True),
    ("c", "close_table", "Close table", True, False),
    ("f", "final", "Final table draw", True, False),
    ("x", "disqualify", "Disqualify", False, False),
    ("t", "call_clock", "Call the clock", False, True),
    ("l", "ruling", "Record ruling", False, False),
    ("z", "sanction", "Sanction", False, False),
    ("m", "mark_served", "Suspension served", False, True),
    ("h", "edit_level", "Edit a level", False, False),
    ("S", "structure", "Structure", False, False),
    ("M", "move_player", "Move a player", False, False),
    ("C", "colour_up", "Colour-up", False, False),
    ("B", "button", "Button", False, True),
    ("s", "draw", "Seat draw", True, False),
    ("g", "start", "Start tournament", True, False),
    ("i", "register", "Register", True, False),
    ("y", "pay(False)", "Pay", True, False),
    ("v", "pay(True)", "Food", False, False),
    ("w", "withdraw", "Withdraw", False, False),
    ("o", "settings", "Settings", False, False),
    ("p", "print", "Print", True, True),
    ("u", "undo", "Undo", True, True),
    ("r", "redo", "Redo", False, True),
    ("f2", "calc('sidepots')", "Side pots", False, True),
    ("f3", "calc('chips')", "Chips pushed", False, True),
    ("f4", "calc('raise')", "Minimum raise", False, True),
    ("f5", "calc('button')", "Button and blinds", False, True),
    ("f6", "calc('showdown')", "Showdown", False, True),
    ("f7", "calc('clock')", "Clock call", False, True),
    ("ctrl+l", "cite", "Cite in log", False, False),
    ("slash", "search", "Search", False, True),
    ("question_mark", "help", "Keys", True, True),
    ("q", "quit", "Quit", False, True),
)

BEFORE_START = {"draw", "start", "register", "pay", "withdraw"}
"""What only makes sense before the start; the play and the clock only after it."""
IN_PLAY = {
    "clock_toggle",
    "clock",
    "clock_time",
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

FLOOR_ACTIONS = {action.split("(")[0] for _, action, _, _, floor in ACTIONS if floor} | {
    "tab",
    "rules",
    "leave_search",
}

SEARCH_BOXES = {"player-search": "#player-table", "rule-search": "#rule-results"}
"""Each search box and the view Escape returns to."""
