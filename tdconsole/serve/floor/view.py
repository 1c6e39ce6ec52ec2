"""What the phone shows, as JSON: the event now, and every word of the page in its language.

The page (``static/floor.html``, ``floor.js``) holds no word of its own: each label comes from
``page_words`` (marked messages of the catalogue, said in the event's language), each line
about an action from the server. Player names are sent as data and set as text by the page,
never as HTML.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.domain.numbers import chips_text
from tdconsole.domain.play_common import (
    can_take_second_stack,
    current_big_blind,
    second_stack_amount,
)
from tdconsole.domain.state import Player, State
from tdconsole.domain.view import clock_json
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
        "undo": pgettext("floor page", "Undo this action"),
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
        "offline": _("No connection: trying again…"),
        "nobody": _("No player in play matches"),
        "place": _("{name}: {place}"),
        "may_take": _("may still take the second stack of {amount} chips"),
    }


def page_words(lang: str) -> dict[str, str]:
    """Every word of the phone's page in ``lang``."""
    return {key: message.template(lang) for key, message in _words().items()}


def player_json(state: State, player: Player, amounts: dict[int, int | None]) -> dict[str, Any]:
    """One player as the phone lists him; ``amounts``: each table's second stack now, its
    average stack (Art. III.3), offered to whoever may still take it (Art. III.2)."""
    offer: int | None = None
    if player.table is not None and can_take_second_stack(state, player):
        offer = amounts.get(player.table)
    return {
        "name": player.name,
        "table": player.table,
        "seat": player.seat,
        "chips": player.chips,
        "chips_text": chips_text(player.chips) if player.chips is not None else "",
        "second_stack": offer,
        "second_stack_text": chips_text(offer) if offer is not None else "",
    }


def state_json(state: State, now: datetime, staff: str, lang: str) -> dict[str, Any]:
    """The event as the phone shows it."""

    clock = clock_json(state, now)
    big_blind = current_big_blind(state, now)
    amounts = {t.number: second_stack_amount(state, t) for t in state.open_tables()}
    return {
        "seq": state.last_seq,
        "event": state.name,
        "phase": state.phase,
        "staff": staff,
        "lang": lang,
        "in_play": state.in_play,
        "next_place": state.in_play,
        "big_blind": big_blind,
        "clock": None
        if clock is None
        else {
            "level": clock["level"],
            "small": chips_text(clock["small_blind"]),
            "big": chips_text(clock["big_blind"]),
            "running": clock["running"],
            "remaining_seconds": clock["remaining_seconds"],
        },
        "players": [player_json(state, p, amounts) for p in state.in_players()],
    }


class SharedStates:
    """The phone's state at one change, built once for all the phones that follow it, each
    given its own staff member's name: built per phone, 30 phones built it 30 times at each
    change (its players' list most of the server's work under the floor's load)."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[object, dict[str, Any]]] = {}
        """For each language, the last change (what the watcher sent) and its body."""

    def body(
        self, change: object, state: State, now: datetime, staff: str, lang: str
    ) -> dict[str, Any]:
        """``state_json`` at ``change`` (the watcher's one object for all phones)."""
        built = self._built.get(lang)
        if built is None or built[0] is not change:
            built = (change, state_json(state, now, "", lang))
            self._built[lang] = built
        return {**built[1], "staff": staff}
