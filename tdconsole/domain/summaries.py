"""What a command did, in the reader's language.

The log keeps each command's English summary (``Command.describe()``); it is said in the
reader's language at display time (the command line's log, undo and redo, the console's
notifications). Each summary's shape is a message of the catalogue, and the pattern that
recognises a recorded summary is built from that same message, so the two cannot drift apart.
"""

from __future__ import annotations

import re

from tdconsole.i18n import Msg, pgettext

_FIELD = re.compile(r"\{(\w+)\}")


def _shape(message: Msg, **fields: str) -> tuple[re.Pattern[str], Msg]:
    """The pattern of a recorded summary shaped as ``message`` (English): each ``{field}``
    matches ``fields[field]`` (any text by default)."""
    parts = _FIELD.split(message.msgid)
    pattern = "".join(
        f"(?P<{part}>{fields.get(part, '.*')})" if odd else re.escape(part)
        for odd, part in ((i % 2 == 1, part) for i, part in enumerate(parts))
    )
    return re.compile(pattern, re.DOTALL), message


_NUMBER, _WORD = r"\d+", r"\S+"

# A summary no shape matches is shown as recorded.
_SUMMARIES: tuple[tuple[re.Pattern[str], Msg], ...] = (
    _shape(pgettext("summary", "create event {name}")),
    _shape(pgettext("summary", "register {name}")),
    _shape(pgettext("summary", "withdraw {name}")),
    _shape(pgettext("summary", "entry fee: {name}")),
    _shape(pgettext("summary", "food contribution: {name}")),
    _shape(pgettext("summary", "set {setting}")),
    _shape(pgettext("summary", "seat draw")),
    _shape(pgettext("summary", "start: stack {stack}, big blind {bb}"), stack=_WORD, bb=_WORD),
    _shape(pgettext("summary", "count {counts}")),
    _shape(pgettext("summary", "second stack: {name}")),
    _shape(pgettext("summary", "eliminated: {names}")),
    _shape(pgettext("summary", "disqualified: {name}")),
    _shape(pgettext("summary", "move plan for table {table}"), table=_NUMBER),
    _shape(
        pgettext("summary", "move plan for table {table}, table_seats={seats}"),
        table=_NUMBER,
        seats=_NUMBER,
    ),
    _shape(
        pgettext("summary", "Director's move: {name} to table {table} seat {seat}"),
        table=_NUMBER,
        seat=_NUMBER,
    ),
    _shape(pgettext("summary", "colour-up")),
    _shape(pgettext("summary", "sign every phone out")),
    _shape(pgettext("summary", "close table {table}"), table=_NUMBER),
    _shape(pgettext("summary", "final table draw")),
    _shape(pgettext("summary", "ruling: {text}")),
    _shape(pgettext("summary", "sanction warning: {name}")),
    _shape(pgettext("summary", "sanction suspend: {name}")),
    _shape(pgettext("summary", "sanction disqualify: {name}")),
    _shape(pgettext("summary", "suspension {id} served"), id=_NUMBER),
    _shape(pgettext("summary", "clock started")),
    _shape(pgettext("summary", "clock paused")),
    _shape(pgettext("summary", "clock resumed")),
    _shape(pgettext("summary", "level announced")),
    _shape(pgettext("summary", "next level")),
    _shape(pgettext("summary", "previous level")),
    _shape(pgettext("summary", "clock {seconds}s"), seconds=r"[+-]\d+"),
    _shape(pgettext("summary", "clock set to {time}"), time=_WORD),
    _shape(pgettext("summary", "edit level {level}"), level=_NUMBER),
    _shape(pgettext("summary", "button at table {table} seat {seat}"), table=_NUMBER, seat=_NUMBER),
    _shape(pgettext("summary", "rulebook imported: {book} from {source}"), book=_WORD),
    _shape(pgettext("summary", "rulebook replaced: {book} from {source}"), book=_WORD),
)


def summary_msg(summary: str) -> Msg | str:
    """A command's recorded summary (English, as the log keeps it) as a message to say in the
    reader's language; the summary itself when no shape matches it."""
    for pattern, message in _SUMMARIES:
        found = pattern.fullmatch(summary)
        if found:
            return message.format(**found.groupdict())
    return summary


def summary_text(summary: str, language: str) -> str:
    """A command's recorded summary (English, as the log keeps it) in ``language``."""
    said = summary_msg(summary)
    return said if isinstance(said, str) else said.text(language)
