"""What a command did, in the reader's language.

Every command's summary is one of the messages below with its fields (``Command.said``). The
log keeps them as data on the event that opens the command (``CommandNoted.message`` and
``.fields``), beside the English text older readers show (``.summary``); a reader says the
summary from those fields in its own language (the command line's log, undo and redo, the
console's notifications).

A log written before summaries were data holds the English text alone: it is recognised by a
pattern built from the same message (``OLD_SHAPES``), so the two cannot drift apart. A new
command's messages need no pattern: its description lists them (``commands.MESSAGES``).
"""

from __future__ import annotations

import re

from tdconsole.domain.texts import one_line
from tdconsole.i18n import SOURCE, Msg, pgettext

CREATE_EVENT = pgettext("summary", "create event {name}")
REGISTER = pgettext("summary", "register {name}")
WITHDRAW = pgettext("summary", "withdraw {name}")
ENTRY_FEE = pgettext("summary", "entry fee: {name}")
FOOD = pgettext("summary", "food contribution: {name}")
SET = pgettext("summary", "set {setting}")
SEAT_DRAW = pgettext("summary", "seat draw")
START = pgettext("summary", "start: stack {stack}, big blind {bb}")
COUNT = pgettext("summary", "count {counts}")
SECOND_STACK = pgettext("summary", "second stack: {name}")
ELIMINATED = pgettext("summary", "eliminated: {names}")
DISQUALIFIED = pgettext("summary", "disqualified: {name}")
CLOSE_PLAN = pgettext("summary", "move plan for table {table}")
CLOSE_PLAN_SEATS = pgettext("summary", "move plan for table {table}, table_seats={seats}")
MOVE = pgettext("summary", "Director's move: {name} to table {table} seat {seat}")
COLOUR_UP = pgettext("summary", "colour-up")
SIGN_OUT = pgettext("summary", "sign every phone out")
CLOSE_TABLE = pgettext("summary", "close table {table}")
FINAL = pgettext("summary", "final table draw")
RULING = pgettext("summary", "ruling: {text}")
SANCTIONS = {
    "warning": pgettext("summary", "sanction warning: {name}"),
    "suspend": pgettext("summary", "sanction suspend: {name}"),
    "disqualify": pgettext("summary", "sanction disqualify: {name}"),
}
SERVED = pgettext("summary", "suspension {id} served")
CLOCK = {
    "start": pgettext("summary", "clock started"),
    "pause": pgettext("summary", "clock paused"),
    "resume": pgettext("summary", "clock resumed"),
    "announce": pgettext("summary", "level announced"),
    "next": pgettext("summary", "next level"),
    "prev": pgettext("summary", "previous level"),
}
CLOCK_SHIFT = pgettext("summary", "clock {seconds}s")
"""``seconds`` signed: "+60", "-60"."""
CLOCK_SET = pgettext("summary", "clock set to {time}")
EDIT_LEVEL = pgettext("summary", "edit level {level}")
BUTTON = pgettext("summary", "button at table {table} seat {seat}")
RULEBOOK_IMPORTED = pgettext("summary", "rulebook imported: {book} from {source}")
RULEBOOK_REPLACED = pgettext("summary", "rulebook replaced: {book} from {source}")
PRIZE_HANDED_OVER = pgettext("summary", "prize handed over: {name}")
MESSAGE_SHOWN = pgettext("summary", "message to the room: {text}")
MESSAGE_CLEARED = pgettext("summary", "message to the room cleared")

_FIELD = re.compile(r"\{(\w+)\}")


def fields_of(message: Msg) -> frozenset[str]:
    """The placeholders of ``message``."""
    return frozenset(_FIELD.findall(message.msgid))


def _shape(message: Msg, **fields: str) -> tuple[re.Pattern[str], Msg]:
    """The pattern of an older log's summary shaped as ``message`` (English): each
    ``{field}`` matches ``fields[field]`` (any text by default)."""
    parts = _FIELD.split(message.msgid)
    pattern = "".join(
        f"(?P<{part}>{fields.get(part, '.*')})" if odd else re.escape(part)
        for odd, part in ((i % 2 == 1, part) for i, part in enumerate(parts))
    )
    return re.compile(pattern, re.DOTALL), message


_NUMBER, _WORD = r"\d+", r"\S+"

# Only to read a log written before summaries were data. A summary no shape matches is shown
# as recorded.
OLD_SHAPES: tuple[tuple[re.Pattern[str], Msg], ...] = (
    _shape(CREATE_EVENT),
    _shape(REGISTER),
    _shape(WITHDRAW),
    _shape(ENTRY_FEE),
    _shape(FOOD),
    _shape(SET),
    _shape(SEAT_DRAW),
    _shape(START, stack=_WORD, bb=_WORD),
    _shape(COUNT),
    _shape(SECOND_STACK),
    _shape(ELIMINATED),
    _shape(DISQUALIFIED),
    _shape(CLOSE_PLAN, table=_NUMBER),
    _shape(CLOSE_PLAN_SEATS, table=_NUMBER, seats=_NUMBER),
    _shape(MOVE, table=_NUMBER, seat=_NUMBER),
    _shape(COLOUR_UP),
    _shape(SIGN_OUT),
    _shape(CLOSE_TABLE, table=_NUMBER),
    _shape(FINAL),
    _shape(RULING),
    *(_shape(message) for message in SANCTIONS.values()),
    _shape(SERVED, id=_NUMBER),
    *(_shape(message) for message in CLOCK.values()),
    _shape(CLOCK_SHIFT, seconds=r"[+-]\d+"),
    _shape(CLOCK_SET, time=_WORD),
    _shape(EDIT_LEVEL, level=_NUMBER),
    _shape(BUTTON, table=_NUMBER, seat=_NUMBER),
    _shape(RULEBOOK_IMPORTED, book=_WORD),
    _shape(RULEBOOK_REPLACED, book=_WORD),
    _shape(PRIZE_HANDED_OVER),
    _shape(MESSAGE_SHOWN),
    _shape(MESSAGE_CLEARED),
)


class Summary(str):
    """A command's summary: its English text (what the log's older readers show, and what
    every ``str`` use sees) that also knows its message and fields, to be said in any
    language."""

    said: Msg

    def __new__(cls, said: Msg, text: str | None = None) -> Summary:
        self = super().__new__(cls, one_line(said.text(SOURCE)) if text is None else text)
        self.said = said
        return self

    def __reduce__(self) -> tuple[type[Summary], tuple[Msg, str]]:
        """A copy (``copy``, ``pickle``) keeps the data, not only the text."""
        return (type(self), (self.said, str(self)))

    @property
    def message(self) -> str:
        return self.said.msgid

    @property
    def fields(self) -> dict[str, str]:
        return {key: str(value) for key, value in self.said.args.items()}


def summary_of(message: Msg, **fields: object) -> Summary:
    """A command's summary: ``message`` (one of this module's) with its fields' values."""
    return Summary(message.format(**{key: one_line(str(v)) for key, v in fields.items()}))


def summary_msg(summary: str) -> Msg | str:
    """A command's summary as a message to say in the reader's language: from its data, or
    an older log's English text recognised by its shape; the text itself when no shape
    matches it."""
    if isinstance(summary, Summary):
        return summary.said
    for pattern, message in OLD_SHAPES:
        found = pattern.fullmatch(summary)
        if found:
            return message.format(**found.groupdict())
    return summary


def summary_text(summary: str, language: str) -> str:
    """A command's summary in ``language``."""
    said = summary_msg(summary)
    return said if isinstance(said, str) else said.text(language)
