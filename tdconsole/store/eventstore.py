"""The event log of one event: one SQLite file, append-only, durable.

WAL with ``synchronous=FULL``: an append that returned is on disk. Writers append inside one
``BEGIN IMMEDIATE`` transaction after re-reading the log, so two processes can never both act on
a stale state. Nothing is ever updated or deleted; undo is an event too.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import SCHEMA_VERSION, EventBody, Record, parse_event

APP_ID = 0x54444331  # "TDC1": marks the file as a tdconsole event
FORMAT = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq     INTEGER PRIMARY KEY,
    command INTEGER NOT NULL,
    type    TEXT    NOT NULL,
    schema  INTEGER NOT NULL,
    at      TEXT    NOT NULL,
    actor   TEXT    NOT NULL,
    data    TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class StoreError(RuleError):
    """The event file is missing, damaged or not an event: said clearly, never overwritten."""


class EventStore:
    def __init__(self, path: Path, *, create: bool = False) -> None:
        self.path = path
        if create:
            if path.exists():
                raise StoreError(f"{path} already exists: choose another path, or open it")
            path.parent.mkdir(parents=True, exist_ok=True)
        elif not path.is_file():
            raise StoreError(f"no event file at {path}: create one with `tdconsole new PATH`")
        try:
            self._db = sqlite3.connect(
                path, isolation_level=None, timeout=30, check_same_thread=False
            )
            self._db.execute("PRAGMA busy_timeout = 30000")
            if create:
                self._db.execute(f"PRAGMA application_id = {APP_ID}")
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.executescript(_SCHEMA)
                self._db.execute(
                    "INSERT INTO meta(key, value) VALUES ('format', ?)", (str(FORMAT),)
                )
            else:
                self._check()
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"{path} is not a readable event file ({exc}): restore a backup; "
                "the file was left untouched"
            ) from None

    def _check(self) -> None:
        (app,) = self._db.execute("PRAGMA application_id").fetchone()
        if app != APP_ID:
            raise StoreError(f"{self.path} is not a tdconsole event file: open an event file")
        row = self._db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None or int(row[0]) > FORMAT:
            raise StoreError(f"{self.path} was written by a newer tdconsole: update the console")

    def close(self) -> None:
        self._db.close()

    # -- reading ---------------------------------------------------------------------------
    def read(self, after: int = 0) -> list[Record]:
        try:
            rows = self._db.execute(
                "SELECT seq, command, type, at, actor, data FROM events WHERE seq > ? ORDER BY seq",
                (after,),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is damaged ({exc}): restore a backup") from None
        return [self._record(row) for row in rows]

    def _record(self, row: tuple[int, int, str, str, str, str]) -> Record:
        seq, command, type_name, at, actor, data = row
        try:
            body = parse_event(type_name, json.loads(data))
        except (ValueError, TypeError) as exc:
            raise StoreError(
                f"{self.path}: event {seq} cannot be read ({exc}); restore a backup"
            ) from None
        return Record(seq, command, datetime.fromisoformat(at), actor, body)

    def last_seq(self) -> int:
        (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
        return int(seq)

    def data_version(self) -> int:
        """Changes when another connection commits: a cheap 'anything new?'."""
        (version,) = self._db.execute("PRAGMA data_version").fetchone()
        return int(version)

    # -- writing ---------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE``: the write lock is taken before the log is re-read."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        else:
            self._db.execute("COMMIT")

    def append(self, bodies: list[EventBody], at: datetime, actor: str) -> list[Record]:
        """Append one command's events (call inside ``transaction``); returns the records."""
        first = self.last_seq() + 1
        stamp = at.isoformat()
        rows = [
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
        self._db.executemany(
            "INSERT INTO events(seq, command, type, schema, at, actor, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        return [Record(first + i, first, at, actor, body) for i, body in enumerate(bodies)]
