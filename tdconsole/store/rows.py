"""One stored event as a row, and back: the form every event log keeps (the file's ``events``
table, or ``MemoryStore``'s list), so that each hands back the very records the other would.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from tdconsole.domain.events import SCHEMA_VERSION, EventBody, Record, event_class, event_from_json
from tdconsole.domain.texts import escape
from tdconsole.i18n import Msg, _
from tdconsole.store.faults import own_words
from tdconsole.store.opening import StoreError, shown

Row = tuple[int, int, str, int, str, str, str]
"""seq, command, type, schema, at, actor, data: one stored event as the file holds it."""


def rows_of(bodies: list[EventBody], first: int, at: datetime, actor: str) -> list[Row]:
    """One command's events as stored, the first numbered ``first`` (the command's number)."""
    stamp = at.isoformat()
    return [
        (
            first + i,
            first,
            body.type,
            SCHEMA_VERSION,
            stamp,
            actor,
            json.dumps(body.payload(), ensure_ascii=False, separators=(",", ":")),
        )
        for i, body in enumerate(bodies)
    ]


def appended(bodies: list[EventBody], first: int, at: datetime, actor: str) -> list[Record]:
    """The records of one command's events just appended (``rows_of``), as the log hands them
    back to the writer: the bodies as given."""
    return [Record(first + i, first, at, actor, body) for i, body in enumerate(bodies)]


def record_of(row: tuple[Any, ...], stamps: dict[str, datetime], where: object) -> Record:
    """The event a stored ``row`` (a ``Row``'s fields, of any kind: the file is data from
    anywhere) holds, or why it cannot be read, naming ``where`` it is kept. ``stamps``: the
    times read so far (one command's events share theirs)."""
    seq, command, type_name, schema, at, actor, data = row
    try:
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            # (what ``import`` refuses of an export: an event of a newer console)
            raise _Unreadable(
                _("schema {schema!r} is not this console's (at most {known})").format(
                    schema=schema, known=SCHEMA_VERSION
                )
            )
        if not (
            isinstance(command, int)
            and 0 < command <= seq
            and isinstance(at, str)
            and isinstance(actor, str)
            and isinstance(data, str)
        ):
            raise _Unreadable(_("a field of the wrong kind"))
        try:  # the type's module is imported when the log first holds it
            cls = event_class(type_name) if isinstance(type_name, str) else None
        except KeyError:
            cls = None
        if cls is None:
            raise _unknown_type(where, seq, type_name)
        # The rows were written by ``rows_of`` from validated bodies: pydantic's JSON
        # validation reads them in one step (faster than json.loads + model_validate).
        body = event_from_json(cls, data)
        when = stamps.get(at)
        if when is None:
            when = datetime.fromisoformat(at)
            if when.utcoffset() is None:
                raise _Unreadable(_("the time {at!r} has no offset").format(at=at))
            stamps[at] = when
    except (ValueError, TypeError) as exc:
        why = exc.said if isinstance(exc, _Unreadable) else own_words(exc)
        raise StoreError(
            _(
                "{path}: event {seq} cannot be read ({why}); restore a backup (`tdconsole backups`)"
            ).format(path=shown(where), seq=seq, why=why)
        ) from None
    # Who acted, as an older file may hold it: escaped like the events' texts.
    return Record(seq, command, when, escape(actor), body)


class _Unreadable(ValueError):
    """A stored event's row that is not one ``rows_of`` writes: why, in our words."""

    def __init__(self, said: Msg) -> None:
        super().__init__(str(said))
        self.said = said


def _unknown_type(where: object, seq: int, type_name: object) -> StoreError:
    shown_type = shown(repr(type_name))
    return StoreError(
        _(
            "{path}: event {seq} has the unknown type {shown_type}: the "
            "file is from a newer tdconsole (update the console) or "
            "damaged"
        ).format(path=shown(where), seq=seq, shown_type=shown_type),
    )
