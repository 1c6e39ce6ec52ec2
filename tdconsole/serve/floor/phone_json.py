"""What the phone shows, as JSON: the event now, and every word of the page in its language.

The page (``static/floor.html``, ``floor.js``) holds no word of its own: each label comes from
``tdconsole.words.floor.page_words`` (said in the event's language), each line
about an action from the server. Player names are sent as data and set as text by the page,
never as HTML.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.domain.read_model import to_json
from tdconsole.domain.served import Served


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
