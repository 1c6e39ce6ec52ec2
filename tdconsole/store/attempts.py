"""Wrong PINs typed into the served views, counted across every browser session of an event.

Each browser session of ``tdconsole serve`` is a process of its own, so the count lives in a
small SQLite file of the console's data folder (one per event file), never in the event file:
the log keeps what happened in the tournament, not who mistyped at the door. A check takes the
file's write lock for the whole attempt, so sessions trying at once are counted one by one.

After ``FREE_FAILURES`` wrong PINs in a row (of one kind, within ``WINDOW`` seconds), each
further attempt must wait a delay that doubles with every failure, up to ``MAX_DELAY``; a right
PIN clears the count.
"""

from __future__ import annotations

import hashlib
import math
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.store.paths import data_dir

FREE_FAILURES = 3
FIRST_DELAY = 2.0
MAX_DELAY = 300.0
WINDOW = 30 * 60.0

_SCHEMA = "CREATE TABLE IF NOT EXISTS failures (kind TEXT NOT NULL, at REAL NOT NULL)"


def delay_after(failures: int) -> float:
    """Seconds to wait after ``failures`` wrong PINs in a row: none for the first few, then
    ``FIRST_DELAY`` doubling with each one, up to ``MAX_DELAY``."""
    if failures < FREE_FAILURES:
        return 0.0
    return float(min(MAX_DELAY, FIRST_DELAY * 2 ** (failures - FREE_FAILURES)))


def attempts_file(event: Path) -> Path:
    digest = hashlib.sha256(str(event.resolve()).encode()).hexdigest()[:20]
    return data_dir() / "pin-attempts" / f"{digest}.sqlite"


class PinAttempts:
    """The wrong PINs of one event's served views (``kind``: "floor" or "director")."""

    def __init__(self, event: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = attempts_file(event)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.clock = clock
        self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA busy_timeout = 30000")
        self._db.execute(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def _failures(self, kind: str, now: float) -> tuple[int, float]:
        self._db.execute("DELETE FROM failures WHERE at < ?", (now - WINDOW,))
        count, last = self._db.execute(
            "SELECT COUNT(*), COALESCE(MAX(at), 0) FROM failures WHERE kind = ?", (kind,)
        ).fetchone()
        return int(count), float(last)

    def wait_seconds(self, kind: str) -> float:
        """How long a new attempt must wait now (0: it may be made)."""
        now = self.clock()
        count, last = self._failures(kind, now)
        return max(0.0, last + delay_after(count) - now)

    def attempt(self, kind: str, matches: Callable[[], bool]) -> None:
        """Check a PIN (``matches``) unless attempts must wait; a wrong one is counted.

        Raises RuleError when the PIN is wrong or when it is too early to try again."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            now = self.clock()
            count, last = self._failures(kind, now)
            wait = last + delay_after(count) - now
            if wait > 0:
                seconds = math.ceil(wait)
                raise RuleError(
                    _("too many wrong PINs: try again in {seconds} s").format(seconds=seconds),
                    "VII.1",
                )
            if matches():
                self._db.execute("DELETE FROM failures WHERE kind = ?", (kind,))
                return
            self._db.execute("INSERT INTO failures(kind, at) VALUES (?, ?)", (kind, now))
            raise RuleError(
                _("wrong PIN: type it again (ask the Director for it)"),
                "VII.1",
            )
        finally:
            self._db.execute("COMMIT")
