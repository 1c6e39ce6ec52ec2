"""The event's copy on a second device (``tdconsole follow``), as the event file knows it.

The served feed (``tdconsole.serve.copy``) hands the copy the log's entries as an export holds
them (``transfer.exported``, with the PINs' hashes: the copy is the Director's); each entry has a
hash (``entry_hash``) and the event its identity (the hash of its first command), so that a copy
resuming says what it holds and one that differs is refused. Where the copy stands (its device,
the last entry it confirmed as written, when it was last heard) is kept in the event file's
``meta`` (never in the log nor an export: ``store.copy_standing``): the command line, the
console and the phones read it, and every write waits for the copy while one is attached
(``tdconsole.service.copy_wait``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tdconsole.store.eventstore import EventStore, Row
from tdconsole.store.transfer import exported

FEED_MOST = 2000
"""The most entries one answer of the feed carries (whole commands: a command's more)."""


def entry_hash(item: dict[str, Any]) -> str:
    """The hash of one exported entry (``transfer.exported``): the same on both devices."""
    text = json.dumps(item, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def feed_item(row: Row, where: object) -> dict[str, Any]:
    """One stored entry as the feed sends it."""
    return exported(row, where, with_pins=True)


def identity(store: EventStore) -> str:
    """The event's identity: the hash of its first command's entries (its creation, with its
    name, settings and time): two events never share it."""
    rows = store.rows(0, _end_of_command(store, 1, 0))
    return hashlib.sha256(
        "".join(entry_hash(feed_item(row, store.path)) for row in rows).encode()
    ).hexdigest()


def held_hash(store: EventStore, seq: int) -> str | None:
    """The hash of the entry ``seq`` of ``store``, if it holds one."""
    row = store.row(seq)
    return None if row is None else entry_hash(feed_item(row, store.path))


def feed(store: EventStore, after: int, most: int = FEED_MOST) -> list[dict[str, Any]]:
    """The entries after ``after``, whole commands, about ``most`` at most."""
    rows = store.rows(after, after + most + 1)
    if len(rows) > most:
        last = rows[-1][1]  # (the command of the entry past ``most``: not sent whole)
        kept = [row for row in rows if row[1] != last]
        rows = kept or store.rows(after, _end_of_command(store, last, after + most))
    return [feed_item(row, store.path) for row in rows]


def _end_of_command(store: EventStore, command: int, start: int) -> int:
    """The last entry of ``command`` from ``start`` on (the event's creation, or one longer
    than ``FEED_MOST``: a large draw)."""
    seq = start
    while (row := store.row(seq + 1)) is not None and row[1] == command:
        seq += 1
    return seq
