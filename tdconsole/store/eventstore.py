"""The event log of one event: one SQLite file, append-only, durable.

WAL with ``synchronous=FULL``: an append that returned is on disk. Writers append inside one
``BEGIN IMMEDIATE`` transaction after re-reading the log, so two processes can never both act on
a stale state. Nothing in ``events`` is ever updated or deleted; undo is an event too.

Before a file is used it is inspected through a read-only connection (its marker, its format, a
``quick_check`` of every page), so a truncated or damaged file is reported and never written to.
The ``snapshots`` table is a derived, disposable cache of the folded State (see ``snapshot``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any

import tdconsole.domain.catalog  # noqa: F401  (registers every event type)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import (
    EVENT_TYPES,
    SCHEMA_VERSION,
    EventBody,
    Record,
    event_from_json,
)
from tdconsole.domain.texts import escape

RESTORE_HINT = "restore a backup (`tdconsole backups`)"
RESTORE_HINT_IT = "ripristina un backup (`tdconsole backups`)"
UNTOUCHED = "the file was left untouched"
UNTOUCHED_IT = "il file non è stato toccato"

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

_SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    seq         INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    data        BLOB NOT NULL
)
"""

Row = tuple[int, int, str, int, str, str, str]
"""seq, command, type, schema, at, actor, data: one stored event as the file holds it."""


class StoreError(RuleError):
    """The event file is missing, damaged or not an event: said clearly, never overwritten."""


class EventStore:
    def __init__(self, path: Path, *, create: bool = False) -> None:
        self.path = path
        if create:
            if path.exists():
                raise StoreError(
                    f"{path} already exists: choose another path, or open it",
                    it=f"{path} esiste già: scegli un altro percorso, oppure aprilo",
                )
            path.parent.mkdir(parents=True, exist_ok=True)
        elif not path.is_file():
            raise StoreError(
                f"no event file at {path}: create one with `tdconsole new PATH`",
                it=f"nessun file di evento in {path}: creane uno con `tdconsole new PERCORSO`",
            )
        else:
            inspect(path)
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
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as exc:
            raise _unreadable(path, exc) from None

    def close(self) -> None:
        self._db.close()

    def seal(self) -> None:
        """Fold the WAL into the file and leave it self-contained (before moving it)."""
        self._db.execute("PRAGMA journal_mode = DELETE")

    # -- reading ---------------------------------------------------------------------------
    def read(self, after: int = 0) -> list[Record]:
        try:
            rows = self._db.execute(
                "SELECT seq, command, type, at, actor, data FROM events WHERE seq > ? ORDER BY seq",
                (after,),
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise _damaged(self.path, exc, untouched=False) from None
        stamps: dict[str, datetime] = {}  # one command's events share their time
        return [self._record(row, stamps) for row in rows]

    def _record(
        self, row: tuple[int, int, str, str, str, str], stamps: dict[str, datetime]
    ) -> Record:
        seq, command, type_name, at, actor, data = row
        try:
            # The rows were written by ``append`` from validated bodies: pydantic's JSON
            # validation reads them in one step (faster than json.loads + model_validate).
            body = event_from_json(EVENT_TYPES[type_name], data)
            when = stamps.get(at)
            if when is None:
                when = stamps[at] = datetime.fromisoformat(at)
        except KeyError:
            raise StoreError(
                f"{self.path}: event {seq} has the unknown type {type_name!r}: the file is from "
                "a newer tdconsole; update the console",
                it=f"{self.path}: la voce {seq} del registro è di un tipo sconosciuto "
                f"({type_name!r}): il file viene da un tdconsole più recente; aggiorna la console",
            ) from None
        except (ValueError, TypeError) as exc:
            first = str(exc).splitlines()[0]
            raise StoreError(
                f"{self.path}: event {seq} cannot be read ({first}); {RESTORE_HINT}",
                it=f"{self.path}: la voce {seq} del registro non si può leggere ({first}); "
                f"{RESTORE_HINT_IT}",
            ) from None
        # Who acted, as an older file may hold it: escaped like the events' texts.
        return Record(seq, command, when, escape(actor), body)

    def rows(self) -> list[Row]:
        """Every stored event exactly as the file holds it (for export)."""
        try:
            rows: list[Row] = self._db.execute(
                "SELECT seq, command, type, schema, at, actor, data FROM events ORDER BY seq"
            ).fetchall()
        except sqlite3.DatabaseError as exc:
            raise _damaged(self.path, exc, untouched=False) from None
        return rows

    def commands_after(self, seq: int) -> int:
        """How many commands were appended after ``seq`` (a command's first event has
        ``seq == command``)."""
        (count,) = self._db.execute(
            "SELECT COUNT(*) FROM events WHERE seq > ? AND seq = command", (seq,)
        ).fetchone()
        return int(count)

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

    @property
    def in_transaction(self) -> bool:
        return self._db.in_transaction

    def insert_rows(self, rows: list[Row]) -> None:
        """Store events as they are (import; call inside ``transaction``)."""
        self._db.executemany(
            "INSERT INTO events(seq, command, type, schema, at, actor, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    # -- snapshots (a derived cache) ---------------------------------------------------------
    def load_snapshot(self, fingerprint: str) -> tuple[int, bytes] | None:
        """The latest snapshot written by this version of the domain, if any."""
        try:
            row = self._db.execute(
                "SELECT seq, data FROM snapshots WHERE fingerprint = ? ORDER BY seq DESC LIMIT 1",
                (fingerprint,),
            ).fetchone()
        except sqlite3.DatabaseError:  # no table yet (older file), or a damaged cache
            return None
        return None if row is None else (int(row[0]), bytes(row[1]))

    def save_snapshot(self, seq: int, fingerprint: str, blob: bytes) -> bool:
        """Store a snapshot if the file can be written right now; never waits for the lock."""
        if self._db.in_transaction:
            return False
        try:
            self._db.execute("PRAGMA busy_timeout = 0")
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(_SNAPSHOTS)
                if seq > self.last_seq():
                    raise sqlite3.DatabaseError("a snapshot beyond the log")
                self._db.execute(
                    "INSERT OR REPLACE INTO snapshots(seq, fingerprint, data) VALUES (?, ?, ?)",
                    (seq, fingerprint, blob),
                )
                self._db.execute("DELETE FROM snapshots WHERE seq < ?", (seq,))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return True
        except sqlite3.Error:
            return False  # busy, read-only or full: the snapshot is only a cache
        finally:
            with suppress(sqlite3.Error):
                self._db.execute("PRAGMA busy_timeout = 30000")

    # -- appending ---------------------------------------------------------------------------
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


def _damaged(
    path: Path, what: object, what_it: object = None, *, untouched: bool = True
) -> StoreError:
    """A damaged file: what is wrong (``what_it`` in Italian, when it is our own words rather
    than SQLite's), how to recover, and (``untouched``) that nothing was written."""
    tail, tail_it = (f"; {UNTOUCHED}", f"; {UNTOUCHED_IT}") if untouched else ("", "")
    return StoreError(
        f"{path} is damaged ({what}): {RESTORE_HINT}{tail}",
        it=f"{path} è danneggiato ({what if what_it is None else what_it}): "
        f"{RESTORE_HINT_IT}{tail_it}",
    )


def _unreadable(path: Path, exc: object) -> StoreError:
    return StoreError(
        f"{path} is not a readable event file ({exc}): {RESTORE_HINT}; {UNTOUCHED}",
        it=f"{path} non è un file di evento leggibile ({exc}): {RESTORE_HINT_IT}; {UNTOUCHED_IT}",
    )


def inspect(path: Path) -> None:
    """Check a file is an intact event file, through a read-only connection (never writes):
    its marker, its format and a ``quick_check`` of its pages. Raises ``StoreError``."""
    uri = path.resolve().as_uri() + "?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise StoreError(
            f"cannot open {path} ({exc}): check the path and its permissions",
            it=f"impossibile aprire {path} ({exc}): controlla il percorso e i suoi permessi",
        ) from None
    try:
        (app,) = db.execute("PRAGMA application_id").fetchone()
        if app != APP_ID:
            raise StoreError(
                f"{path} is not a tdconsole event file: open an event file",
                it=f"{path} non è un file di evento di tdconsole: apri un file di evento",
            )
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None:
            raise _damaged(path, "no format marker", "manca il contrassegno del formato")
        if int(row[0]) > FORMAT:
            raise StoreError(
                f"{path} was written by a newer tdconsole: update the console",
                it=f"{path} è stato scritto da un tdconsole più recente: aggiorna la console",
            )
        problems: list[Any] = db.execute("PRAGMA quick_check(3)").fetchall()
        if problems != [("ok",)]:
            raise _damaged(path, "; ".join(str(p[0]) for p in problems))
    except sqlite3.DatabaseError as exc:
        if str(exc) == "file is not a database":
            raise _unreadable(path, exc) from None
        raise _damaged(path, exc) from None
    finally:
        db.close()
