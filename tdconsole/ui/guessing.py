"""The Director's console says when someone may be guessing the served floor's PINs.

``tdconsole serve`` (another process) counts the wrong PINs typed on phones in a small file of
the data folder (``tdconsole.store.attempts``); the console reads that count now and then, and
past ``NOTICE_AT`` wrong PINs in the last minute says so in one notice, at most once a minute.
"""

from __future__ import annotations

from math import inf
from pathlib import Path

from tdconsole.i18n import Msg, ngettext
from tdconsole.store.attempts import GUESSES_PER_MINUTE, MINUTE, wrong_lately

CHECK_SECONDS = 5.0
"""How often the console reads the count (a small SQLite read)."""
NOTICE_AT = GUESSES_PER_MINUTE // 3
"""Wrong PINs within a minute that make a notice: a phone mistyping stops well before."""


class GuessWatch:
    """When to read the count and when to say it (on the console's monotonic clock)."""

    def __init__(self) -> None:
        self._checked = -inf
        self._said = -inf

    def notice(self, event: Path, wall: float, now: float) -> Msg | None:
        """The notice to show now about ``event``'s floor (``wall``: Unix seconds), or None."""
        if now - self._checked < CHECK_SECONDS:
            return None
        self._checked = now
        if now - self._said < MINUTE:
            return None
        wrong = wrong_lately(event, wall)
        if wrong < NOTICE_AT:
            return None
        self._said = now
        return ngettext(
            "wrong floor PINs: {n} in the last minute (someone may be guessing; "
            "the floor refuses PINs past {ceiling} a minute)",
            "wrong floor PINs: {n} in the last minute (someone may be guessing; "
            "the floor refuses PINs past {ceiling} a minute)",
            wrong,
        ).format(n=wrong, ceiling=GUESSES_PER_MINUTE)
