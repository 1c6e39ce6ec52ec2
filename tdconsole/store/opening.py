"""Opening an event file: the connection, and the checks made before anything is read or written.

A file is opened for writing only when it can be written (see ``faults.write_blocker``);
otherwise, or when the first read shows a fault of the medium, it is opened read-only, so that
reading commands work on a read-only medium and on a full disk and nothing is left beside it.
Before a file is used its marker, its format, its schema (exactly the tables and index the
console makes: a trigger, a view, an extra or altered table is refused) and a ``quick_check`` of
every page are checked; nothing is written while checking.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.domain.texts import escape
from tdconsole.i18n import Msg, Said, _
from tdconsole.store.faults import Cause, own_words, sqlite_cause, sqlite_words, write_blocker
from tdconsole.store.system import is_link, shared_folder

APP_ID = 0x54444331  # "TDC1": marks the file as a tdconsole event
FORMAT = 1
BUSY_SECONDS = 30
"""How long a write waits for another terminal's before it is refused as busy."""

SCHEMA = """
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

SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    seq         INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    data        BLOB NOT NULL
)
"""


class StoreError(RuleError):
    """The event file is missing, damaged, foreign or on a medium that refuses: said clearly,
    never overwritten."""


def shown(path: object) -> str:
    """A path or a name for a one-line message: what a terminal would obey escaped, the same
    way as every text read from a file (``\\u001b``)."""
    return escape(str(path))


def damaged(path: Path | Msg, what: Said, *, untouched: bool = True) -> StoreError:
    """A damaged file: what is wrong (our words, or SQLite's: ``faults.own_words``), how to
    recover, and (``untouched``) that nothing was written."""
    if untouched:
        return StoreError(
            _(
                "{path} is damaged ({what}): restore a backup (`tdconsole backups`); "
                "the file was left untouched"
            ).format(path=shown(path), what=what)
        )
    return StoreError(
        _("{path} is damaged ({what}): restore a backup (`tdconsole backups`)").format(
            path=shown(path), what=what
        )
    )


def unreadable(path: Path, exc: sqlite3.Error) -> StoreError:
    return StoreError(
        _(
            "{path} is not a readable event file ({why}): restore a backup "
            "(`tdconsole backups`); the file was left untouched"
        ).format(path=shown(path), why=own_words(exc))
    )


def cannot_read(path: Path, cause: Cause) -> StoreError:
    return StoreError(
        _("cannot read {path}: {cause}").format(path=shown(path), cause=cause),
    )


DB_ERRORS = (sqlite3.Error, UnicodeDecodeError)
"""What reading a file can raise: SQLite's errors, and text in the file that is not UTF-8
(a damaged schema: SQLite's own message quotes it, and Python cannot decode it)."""


def fault(path: Path, exc: Exception, *, untouched: bool = True) -> StoreError:
    """An error while reading ``path``: a fault of the medium said as such, else damage."""
    if not isinstance(exc, sqlite3.Error):
        return damaged(path, _("text that is not UTF-8"), untouched=untouched)
    cause = sqlite_cause(exc, path)
    if cause is not None:
        return cannot_read(path, cause)
    if str(exc) == "file is not a database":
        return unreadable(path, exc)
    return damaged(path, own_words(exc), untouched=untouched)


def refuse_shared(path: Path) -> None:
    """Refuse an event file on a network drive or in a folder a sync client copies
    (``system.shared_folder``): SQLite keeps an event safe on this machine's own disks only
    (docs/safety.md, "Network drives and synced folders")."""
    where = shared_folder(path.parent)
    if where is None:
        return
    if where == "network":
        raise StoreError(
            _(
                "{path} is on a network drive, where an event cannot be kept safe: keep it in "
                "a folder of this computer (a bare name goes in the data folder)"
            ).format(path=shown(path))
        )
    raise StoreError(
        _(
            "{path} is in a folder {client} keeps in sync, which copies a file in the middle "
            "of its writes: keep it in a folder {client} does not sync (a bare name goes in "
            "the data folder)"
        ).format(path=shown(path), client=where)
    )


def file_kind(mode: int) -> Msg | None:
    """What a file that is not a regular one is (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def not_a_file(path: Path, info: os.stat_result) -> StoreError:
    """The refusal of ``path`` as an event file to open: it is a folder, a FIFO, a device
    (``info``), named as what it is."""
    if stat.S_ISDIR(info.st_mode):
        return StoreError(
            _("{path} is a folder, not an event file: give the event file's path").format(
                path=shown(path)
            )
        )
    return StoreError(
        _(
            "{path} is {what}, not an event file: give the event file's path "
            "(it was left untouched)"
        ).format(path=shown(path), what=file_kind(info.st_mode))
    )


def refuse_link(path: Path) -> None:
    """Refuse an event file that is a link to another file (a symbolic link, a junction):
    the console reads and writes the file it is given, never one elsewhere."""
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return  # (nothing there: the caller says so)
    if is_link(info):
        raise StoreError(
            _(
                "{path} is a link to another file: open the event file itself "
                "(the link was left untouched)"
            ).format(path=shown(path))
        )


@dataclass
class Opened:
    db: sqlite3.Connection
    blocked: Cause | None
    """Why the file cannot be written (it was opened read-only), or None."""


def connect(path: Path) -> Opened:
    """A connection to the existing file ``path``: read-write when it can be written, else
    read-only (and then ``blocked`` says why). Raises ``StoreError``."""
    blocked = write_blocker(path)
    if blocked is None:
        db: sqlite3.Connection | None = None
        try:
            db = sqlite3.connect(
                path.resolve().as_uri() + "?mode=rw",  # never creates a file
                uri=True,
                isolation_level=None,
                timeout=BUSY_SECONDS,
                check_same_thread=False,
            )
            db.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
            db.execute("PRAGMA synchronous = FULL")
            # The first read opens the file and, in WAL mode, its -shm: a full disk shows here.
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return Opened(db, None)
        except DB_ERRORS as exc:
            if db is not None:
                db.close()
            blocked = sqlite_cause(exc, path) if isinstance(exc, sqlite3.Error) else None
            if blocked is None:
                raise fault(path, exc) from None
    return Opened(_read_only(path, blocked), blocked)


def pending_wal(path: Path) -> bool:
    """Whether a ``-wal`` with writes in it lies beside ``path`` (a crash's, another
    terminal's, or one dropped there from elsewhere)."""
    try:
        info = Path(f"{path}-wal").stat()
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size > 0  # (a folder in its place is not)


def examine(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path`` through the ``-wal`` beside it, for the checks made
    before anything can write the file: a read-write connection would merge the ``-wal`` into
    the file (and delete it) when it closes, even if the file is then refused. A read-only one
    merges nothing and deletes nothing."""
    return _read_only(path, _("the file is examined before it is written"))


def _read_only(path: Path, cause: Cause) -> sqlite3.Connection:
    """A read-only connection that creates nothing beside the file.

    Without recent writes in a ``-wal`` the file is opened ``immutable`` (no ``-shm`` is made);
    with them, through the ``-wal`` and ``-shm`` that are there, so nothing written is missed.
    """
    pending = pending_wal(path)
    uri = path.resolve().as_uri() + ("?mode=ro" if pending else "?mode=ro&immutable=1")
    db: sqlite3.Connection | None = None
    try:
        db = sqlite3.connect(
            uri, uri=True, isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False
        )
        db.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except DB_ERRORS as exc:
        if db is not None:
            db.close()
        if pending and isinstance(exc, sqlite3.Error) and sqlite_cause(exc, path) is not None:
            raise StoreError(
                _(
                    "cannot read {path} ({cause}): its latest writes are in "
                    "{wal}, which cannot be read here without {path}-shm; copy "
                    "the event with both files to a writable folder and open it "
                    "there"
                ).format(path=shown(path), cause=cause, wal=shown(Path(f"{path}-wal"))),
            ) from None
        raise fault(path, exc) from None
    return db


@cache
def expected_schema() -> tuple[frozenset[tuple[Any, ...]], frozenset[tuple[Any, ...]]]:
    """The ``sqlite_master`` rows of an event file: those it must have, those it may have."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        required = frozenset(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        db.execute(SNAPSHOTS)
        every = frozenset(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        db.close()
    return required, every - required


def _intruder(kind: str, name: str, altered: bool) -> Msg:
    """A schema object the console never makes, as the refusal names it."""
    things = {
        ("table", False): _("foreign table {name!r}"),
        ("table", True): _("altered table {name!r}"),
        ("index", False): _("foreign index {name!r}"),
        ("index", True): _("altered index {name!r}"),
        ("trigger", False): _("foreign trigger {name!r}"),
        ("trigger", True): _("altered trigger {name!r}"),
        ("view", False): _("foreign view {name!r}"),
        ("view", True): _("altered view {name!r}"),
    }
    thing = things.get((kind, altered))
    if thing is None:
        thing = _("foreign {kind} {name!r}").format(kind=kind)
    return thing.format(name=name)


def check_schema(db: sqlite3.Connection, path: Path) -> None:
    """The schema must be exactly the console's: anything else is refused, never used."""
    required, optional = expected_schema()
    found = set(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    names = {(kind, name) for kind, name, _table, _sql in required | optional}
    for kind, name, _table, _sql in sorted(found - required - optional, key=str):
        kind, name = str(kind), str(name)
        raise StoreError(
            _(
                "{path} is not a plain tdconsole event file: it holds {thing}, which the "
                "console never makes; it was not opened and was left untouched"
            ).format(path=shown(path), thing=_intruder(kind, name, (kind, name) in names))
        )
    for _kind, name, _table, _sql in required - found:
        raise damaged(path, _("no {name} table").format(name=name))


def check(db: sqlite3.Connection, path: Path) -> None:
    """Check the file behind ``db`` is an intact event file (never writes): its marker, its
    format, its schema and a ``quick_check`` of its pages. Raises ``StoreError``."""
    try:
        (app,) = db.execute("PRAGMA application_id").fetchone()
        if app != APP_ID:
            raise StoreError(
                _("{path} is not a tdconsole event file: open an event file").format(
                    path=shown(path)
                ),
            )
        check_schema(db, path)
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None:
            raise damaged(path, _("no format marker"))
        try:
            version = int(row[0])
        except (TypeError, ValueError):
            raise damaged(path, _("a bad format marker")) from None
        if version > FORMAT:
            raise StoreError(
                _("{path} was written by a newer tdconsole: update the console").format(
                    path=shown(path)
                ),
            )
        problems: list[Any] = db.execute("PRAGMA quick_check(3)").fetchall()
        if problems != [("ok",)]:
            raise damaged(path, sqlite_words("; ".join(str(p[0]) for p in problems)))
    except DB_ERRORS as exc:
        raise fault(path, exc) from None


def inspect(path: Path) -> None:
    """Check ``path`` is an intact event file without writing anything. Raises ``StoreError``."""
    db = examine(path) if pending_wal(path) else connect(path).db
    try:
        check(db, path)
    finally:
        db.close()
