"""The event log of one event: one SQLite file, append-only, durable.

WAL with ``synchronous=FULL``: an append that returned is on disk. Writers append inside one
``BEGIN IMMEDIATE`` transaction after re-reading the log, so two processes can never both act on
a stale state. Nothing in ``events`` is ever updated or deleted; undo is an event too.

Before a file is used it is checked without writing anything (its marker, its format, its schema,
a ``quick_check`` of every page; see ``opening``), so a truncated, damaged or tampered file is
reported and never written to. Reading never writes the file: the journal mode is set by the
first write, and a file that cannot be written (a read-only medium, a full disk) is opened
read-only, its writes refused with the real cause. The ``snapshots`` table is a derived,
disposable cache of the folded State (see ``snapshot``).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path

from tdconsole.domain.events import EventBody, Record
from tdconsole.i18n import _
from tdconsole.store.faults import Cause, own_words, sqlite_cause, write_blocker
from tdconsole.store.opening import (
    APP_ID,
    BUSY_SECONDS,
    DB_ERRORS,
    FORMAT,
    SCHEMA,
    SNAPSHOTS,
    StoreError,
    check,
    connect,
    damaged,
    examine,
    fault,
    inspect,
    not_a_file,
    pending_wal,
    refuse_link,
    refuse_shared,
    shown,
)
from tdconsole.store.rows import Row, appended, record_of, rows_of
from tdconsole.store.system import PRIVATE_FILE, Identity, identity, make_folder, still_there

__all__ = ["APP_ID", "FORMAT", "EventStore", "Row", "StoreError", "inspect"]


class EventStore:
    def __init__(self, path: Path, *, create: bool = False) -> None:
        self.path = path
        self.blocked: Cause | None = None
        """Why the file cannot be written (it was opened read-only, or it vanished), or None."""
        self.vanished = False
        """The file was deleted, moved or replaced while open: nothing more is written."""
        self.rescued: Path | None = None
        """Where what the file held was saved once it vanished (``rescue``)."""
        self._wal = create
        self._examined_only = False
        """Opened read-only to examine a ``-wal`` beside the file: the first write opens it
        read-write, once the file was found good (``opening.examine``)."""
        if create:
            self._db = _create(path)
        else:
            self._db = self._open(path)
        try:
            self._identity = _identity_of(path)
        except BaseException:
            self._db.close()
            raise

    def _open(self, path: Path) -> sqlite3.Connection:
        """The connection to the existing file ``path``, once it was found good."""
        refuse_link(path)
        refuse_shared(path)
        try:
            info: os.stat_result | None = os.stat(path)
        except (OSError, ValueError):
            info = None
        if info is None:
            raise StoreError(
                _("no event file at {path}: create one with `tdconsole new PATH`").format(
                    path=shown(path)
                ),
            )
        if not stat.S_ISREG(info.st_mode):
            raise not_a_file(path, info)
        if pending_wal(path) and write_blocker(path) is None:
            db, self._examined_only = examine(path), True
        else:
            opened = connect(path)
            db, self.blocked = opened.db, opened.blocked
        try:
            check(db, path)
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        self._db.close()

    def seal(self) -> None:
        """Fold the WAL into the file and leave it self-contained (before moving it)."""
        self._db.execute("PRAGMA journal_mode = DELETE")

    # -- reading ---------------------------------------------------------------------------
    @contextmanager
    def _reading(self) -> Iterator[None]:
        """A fault while reading: the medium's said as such, anything else as damage."""
        try:
            yield
        except DB_ERRORS as exc:
            raise fault(self.path, exc, untouched=False) from None

    def read(self, after: int = 0) -> list[Record]:
        with self._reading():
            rows = self._db.execute(
                "SELECT seq, command, type, schema, at, actor, data FROM events WHERE seq > ? "
                "ORDER BY seq",
                (after,),
            ).fetchall()
        stamps: dict[str, datetime] = {}  # one command's events share their time
        return [record_of(row, stamps, self.path) for row in rows]

    def rows(self) -> list[Row]:
        """Every stored event exactly as the file holds it (for export)."""
        with self._reading():
            rows: list[Row] = self._db.execute(
                "SELECT seq, command, type, schema, at, actor, data FROM events ORDER BY seq"
            ).fetchall()
        return rows

    def row(self, seq: int) -> Row | None:
        """The stored event ``seq`` exactly as the file holds it, if there is one."""
        with self._reading():
            found: Row | None = self._db.execute(
                "SELECT seq, command, type, schema, at, actor, data FROM events WHERE seq = ?",
                (seq,),
            ).fetchone()
        return found

    def commands_after(self, seq: int) -> int:
        """How many commands were appended after ``seq`` (a command's first event has
        ``seq == command``)."""
        with self._reading():
            (count,) = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE seq > ? AND seq = command", (seq,)
            ).fetchone()
        return int(count)

    def last_seq(self) -> int:
        with self._reading():
            (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
        return int(seq)

    def data_version(self) -> int:
        """Changes when another connection commits: a cheap 'anything new?'."""
        with self._reading():
            (version,) = self._db.execute("PRAGMA data_version").fetchone()
        return int(version)

    # -- what the file keeps beside the log (``meta``: never in an export) ---------------------
    def meta(self, key: str) -> str | None:
        """The text kept under ``key`` in ``meta`` (None: none, or not text)."""
        with self._reading():
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    def set_meta(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` in ``meta`` (its own short transaction)."""
        with self.transaction():
            self.keep_meta(key, value)

    def keep_meta(self, key: str, value: str) -> None:
        """``set_meta`` inside a ``transaction`` already open (with the rows it speaks of)."""
        self._db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # -- the served floor's session secret -------------------------------------------------------
    def session_secret(self, fresh: bytes) -> bytes:
        """The secret that signs the served floor's sessions, kept in the file (``meta``, never
        in the log nor an export), so a phone stays signed in across a server restart; made
        from ``fresh`` (32 random bytes) the first time, or when what the file holds is not
        one (a hostile file)."""
        with self._reading():
            row = self._db.execute(
                "SELECT value FROM meta WHERE key = ?", (SESSION_SECRET,)
            ).fetchone()
        found = _secret(row[0] if row is not None else None)
        if found is not None:
            return found
        with self.transaction():
            row = self._db.execute(
                "SELECT value FROM meta WHERE key = ?", (SESSION_SECRET,)
            ).fetchone()
            found = _secret(row[0] if row is not None else None)
            if found is not None:
                return found  # another server made it meanwhile
            self._db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                (SESSION_SECRET, fresh.hex()),
            )
        return fresh

    def end_session(self, sid: str, until: int, now: int) -> None:
        """Record that the served floor's session ``sid`` was signed out (in ``meta``, kept
        until ``until``, when its cookie would have expired anyway; older ones are dropped)."""
        with self.transaction():
            for key, value in self._signed_out():
                if _until(value) <= now:
                    self._db.execute("DELETE FROM meta WHERE key = ?", (key,))
            self._db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                (SIGNED_OUT + sid, str(until)),
            )

    def ended_sessions(self, now: int) -> set[str]:
        """The served floor's sessions signed out and not yet expired at ``now``."""
        with self._reading():
            rows = self._signed_out()
        return {str(key)[len(SIGNED_OUT) :] for key, value in rows if _until(value) > now}

    def _signed_out(self) -> list[tuple[object, object]]:
        """The ``meta`` rows of signed-out sessions: their keys start with ``SIGNED_OUT`` exactly
        (not ``LIKE``, where ``_`` is any character and letters match in either case)."""
        return self._db.execute(
            "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?",
            (len(SIGNED_OUT), SIGNED_OUT),
        ).fetchall()

    # -- writing ---------------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE``: the write lock is taken before the log is re-read.

        A file that cannot be written (read-only, a full disk, no permission) is refused with
        the real cause and nothing is recorded; so is a write the disk refuses half-way.
        """
        self._check_still_there()
        if self.blocked is not None or self._examined_only:
            self._reopen_for_writing()
        try:
            if not self._wal:
                self._to_wal()
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._write_fault(exc) from None
        try:
            yield
        except sqlite3.Error as exc:
            self._rollback()
            raise self._write_fault(exc) from None
        except BaseException:
            self._rollback()
            raise
        if self.gone():  # (looked at again just before the write is kept)
            self._rollback()
            self._check_still_there()
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise self._write_fault(exc) from None

    def gone(self) -> bool:
        """Whether the file was deleted, moved or replaced since it was opened (looked at
        now, once it was not: it stays so for this connection)."""
        if not self.vanished and still_there(self.path, self._identity) is False:
            self.vanished, self.blocked = True, VANISHED
        return self.vanished

    def rescue(self) -> Path | None:
        """Once the file vanished: save what this connection still reads of it (all it held,
        acknowledged writes included: a deleted file lives on while it is open) in a new file
        beside it, its owner's only, named after it; the same file for every connection to it.
        Its path, or None when it could not be written (the folder gone too)."""
        if not self.vanished or self.rescued is not None:
            return self.rescued
        tag = hashlib.sha1(repr(self._identity).encode(), usedforsecurity=False).hexdigest()
        target = self.path.with_name(f"{self.path.stem}-rescued-{tag[:8]}.tdc")
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
        except FileExistsError:
            self.rescued = target  # (another connection to the same file saved it)
            return target
        except (OSError, ValueError):
            return None
        try:
            copy = sqlite3.connect(target)
            try:
                self._db.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            finally:
                copy.close()
        except sqlite3.Error:
            with suppress(OSError):
                target.unlink()
            return None
        self.rescued = target
        return target

    def _check_still_there(self) -> None:
        """Refuse to write a file that is no longer at its path (deleted, moved, or replaced by
        another): what SQLite would write there would be lost when the file is closed, or go
        to a file nobody opens. Said from then on, and kept in ``blocked`` for the screens;
        what it held is saved beside it (``rescue``)."""
        if self.gone():
            saved = self.rescue()
            if saved is not None:
                raise StoreError(
                    _(
                        "{path} was deleted, moved or replaced while open: nothing was recorded; "
                        "all it held is saved in {copy}: go on with that file (or put the event "
                        "file back)"
                    ).format(path=shown(self.path), copy=shown(saved))
                )
            raise StoreError(
                _(
                    "{path} was deleted, moved or replaced while open: nothing was recorded; "
                    "put the event file back, or restore a backup (`tdconsole backups`), "
                    "and open it again"
                ).format(path=shown(self.path))
            )

    def _to_wal(self) -> None:
        """Turn a self-contained file (rollback journal: a new, restored or imported one) to
        WAL, so readers in other terminals never wait.

        The switch needs the file to itself, and SQLite refuses it at once (its busy handler is
        not called for that lock) while another terminal reads or writes: wait for the file
        here, as long as any write waits for another, instead of refusing the Director's action.
        """
        deadline = time.monotonic() + BUSY_SECONDS
        pause = 0.001
        while True:
            try:
                self._db.execute("PRAGMA journal_mode = WAL")
                self._wal = True
                return
            except sqlite3.OperationalError as exc:
                busy = getattr(exc, "sqlite_errorcode", 0) & 0xFF in (5, 6)
                if not busy or time.monotonic() >= deadline:
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def _reopen_for_writing(self) -> None:
        """A file opened read-only may have become writable since (space freed, the medium
        remounted): try again, else refuse with the cause."""
        cause = write_blocker(self.path)
        if cause is None:
            opened = connect(self.path)
            if opened.blocked is None:
                self._db.close()
                self._db, self.blocked = opened.db, None
                self._examined_only = False
                return
            opened.db.close()
            cause = opened.blocked
        self.blocked = cause
        raise self._refused(cause)

    def _rollback(self) -> None:
        with suppress(sqlite3.Error):
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    def _write_fault(self, exc: sqlite3.Error) -> StoreError:
        cause = sqlite_cause(exc, self.path)
        if cause is not None:
            return self._refused(cause)
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED
            return StoreError(
                _("{path} is busy in another terminal: nothing was recorded; try again").format(
                    path=shown(self.path)
                ),
            )
        return damaged(self.path, own_words(exc), untouched=False)

    def _refused(self, cause: Cause) -> StoreError:
        return StoreError(
            _("cannot write {path}: {cause}; nothing was recorded (reading still works)").format(
                path=shown(self.path), cause=cause
            ),
        )

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
    def load_snapshot(self) -> tuple[int, str, bytes] | None:
        """The latest snapshot (its seq, its fingerprint, its data), if any."""
        try:
            row = self._db.execute(
                "SELECT seq, fingerprint, data FROM snapshots ORDER BY seq DESC LIMIT 1"
            ).fetchone()
        except sqlite3.DatabaseError:  # no table yet (older file), or a damaged cache
            return None
        if row is None or not isinstance(row[0], int) or not isinstance(row[1], str):
            return None
        try:
            return int(row[0]), row[1], bytes(row[2])
        except TypeError:  # data of another kind: not a snapshot of ours
            return None

    def save_snapshot(self, seq: int, fingerprint: str, blob: bytes) -> bool:
        """Store a snapshot if the file can be written right now; never waits for the lock."""
        if self._db.in_transaction or self.blocked is not None or self._examined_only:
            return False
        if self.gone():  # (its -wal's name may be another file's now)
            return False
        try:
            self._db.execute("PRAGMA busy_timeout = 0")
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(SNAPSHOTS)
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
                self._db.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")

    # -- appending ---------------------------------------------------------------------------
    def append(self, bodies: list[EventBody], at: datetime, actor: str) -> list[Record]:
        """Append one command's events (call inside ``transaction``); returns the records."""
        first = self.last_seq() + 1
        rows = rows_of(bodies, first, at, actor)
        self._db.executemany(
            "INSERT INTO events(seq, command, type, schema, at, actor, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        return appended(bodies, first, at, actor)


VANISHED = _("the file was deleted, moved or replaced while open")
"""Why a file that vanished (``EventStore.vanished``) cannot be written."""


def _identity_of(path: Path) -> Identity:
    """The identity of the file just opened at ``path`` (``system.identity``)."""
    try:
        return identity(os.stat(path))
    except OSError as exc:
        raise StoreError(
            _("cannot read {path}: {cause}").format(path=shown(path), cause=own_words(exc))
        ) from None


SESSION_SECRET = "session_secret"
SIGNED_OUT = "signed_out:"
_SECRET_HEX = 64


def _until(value: object) -> int:
    """A signed-out session's end as the file holds it (0 for anything else: a hostile file)."""
    return int(value) if isinstance(value, str) and value.isdigit() and len(value) < 16 else 0


def _secret(value: object) -> bytes | None:
    if not (isinstance(value, str) and len(value) == _SECRET_HEX):
        return None
    try:
        return bytes.fromhex(value)
    except ValueError:
        return None


def _create(path: Path) -> sqlite3.Connection:
    """A new, empty event file at ``path`` (the caller made sure nothing is there)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        info = None
    if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        raise not_a_file(path, info)  # (a FIFO, a device: named as what it is)
    if path.exists():
        raise StoreError(
            _("{path} already exists: choose another path, or open it").format(path=shown(path)),
        )
    make_folder(path.parent)
    db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
        db.execute(f"PRAGMA application_id = {APP_ID}")
        db.execute("PRAGMA journal_mode = WAL")
        db.executescript(SCHEMA)
        db.execute("INSERT INTO meta(key, value) VALUES ('format', ?)", (str(FORMAT),))
        db.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as exc:
        db.close()
        cause = sqlite_cause(exc, path) or own_words(exc)
        raise StoreError(
            _("cannot create {path}: {cause}").format(path=shown(path), cause=cause)
        ) from None
    return db
