"""The rulebook search index kept on disk, so the next process searches without rebuilding it.

One SQLite file in the data folder (``cache/rules-index.sqlite``) holds the index the rules'
search built: each term with its weight (idf) and its postings (articles and term frequencies,
packed), each article's ranking columns (length, book, priority, order) packed once, the
keyword phrases, and the articles' shown fields. A search reads only the rows of its terms and
of the articles it shows, so a 15 MiB rulebook searches in milliseconds (docs/speed.md).

The file is the console's own but may be hostile or damaged, so:
- opening it runs no code: it is opened read-only and immutable (no journal is replayed, no
  ``-wal`` is read or made), its header and its schema (``sqlite_master``) must be exactly the
  ones written here (no view, no trigger), and its key must match the books' digest;
- anything wrong (truncated, another format, another key, a damaged page found while reading)
  makes it ignored: the index is built afresh, never a traceback, never a wrong answer;
- it is written to a temporary file (0600) renamed into place, and only over a file that is the
  cache's own (a regular file, not a link, of this user, with this cache's header or empty);
  two processes building at once each rename a whole file. A read-only or full data folder
  just means no cache.

The key: ``digest`` (sha256 of the search code and of every rulebook file, names and bytes).
So that a process need not read and hash a 15 MiB book to know it, the file also records the
books' files as seen by ``stat`` (size, times to the nanosecond, inode); when they match, the
recorded digest is taken, as git trusts its index. Any write to a book changes its ctime.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import stat
import sys
import tempfile
import threading
import urllib.parse
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tdconsole.store.paths import data_dir
from tdconsole.store.system import make_folder, mine, open_regular, remove_leftovers

FORMAT = "tdconsole rules index 1"
APPLICATION_ID = 0x54444358  # "TDCX", in the SQLite header
_MAGIC = b"SQLite format 3\x00"
_ENDIAN = sys.byteorder  # the packed arrays are native: another byte order is another key

SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    "CREATE TABLE books (idx INTEGER PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE columns (name TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID",
    "CREATE TABLE terms (term TEXT NOT NULL UNIQUE, idf REAL NOT NULL, docs BLOB NOT NULL,"
    " tfs BLOB NOT NULL)",
    "CREATE TABLE phrases (phrase TEXT NOT NULL, doc INTEGER NOT NULL,"
    " PRIMARY KEY (phrase, doc)) WITHOUT ROWID",
    "CREATE TABLE docs (id INTEGER PRIMARY KEY, unumber TEXT NOT NULL, number TEXT NOT NULL,"
    " fields TEXT NOT NULL)",
    "CREATE INDEX docs_unumber ON docs (unumber)",
)


class DamagedCache(Exception):
    """The opened cache turned out unreadable while searching: build the index afresh."""


@dataclass(frozen=True)
class DocRow:
    """One article as kept: what ranks it and what is shown of it (``fields``, JSON text)."""

    book: str
    number: str
    priority: int
    order: int
    length: float
    fields: str


@dataclass(frozen=True)
class IndexData:
    """What the search built, in plain values: written by ``write_index``."""

    docs: Sequence[DocRow]
    terms: Mapping[str, tuple[float, Sequence[int], Sequence[float]]]
    phrases: Iterable[tuple[str, int]]
    avg_length: float


def cache_path() -> Path:
    return data_dir() / "cache" / "rules-index.sqlite"


# --- the key ---------------------------------------------------------------------------------


def sources_seen(code: str, files: Sequence[Path]) -> str:
    """The books' files as ``stat`` sees them (and the code's digest): the digest's shortcut."""
    seen: list[object] = [FORMAT, _ENDIAN, code]
    for path in files:
        try:
            st = path.stat()
        except OSError:
            seen.append([str(path), None])
            continue
        seen.append([str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev])
    return json.dumps(seen, separators=(",", ":"))


def digest_of(code: str, files: Sequence[Path]) -> str:
    """sha256 of the format, the search code's digest and every file's name and bytes."""
    h = hashlib.sha256(f"{FORMAT}\0{_ENDIAN}\0{code}\0".encode())
    for path in files:
        h.update(os.fsencode(path.name) + b"\0")
        try:
            with path.open("rb") as handle:
                h.update(hashlib.file_digest(handle, "sha256").digest())
        except OSError:
            h.update(b"\1unreadable")
    return h.hexdigest()


def code_digest(modules: Iterable[Path]) -> str:
    """The search code's own version: the digest of its source files."""
    h = hashlib.sha256()
    for path in modules:
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(os.fsencode(path.name))
    return h.hexdigest()


# --- whose file ------------------------------------------------------------------------------


def _header(path: Path) -> bytes | None:
    """The first 100 bytes of the regular file at ``path`` (never through a link)."""
    try:
        fd = open_regular(path)
    except OSError:
        return None
    try:
        return os.read(fd, 100)
    except OSError:
        return None
    finally:
        os.close(fd)


def _ours(head: bytes) -> bool:
    return (
        len(head) == 100
        and head.startswith(_MAGIC)
        and int.from_bytes(head[68:72], "big") == APPLICATION_ID
        and head[18:20] == b"\x01\x01"  # rollback journal: no -wal is ever looked for
    )


def replaceable(path: Path) -> bool:
    """Whether ``path`` is free or holds the cache's own file (else it is never replaced)."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1 or not mine(st):
        return False
    if st.st_size == 0:
        return True
    head = _header(path)
    if head is None or not head.startswith(_MAGIC):
        return False
    return len(head) < 72 or int.from_bytes(head[68:72], "big") == APPLICATION_ID


# --- reading ---------------------------------------------------------------------------------


def _expected_schema() -> list[tuple[str, str, str]]:
    conn = sqlite3.connect(":memory:")
    try:
        for statement in SCHEMA:
            conn.execute(statement)
        return sorted(conn.execute("SELECT type, name, sql FROM sqlite_master"))
    finally:
        conn.close()


_SCHEMA_ROWS = _expected_schema()


def _ints(kind: str, data: object, count: int | None = None) -> array[int]:
    packed: array[int] = array(kind)
    _fill_from(packed, data, count)
    return packed


def _floats(data: object, count: int | None = None) -> array[float]:
    packed: array[float] = array("d")
    _fill_from(packed, data, count)
    return packed


def _fill_from(packed: array[int] | array[float], data: object, count: int | None) -> None:
    if not isinstance(data, bytes) or len(data) % packed.itemsize:
        raise DamagedCache
    packed.frombytes(data)
    if count is not None and len(packed) != count:
        raise DamagedCache


SHOWN_AT_ONCE = 500
"""Articles read per query by ``CachedIndex.shown`` (within any SQLite's limit of variables)."""


class CachedIndex:
    """An opened, checked cache: each method reads only what it is asked.

    Any fault met while reading raises ``DamagedCache`` (the search then builds afresh).
    """

    def __init__(self, conn: sqlite3.Connection, avg_length: float) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.avg_length = avg_length
        cols = {r[0]: r[1] for r in self._rows("SELECT name, data FROM columns")}
        self.lengths = _floats(cols.get("length"))
        n = len(self.lengths)
        self.book_of = _ints("i", cols.get("book"), n)
        self.priority = _ints("q", cols.get("priority"), n)
        self.order = _ints("q", cols.get("order"), n)
        names = {r[0]: r[1] for r in self._rows("SELECT idx, name FROM books")}
        if any(not isinstance(b, str) for b in names.values()):
            raise DamagedCache
        if any(b not in names for b in set(self.book_of)):
            raise DamagedCache
        self.books: dict[int, str] = {int(str(i)): str(b) for i, b in names.items()}
        self._names = frozenset(self.books.values())

    def _rows(self, sql: str, args: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            with self._lock:
                return self._conn.execute(sql, args).fetchall()
        except (sqlite3.Error, OverflowError, MemoryError) as exc:
            raise DamagedCache from exc

    def __len__(self) -> int:
        return len(self.lengths)

    def _ids(self, rows: Iterable[tuple[object, ...]]) -> list[int]:
        ids = [row[0] for row in rows]
        if not all(isinstance(i, int) and 0 <= i < len(self.lengths) for i in ids):
            raise DamagedCache
        return [int(str(i)) for i in ids]

    def has_book(self, book: str) -> bool:
        return book in self._names

    def numbered(self, exact: str, prefixes: Sequence[str]) -> tuple[list[int], list[int]]:
        """The articles numbered ``exact``, and those whose number starts with a prefix."""
        same = self._ids(self._rows("SELECT id FROM docs WHERE unumber = ?", (exact,)))
        under: list[int] = []
        for prefix in prefixes:  # a string starts with p when p <= it < p with its last + 1
            upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
            rows = self._rows(
                "SELECT id FROM docs WHERE unumber >= ? AND unumber < ?", (prefix, upper)
            )
            under += self._ids(rows)
        return same, under

    def term(self, term: str) -> tuple[float, Sequence[int], Sequence[float]] | None:
        rows = self._rows("SELECT idf, docs, tfs FROM terms WHERE term = ?", (term,))
        if not rows:
            return None
        idf, docs, tfs = rows[0]
        ids = _ints("i", docs)
        if not isinstance(idf, float) or (ids and not 0 <= min(ids) <= max(ids) < len(self)):
            raise DamagedCache
        return idf, ids, _floats(tfs, len(ids))

    def with_phrase(self, phrase: str) -> set[int]:
        return set(self._ids(self._rows("SELECT doc FROM phrases WHERE phrase = ?", (phrase,))))

    def shown(self, docs: Sequence[int]) -> list[tuple[str, str]]:
        """The articles' numbers and shown fields (JSON text, as the search wrote them), in the
        order asked: one query per 500 articles, not one per article."""
        found: dict[object, tuple[object, ...]] = {}
        for start in range(0, len(docs), SHOWN_AT_ONCE):
            chunk = docs[start : start + SHOWN_AT_ONCE]
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT id, number, fields FROM docs WHERE id IN ({marks})"
            found.update((row[0], row[1:]) for row in self._rows(sql, chunk))
        out: list[tuple[str, str]] = []
        for doc in docs:
            row = found.get(doc)
            if row is None or not all(isinstance(v, str) for v in row):
                raise DamagedCache
            out.append((str(row[0]), str(row[1])))
        return out

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def open_index(path: Path, seen: str, digest: Callable[[], str]) -> CachedIndex | None:
    """The cache at ``path`` if it is whole, the console's own and for these books, else None.

    ``digest`` is called (it reads and hashes the books) only when ``seen`` does not match.
    """
    head = _header(path)
    if head is None or not _ours(head):
        return None
    uri = "file:" + urllib.parse.quote(str(path)) + "?mode=ro&immutable=1"
    conn: sqlite3.Connection | None = None
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("PRAGMA query_only = ON")
        if sorted(conn.execute("SELECT type, name, sql FROM sqlite_master")) != _SCHEMA_ROWS:
            conn.close()
            return None
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if meta.get("format") != FORMAT:
            conn.close()
            return None
        if meta.get("seen") != seen and meta.get("digest") != digest():
            conn.close()
            return None
        return CachedIndex(conn, float(meta["avg_length"]))
    except (sqlite3.Error, DamagedCache, KeyError, ValueError, TypeError, OverflowError):
        if conn is not None:
            conn.close()
        return None


# --- writing ---------------------------------------------------------------------------------


def write_index(path: Path, data: IndexData, seen: str, digest: str) -> bool:
    """Write the cache (temporary file, 0600, renamed into place). False when it cannot be:
    a read-only or full folder, or a file at ``path`` that is not the cache's own."""
    if not replaceable(path):
        return False
    tmp: str | None = None
    try:
        make_folder(path.parent)
        fd, tmp = tempfile.mkstemp(prefix=".rules-index.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        fill(Path(tmp), data, seen, digest)
        with open(tmp, "rb+") as handle:  # (Windows flushes only what is open for writing)
            os.fsync(handle.fileno())
        if not replaceable(path):
            return False
        os.replace(tmp, path)
        tmp = None
        sweep_stale(path.parent)
        return True
    except (OSError, sqlite3.Error, ValueError, OverflowError, MemoryError):
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


STALE_SECONDS = 3600
"""A temporary index file older than this is a build that was killed mid-write (a build takes
seconds): the next build removes it. A younger one may be another process's build under way."""


def sweep_stale(folder: Path, now: float | None = None) -> list[str]:
    """Remove the temporary files that killed builds left in ``folder``: those named as
    ``write_index`` names them and older than ``STALE_SECONDS`` (never a build under way, nor
    anything ``remove_leftovers`` keeps). The names removed."""
    return remove_leftovers(folder, ".rules-index.", ".tmp", STALE_SECONDS, now)


def fill(tmp: Path, data: IndexData, seen: str, digest: str) -> None:
    """Write the index ``data`` into the new database file ``tmp``, with its key."""
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for statement in SCHEMA:
            conn.execute(statement)
        books: dict[str, int] = {}
        for doc in data.docs:
            books.setdefault(doc.book, len(books))
        meta = {
            "format": FORMAT,
            "seen": seen,
            "digest": digest,
            "avg_length": repr(data.avg_length),
        }
        conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        conn.executemany("INSERT INTO books VALUES (?, ?)", [(i, b) for b, i in books.items()])
        columns: dict[str, array[int] | array[float]] = {
            "length": array("d", [d.length for d in data.docs]),
            "book": array("i", [books[d.book] for d in data.docs]),
            "priority": array("q", [d.priority for d in data.docs]),
            "order": array("q", [d.order for d in data.docs]),
        }
        conn.executemany(
            "INSERT INTO columns VALUES (?, ?)", [(k, v.tobytes()) for k, v in columns.items()]
        )
        conn.executemany(
            "INSERT INTO terms VALUES (?, ?, ?, ?)",
            (
                (t, idf, array("i", ids).tobytes(), array("d", tfs).tobytes())
                for t, (idf, ids, tfs) in data.terms.items()
            ),
        )
        conn.executemany("INSERT INTO phrases VALUES (?, ?)", sorted(set(data.phrases)))
        conn.executemany(
            "INSERT INTO docs VALUES (?, ?, ?, ?)",
            ((i, d.number.upper(), d.number, d.fields) for i, d in enumerate(data.docs)),
        )
        conn.commit()
    finally:
        conn.close()
