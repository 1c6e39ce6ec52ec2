"""The copy's own event file on the second device (``tdconsole follow --to FILE``).

An ordinary event file (``tdconsole --event FILE state`` opens it), made by ``place_new_file``
from the first entries taken (never replacing another file), then grown by each answer of the
feed, every entry checked as an import checks it (``transfer.rows_from_document``, the replay's
rules and the entries' times) before it is written: the State replayed so far is kept in memory,
and only the new entries are checked. The file's ``meta`` keeps which event it copies and the
hash of the last entry it holds, written with the entries, so that a copy resumed says exactly
what it holds and never takes another event's entries; and that it follows the Director's
server (``copy_marks.following``: read-only while it is set). Once the copy was taken over
(``take-over`` clears the mark), nothing more is taken into it.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from tdconsole.domain.authorship import check_times
from tdconsole.domain.invariants import Replaying
from tdconsole.domain.slices.take_over import TakenOver
from tdconsole.i18n import _
from tdconsole.store import copy_marks
from tdconsole.store.copy_standing import meta_object
from tdconsole.store.copying import entry_hash
from tdconsole.store.eventstore import EventStore, Row, StoreError
from tdconsole.store.opening import shown
from tdconsole.store.output import place_new_file
from tdconsole.store.transfer import (
    FORMAT_NAME,
    FORMAT_VERSION,
    records_of,
    replay_refusals,
    rows_from_document,
)

COPY_OF = "copy_of"
"""The ``meta`` key of what a copy holds: the event's identity, its last entry and hash."""


class CopyFile:
    """The file ``path`` a copy is written to (``open`` it: new or resumed)."""

    def __init__(self, path: Path, following: str) -> None:
        self.path = path
        self.following = following
        """The address of the server copied (the file's mark, ``copy_marks.following``)."""
        self.store: EventStore | None = None
        self.event = ""
        """The identity of the event copied ("" before the first entries)."""
        self.last = 0
        self.last_hash = ""
        self._replay = Replaying(registering=True, proving=True)

    @classmethod
    def open(cls, path: Path, following: str) -> CopyFile:
        """The copy at ``path`` of the event served at ``following``: none yet, or one that
        ``follow`` wrote (replayed once, marked again), refused once it was taken over."""
        copy = cls(path, following)
        if not path.exists():
            return copy
        store = EventStore(path)
        try:
            held = _held(store.meta(COPY_OF))
            if held is None:
                raise StoreError(
                    _(
                        "{path} is an event file that `follow` did not write: give --to a new "
                        "file, or the copy's own"
                    ).format(path=shown(path))
                )
            copy.event, copy.last, copy.last_hash = held
            with replay_refusals(shown(path)):
                copy._replay.extend(store.read())
                copy._replay.result()
            for record in copy._replay.records:
                if isinstance(record.body, TakenOver):
                    raise StoreError(
                        _(
                            "{path} is the event's own file since its take-over on {device}: "
                            "act on it (`tdconsole --event FILE serve`), or give --to a new "
                            "file to copy another server"
                        ).format(path=shown(path), device=shown(record.body.device)),
                        "VII.1",
                    )
            copy_marks.mark_following(store, following)
        except BaseException:
            store.close()
            raise
        copy.store = store
        return copy

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None

    def taken_over(self) -> bool:
        """Whether the copy was taken over (its mark gone): nothing more is taken into it."""
        return self.store is not None and copy_marks.following(self.store) is None

    def check_event(self, event: str) -> None:
        """Refuse to go on when the served event is not the one this file copies."""
        if self.event and self.event != event:
            raise StoreError(
                _(
                    "{path} holds a copy of another event: give --to another file for this one"
                ).format(path=shown(self.path))
            )

    def take(self, items: list[dict[str, Any]], event: str, now: datetime) -> int:
        """Check ``items`` (the feed's entries after ``last``) as an import checks them, then
        write them durably; returns how many (none once the copy was taken over). Refused
        (``StoreError``, one line), the file is as it was."""
        if not items:
            return 0
        self.check_event(event)
        source = _("the Director's event")
        document = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "with_pins": True}
        rows = rows_from_document({**document, "events": items}, source, self.last + 1)
        records = records_of(rows)
        before = self._replay.records[-1:]
        with replay_refusals(source):
            self._replay.extend(records)
            self._replay.result()
            check_times([*before, *records], now)
        last, hashed = rows[-1][0], entry_hash(items[-1])
        held = json.dumps({"event": event, "last": last, "hash": hashed})
        if self.store is None:
            self._create(rows, held)
        else:
            with self.store.transaction():
                if copy_marks.following(self.store) is None:  # (taken over meanwhile)
                    return 0
                self.store.insert_rows(rows)
                self.store.keep_meta(COPY_OF, held)
        self.event, self.last, self.last_hash = event, last, hashed
        return len(rows)

    def _create(self, rows: list[Row], held: str) -> None:
        def build(tmp: Path) -> int:
            store = EventStore(tmp, create=True)
            try:
                with store.transaction():
                    store.insert_rows(rows)
                    store.keep_meta(COPY_OF, held)
                copy_marks.mark_following(store, self.following)
                store.seal()
            finally:
                store.close()
            return len(rows)

        place_new_file(self.path, build)
        self.store = EventStore(self.path)


def _held(raw: str | None) -> tuple[str, int, str] | None:
    data = meta_object(raw)
    if data is None:
        return None
    event, last, hashed = data.get("event"), data.get("last"), data.get("hash")
    if isinstance(event, str) and isinstance(last, int) and isinstance(hashed, str):
        return event, last, hashed
    return None
