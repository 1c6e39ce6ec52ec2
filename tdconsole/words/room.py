"""The words of the room's web page, in the event's language: templates with their
``{placeholders}`` left for the page to fill (the terminal display says the same messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.i18n import Msg, _, ngettext, pgettext
from tdconsole.words import templates

if TYPE_CHECKING:
    from tdconsole.domain.room import Room

WORDS: dict[str, Msg] = {
    "level": _("LEVEL {level}"),
    "break": _("BREAK"),
    "blinds": _("BLINDS {sb} / {bb}"),
    "ante": _("ANTE {ante}"),
    "next": _("NEXT {sb} / {bb}"),
    "then_break": _("THEN A BREAK"),
    "last_level": _("LAST LEVEL"),
    "last_minute": _("LAST MINUTE"),
    "pending": _("TIME IS UP — NEXT: LEVEL {level}, {sb} / {bb}"),
    "pending_break": _("TIME IS UP — THE BREAK IS NEXT"),
    "pending_resume": _("THE BREAK IS OVER — NEXT: LEVEL {level}, {sb} / {bb}"),
    "stopped": _("CLOCK STOPPED"),
    "resumes_at": _("PLAY RESUMES AT {time}"),
    "resume_blinds": _("LEVEL {level}: BLINDS {sb} / {bb}"),
    "colour_up": _("Colour-up: the {chip} chips leave play, changed for {to}"),
    "in_play": _("In play {n} / {entrants}"),
    "average": _("Average {avg}"),
    "bb_one": ngettext("({n} big blind)", "({n} big blinds)", 1),
    "bb_many": ngettext("({n} big blind)", "({n} big blinds)", 2),
    "pool": _("Prize pool {pool}"),
    "next_break": _("Next break in {time}"),
    "coming": _("Coming up"),
    "upcoming_level": _("Level {level}"),
    "upcoming_break": _("Break, {minutes} min"),
    "second_stack": _("Second stack now"),
    "second_at": _("Table {table} → {amount}"),
    "seats_drawn": _("The seats are drawn: find your seat"),
    "final_drawn": _("The final table is drawn: find your seat"),
    "closed": _("Table {table} is closed: these players move"),
    "seats": _("Seats, by name"),
    "final_table": _("Final table"),
    "table": _("Table {table}"),
    "seat": _("Seat {seat}"),
    "chips": _("Chips"),
    "chips_at": _("Chips at {time}"),
    "col_table": _("Table"),
    "col_seat": _("Seat"),
    "col_points": _("Points"),
    "waiting": _("The clock starts with the tournament"),
    "winner": _("WINNER"),
    "over": _("TOURNAMENT OVER"),
    "paid": _("Paid places"),
    "dq": _("DQ"),
    "entrants": _("Entrants {n}"),
    "season": _("SEASON STANDINGS — {season}"),
    "points": _("points"),
    "phone": _("Your table and seat on your phone"),
    "sound": _("Tap or press a key for sound"),
    "reconnecting": _("reconnecting…"),
    "no_tables": _("No table is open"),
    "button_mark": pgettext("the button's mark on the room's screen", "D"),
    "button_said": _("the button"),
    "second_mark": pgettext("the second stack's mark on the room's screen", "2nd"),
    "second_said": _("second stack taken"),
}
SPOKEN: dict[str, Msg] = {
    "level": _("Level {level}. Blinds {sb} and {bb}."),
    "level_ante": _("Level {level}. Blinds {sb} and {bb}, ante {ante}."),
    "break": _("The break begins."),
    "resume": _("The break is over."),
    "minute": _("One minute left."),
    "break_minute": _("One minute to the end of the break."),
}
"""What the room's screens say aloud at their chimes (``spoken``)."""


def page_words(lang: str) -> dict[str, str]:
    """Every word of the room's page in ``lang``, placeholders still to fill."""
    return templates(WORDS, lang)


def spoken(sound: str | None, shown: Room, lang: str) -> str | None:
    """The sentence the room's screens say aloud with ``sound`` (at a level's start, its
    blinds and ante; a break's start and end; one minute left), in ``lang``; None for none
    (no sound, the time up: the Director announces the change)."""

    def say(key: str, **values: object) -> str:
        return str(SPOKEN[key].format(**values).text(lang))

    if sound in ("level", "resume") and shown.blinds is not None:
        b = shown.blinds
        key = "level_ante" if b.ante else "level"
        level = say(key, level=b.level, sb=b.small_blind, bb=b.big_blind, ante=b.ante)
        return say("resume") + " " + level if sound == "resume" else level
    if sound == "break":
        return say("break")
    if sound == "minute":
        return say("break_minute" if shown.is_break else "minute")
    return None
