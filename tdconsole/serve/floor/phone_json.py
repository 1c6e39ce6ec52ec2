"""What the phone shows, as JSON: the event now, and every word of the page in its language.

The page (``static/floor.html``, ``floor.js``) holds no word of its own: each label comes from
``page_words`` (marked messages of the catalogue, said in the event's language), each line
about an action from the server. Player names are sent as data and set as text by the page,
never as HTML.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.domain.read_model import to_json
from tdconsole.domain.served import Served
from tdconsole.i18n import Msg, _, pgettext


def _words() -> dict[str, Msg]:
    return {
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
    """Every word of the phone's page in ``lang``."""
    return {key: message.template(lang) for key, message in _words().items()}


def state_json(event: Served, now: datetime, staff: str, lang: str) -> dict[str, Any]:
    """The event as the phone shows it (``floor_model``'s document)."""
    document: dict[str, Any] = to_json(event.floor(now, staff, lang))
    return document


class SharedStates:
    """The phone's state at one change, built once for all the phones that follow it, each
    given its own staff member's name: built per phone, 30 phones built it 30 times at each
    change (its players' list most of the server's work under the floor's load)."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[object, dict[str, Any]]] = {}
        """For each language, the last change (what the watcher sent) and its body."""

    def body(
        self, change: object, event: Served, now: datetime, staff: str, lang: str
    ) -> dict[str, Any]:
        """``state_json`` at ``change`` (the watcher's one object for all phones)."""
        built = self._built.get(lang)
        if built is None or built[0] is not change:
            built = (change, state_json(event, now, "", lang))
            self._built[lang] = built
        return {**built[1], "staff": staff}
