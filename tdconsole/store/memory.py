"""An event's log kept in memory only: a dry run of a night, or a domain test, without a file.

It keeps each event as the row the file's ``events`` table would hold (``rows.rows_of``) and
reads it back the same way (``rows.record_of``), so its records, their numbers and their
State are the file's (tests/store/test_memory_store.py replays one night through both). What
only a file has is said here, not imitated: no path (so no backups, no folder of other events,
no machine's choice of a folder), no other process appending (services in this process may
share one), nothing to be blocked or to vanish, no stored snapshot (the State is in memory
already). Nothing survives ``close``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from tdconsole.domain.events import EventBody, Record
from tdconsole.i18n import _
from tdconsole.store.faults import Cause
from tdconsole.store.rows import Row, appended, record_of, rows_of

IN_MEMORY = _("the event in memory")
"""What names a log in memory in a message (where a file's path is named)."""


class MemoryStore:
    """One event's log in this process's memory (``log.EventLog``)."""

    def __init__(self) -> None:
        self._rows: list[Row] = []
        self._writing = False
        self._version = 0

    @property
    def path(self) -> None:
        """None: the log is in no file (no backups are taken of it, no events beside it)."""
        return None

    @property
    def blocked(self) -> Cause | None:
        """None: memory never refuses a write the way a medium does."""
        return None

    def gone(self) -> bool:
        """False: there is no file to be deleted, moved or replaced."""
        return False

    def read(self, after: int = 0) -> list[Record]:
        stamps: dict[str, datetime] = {}  # one command's events share their time
        return [record_of(row, stamps, IN_MEMORY) for row in self._rows[max(after, 0) :]]

    def row(self, seq: int) -> Row | None:
        return self._rows[seq - 1] if 0 < seq <= len(self._rows) else None

    def last_seq(self) -> int:
        return len(self._rows)  # (numbered from 1, one by one: ``append``)

    def commands_after(self, seq: int) -> int:
        return sum(1 for row in self._rows[max(seq, 0) :] if row[0] == row[1])

    def data_version(self) -> int:
        """Changes with every write kept (whichever service in this process made it: no other
        process reaches this log)."""
        return self._version

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """What is appended inside is dropped again when the block raises. Not nested: a write
        inside a write is a mistake of the caller (SQLite refuses it too)."""
        if self._writing:
            raise RuntimeError("a transaction is already open on this log")
        kept = len(self._rows)
        self._writing = True
        try:
            yield
        except BaseException:
            del self._rows[kept:]
            raise
        else:
            self._version += 1
        finally:
            self._writing = False

    def append(self, bodies: list[EventBody], at: datetime, actor: str) -> list[Record]:
        first = len(self._rows) + 1
        rows = rows_of(bodies, first, at, actor)
        for row in rows:
            for field in row:
                if isinstance(field, str):
                    field.encode()  # what SQLite refuses to store: text that is not UTF-8
        self._rows.extend(rows)
        return appended(bodies, first, at, actor)

    def load_snapshot(self) -> None:
        """None: no snapshot is stored (the State is folded in memory from the start)."""
        return None

    def save_snapshot(self, seq: int, fingerprint: str, blob: bytes) -> bool:
        """False: no snapshot is stored; the State lives in this process only."""
        return False

    def close(self) -> None:
        """Nothing to release: the log goes with this object."""
