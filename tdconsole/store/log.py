"""What the service asks of an event's log, wherever it is kept: the SQLite file
(``eventstore.EventStore``) or memory (``memory.MemoryStore``).

The log is append-only: one command's events are appended at once inside ``transaction``, and
read back as ``Record``s numbered from 1. Beside it a log may keep a snapshot of the folded State
(a cache), and may say why it cannot be written now.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import Protocol

from tdconsole.domain.events import EventBody, Record
from tdconsole.store.faults import Cause
from tdconsole.store.rows import Row


class EventLog(Protocol):
    """One event's log, as ``Tournament`` and its ``StateCache`` and ``AutoBackups`` use it."""

    @property
    def path(self) -> Path | None:
        """The event's file, or None for a log kept nowhere on disk (no backups, no folder of
        other events beside it)."""

    @property
    def blocked(self) -> Cause | None:
        """Why the log cannot be written now, when the store knows."""

    def gone(self) -> bool:
        """Whether the log's file was deleted, moved or replaced while open."""

    def read(self, after: int = 0) -> list[Record]:
        """The events after ``after``, in order."""

    def row(self, seq: int) -> Row | None:
        """The stored event ``seq`` exactly as kept, if there is one."""

    def last_seq(self) -> int:
        """The number of the last event (0 for an empty log)."""

    def commands_after(self, seq: int) -> int:
        """How many commands were appended after ``seq``."""

    def data_version(self) -> int:
        """Changes when another process appended: a cheap 'anything new?'."""

    def transaction(self) -> AbstractContextManager[None]:
        """The write lock, held while the log is re-read and appended to: what is appended
        inside is kept only when the block ends without an exception."""

    def append(self, bodies: list[EventBody], at: datetime, actor: str) -> list[Record]:
        """Append one command's events (inside ``transaction``); returns the records."""

    def load_snapshot(self) -> tuple[int, str, bytes] | None:
        """The latest stored snapshot (its seq, its fingerprint, its data), if any."""

    def save_snapshot(self, seq: int, fingerprint: str, blob: bytes) -> bool:
        """Store a snapshot if the log can keep one right now; whether it did."""

    def close(self) -> None:
        """Release what the log holds open."""
