"""The words of the floor staff's phone page (``/floor``), in the event's language: every
label of the page (``static/floor.html``, ``floor.js`` hold none of their own), templates with
their ``{placeholders}`` left for the page to fill."""

from __future__ import annotations

from tdconsole.i18n import Msg, _, pgettext
from tdconsole.words import templates

WORDS: dict[str, Msg] = {
    "title": _("Floor"),
    "sign_in": _("Sign in"),
    "pin": _("Floor PIN"),
    "name": _("Your name"),
    "signed_in_as": _("Floor: {name}"),
    "sign_out": pgettext("floor page", "Sign out"),
    "find": _("Find: any part of a name"),
    "hint": _("Tap a player, then what happened."),
    "in_play": _("in play"),
    "table_seat": _("table {table}, seat {seat}"),
    "chips": _("{chips} chips"),
    "out": pgettext("floor page", "Out"),
    "second_stack": pgettext("floor page", "Second stack"),
    "count": pgettext("floor page", "Count"),
    "add_player": _("Another player out in this hand"),
    "stack_at_start": _("Stack at the start of the hand"),
    "confirm_out": _("Confirm: out"),
    "declined": _("He declines the second stack"),
    "cancel": pgettext("floor page", "Cancel"),
    "undo": pgettext("floor page", "Undo"),  # (short: the result beside it stays whole)
    "redo": pgettext("floor page", "Redo"),
    "second_of": _("Second stack of {amount} chips (table {table}'s average)"),
    "current_stack": _("His stack now (below the big blind)"),
    "confirm_second": _("Confirm: give the second stack"),
    "new_count": _("His chips, counted"),
    "confirm_count": _("Confirm: record the count"),
    "pause": _("Pause the clock"),
    "resume": _("Resume the clock"),
    "director_pin": _("Director's PIN"),
    "confirm_clock": _("Confirm with the Director's PIN"),
    "paused": _("Clock stopped"),
    "running": _("Clock running"),
    "level": _("Level {level}: {small}/{big}"),
    "break": _("Break"),
    "next": _("Next: level {level}, {small}/{big}"),
    "resumes": _("Play resumes at {time}: level {level}, {small}/{big}"),
    "then": _("Then level {level}, {small}/{big}"),
    "next_break": _("Next: break"),
    "break_due": _("Break to announce"),
    "time_up": _("Time is up: level {level}, {small}/{big}, not yet announced"),
    "offline": _("No connection: trying again…"),
    "nobody": _("No player in play matches"),
    "place": _("{name}: {place}"),
    "may_take": _("may still take the second stack of {amount} chips"),
    "message": _("Message to the room: {message}"),
}


def page_words(lang: str) -> dict[str, str]:
    """Every word of the phone's page in ``lang``, placeholders still to fill."""
    return templates(WORDS, lang)
