"""The words of each player's own page (``/players``), in the event's language: templates with
their ``{placeholders}`` left for the page to fill. The clock's words are the room's own
(``tdconsole.words.room``), so the phone says the level and the blinds as the TV does."""

from __future__ import annotations

from tdconsole.i18n import Msg, _
from tdconsole.words import templates
from tdconsole.words.room import WORDS as ROOM_WORDS

WORDS: dict[str, Msg] = {
    "title": _("My table"),
    "find": _("Your name"),
    "find_hint": _("Type any part of your name, then choose it."),
    "none_found": _("No player in play or placed has that name."),
    "not_drawn": _("The seats are not drawn yet: your table and seat appear here after the draw."),
    "view_only": _(
        "A view of the room's public board, not a sign-in: anyone may look up any name."
    ),
    "change": _("Another name"),
    "table": _("Table {table}"),
    "final_table": _("Final table"),
    "seat": _("Seat {seat}"),
    "card": _("Card {card}"),
    "your_seat": _("Your seat"),
    "your_final_seat": _("Your seat at the final table"),
    "moved": _("Table {table} is closed: you move here"),
    "at_table": _("At your table"),
    "taken": _("second stack taken"),
    "may_take": _("You may still take your second stack: at your table it is {amount} chips now."),
    "has_taken": _("You have taken your second stack."),
    "no_more": _("Second stacks are no longer given."),
    "place": _("{place}° place"),
    "tied": _("{place}° place (shared)"),
    "prize": _("Your prize: {prize}"),
    "handed": _("The Director hands prizes over at his table: go there with this page."),
    "results": _("Results"),
    "winner": _("Winner: {name}"),
    "message": _("Message from the Director"),
    "reconnecting": _("reconnecting…"),
}

CLOCK = (
    "level", "break", "blinds", "ante", "resume_blinds", "last_minute", "stopped",
)  # fmt: skip
"""The room's words the players' page says too."""


def page_words(lang: str) -> dict[str, str]:
    """Every word of the players' page in ``lang``, placeholders still to fill."""
    return templates({key: ROOM_WORDS[key] for key in CLOCK} | WORDS, lang)
