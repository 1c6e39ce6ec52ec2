"""Wrong PINs typed into the served floor, counted per phone, per name and across all.

The count lives in a small SQLite file of the console's data folder (one per event file, readable
by its owner only), never in the event file: the log keeps what happened in the tournament, not
who mistyped at the door. Each attempt writes in two short transactions, so attempts
at once are counted one by one (never locked while the PIN's hash is computed); when the file
stays locked the attempt is refused with "try again", never with a traceback.

The limits, so that one person cannot lock the others out, and many addresses guessing together
gain nothing:

- **per phone**: after ``FREE_FAILURES`` wrong PINs from one phone (within ``WINDOW`` seconds)
  its next attempt waits a delay that doubles with every failure, up to ``MAX_DELAY``;
- **per name**: the same count for the name typed, across phones (one name tried from many);
- **across all**: past ``CEILING`` wrong PINs from every phone, an attempt waits ``MAX_DELAY``
  after the latest failure (a guess spread over many phones and names);
- **the venue's ceiling**: at most ``GUESSES_PER_MINUTE`` PINs of one kind checked and found
  wrong (or still being checked) within a minute, from every address together; past it every
  attempt is refused at once (``TooManyGuesses``) and its PIN never checked, so guessing from
  rotating addresses gains nothing and the hashing never runs more than that.

The name's and the ``CEILING``'s waits apply only to a phone that has itself typed a wrong PIN in
the window: a phone that has not is let try unless the venue's ceiling is reached. A right PIN
clears its phone's count. A clock set back forgets nothing: the attempts counted "after" it are
taken as made then, so they hold a phone or the floor no longer than their own waits.
"""

from __future__ import annotations

import hashlib
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import person_key
from tdconsole.i18n import _
from tdconsole.store.faults import own_words
from tdconsole.store.opening import shown
from tdconsole.store.paths import data_dir
from tdconsole.store.system import disk_spelling, make_folder

FREE_FAILURES = 3
FIRST_DELAY = 2.0
MAX_DELAY = 300.0
WINDOW = 30 * 60.0
CEILING = 60
"""Wrong PINs from all phones within ``WINDOW`` past which every phone that failed waits."""
MINUTE = 60.0
GUESSES_PER_MINUTE = 30
"""PINs of one kind from all phones together checked wrong within ``MINUTE`` past which every
attempt is refused unchecked: a real sign-in waits at most a minute during a guessing flood."""
BUSY_SECONDS = 5.0
"""How long an attempt waits for another one's lock before it is refused with "try again"."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS wrong_pins "
    "(kind TEXT NOT NULL, phone TEXT NOT NULL, name TEXT NOT NULL, at REAL NOT NULL)"
)


def delay_after(failures: int) -> float:
    """Seconds to wait after ``failures`` wrong PINs in a row: none for the first few, then
    ``FIRST_DELAY`` doubling with each one, up to ``MAX_DELAY``."""
    if failures < FREE_FAILURES:
        return 0.0
    return float(min(MAX_DELAY, FIRST_DELAY * 2 ** (failures - FREE_FAILURES)))


def attempts_file(event: Path) -> Path:
    digest = hashlib.sha256(str(disk_spelling(event)).encode()).hexdigest()[:20]
    return data_dir() / "pin-attempts" / f"{digest}.sqlite"


def name_key(name: str) -> str:
    """A name as the limits count it: as the service compares who acts (NFC, case, spaces)."""
    return person_key(name)


def _busy() -> RuleError:
    return RuleError(_("the PIN check is busy: try again"), "VII.1")


class WrongPin(RuleError):
    """The PIN was checked and is wrong."""


class TooManyGuesses(RuleError):
    """Refused unchecked under the venue's ceiling (the served floor answers 429)."""


def too_many_guesses(seconds: float) -> TooManyGuesses:
    return TooManyGuesses(
        _(
            "too many wrong PINs on the floor in the last minute (someone may be guessing): "
            "try again in {seconds} s"
        ).format(seconds=max(1, math.ceil(seconds))),
        "VII.1",
    )


def wrong_lately(event: Path, now: float, seconds: float = MINUTE) -> int:
    """Wrong PINs (of any kind) typed into ``event``'s served floor within ``seconds`` before
    ``now``, as the console shows them; 0 when none were ever counted or the count cannot be
    read (read only: this never creates nor changes the file)."""
    path = attempts_file(event)
    if not path.is_file():
        return 0
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return 0
    try:
        (count,) = db.execute(
            "SELECT COUNT(*) FROM wrong_pins WHERE at >= ?", (now - seconds,)
        ).fetchone()
        return int(count)
    except sqlite3.Error:
        return 0
    finally:
        db.close()


class PinAttempts:
    """The wrong PINs of one event's served floor (``kind``: "floor" or "director")."""

    def __init__(self, event: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = attempts_file(event)
        self.clock = clock
        try:
            make_folder(self.path.parent)
            os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600))
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_SECONDS)
        except (OSError, sqlite3.Error) as exc:
            raise self._cannot(exc) from None
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            self._db.execute(_SCHEMA)
        except sqlite3.Error as exc:
            self._db.close()
            raise self._cannot(exc) from None

    def _cannot(self, exc: OSError | sqlite3.Error) -> RuleError:
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            return _busy()
        return RuleError(
            _("cannot count wrong PINs in {path} ({why}): ask the Director").format(
                path=shown(self.path), why=own_words(exc)
            ),
            "VII.1",
        )

    def close(self) -> None:
        self._db.close()

    def _count(self, where: str, *args: str) -> tuple[int, float]:
        count, last = self._db.execute(
            f"SELECT COUNT(*), COALESCE(MAX(at), 0) FROM wrong_pins WHERE {where}", args
        ).fetchone()
        return int(count), float(last)

    def _now(self) -> float:
        """The clock, the attempts counted "after" it (the clock was set back) moved to it."""
        now = self.clock()
        self._db.execute("UPDATE wrong_pins SET at = ? WHERE at > ?", (now, now))
        return now

    def _venue_wait(self, kind: str, now: float) -> float:
        """Seconds until the venue's ceiling lets ``kind``'s next attempt be checked (0: now)."""
        lately = self._db.execute(
            "SELECT at FROM wrong_pins WHERE kind = ? AND at > ? ORDER BY at DESC LIMIT ?",
            (kind, now - MINUTE, GUESSES_PER_MINUTE),
        ).fetchall()
        if len(lately) < GUESSES_PER_MINUTE:
            return 0.0
        return max(0.0, float(lately[-1][0]) + MINUTE - now)

    def _wait(self, kind: str, phone: str, name: str, now: float) -> float:
        self._db.execute("DELETE FROM wrong_pins WHERE at < ?", (now - WINDOW,))
        mine, my_last = self._count("kind = ? AND phone = ?", kind, phone)
        if mine == 0:
            return 0.0
        waits = [my_last + delay_after(mine) - now]
        named, named_last = self._count("kind = ? AND name = ?", kind, name_key(name))
        waits.append(named_last + delay_after(named) - now)
        total, last = self._count("kind = ?", kind)
        if total >= CEILING:
            waits.append(last + MAX_DELAY - now)
        return max(0.0, *waits)

    def wait_seconds(self, kind: str, phone: str, name: str) -> float:
        """How long a new attempt from ``phone`` under ``name`` must wait now (0: none)."""
        try:
            now = self._now()
            return max(self._wait(kind, phone, name, now), self._venue_wait(kind, now))
        except sqlite3.Error as exc:
            raise self._cannot(exc) from None

    def attempt(self, kind: str, phone: str, name: str, matches: Callable[[], bool]) -> None:
        """Check a PIN (``matches``) from ``phone`` under ``name`` unless it must wait; a wrong
        one is counted. Raises WrongPin when the PIN is wrong, TooManyGuesses past the venue's
        ceiling, RuleError when it is too early to try again or the count is busy ("try
        again").

        The attempt is counted as wrong before the PIN is checked (one short write), and the
        count cleared once it proves right (another): the file is never locked while scrypt
        runs, so many phones signing in at once do not wait on each other, and attempts made
        at once from one phone are all counted."""
        with self._writing():
            now = self._now()
            wait = self._wait(kind, phone, name, now)
            venue = self._venue_wait(kind, now)
            if venue > 0:
                raise too_many_guesses(venue)
            if wait > 0:
                raise RuleError(
                    _("too many wrong PINs: try again in {seconds} s").format(
                        seconds=math.ceil(wait)
                    ),
                    "VII.1",
                )
            self._db.execute(
                "INSERT INTO wrong_pins(kind, phone, name, at) VALUES (?, ?, ?, ?)",
                (kind, phone, name_key(name), now),
            )
        if not matches():
            raise WrongPin(_("wrong PIN: type it again (ask the Director for it)"), "VII.1")
        with self._writing():
            self._db.execute("DELETE FROM wrong_pins WHERE kind = ? AND phone = ?", (kind, phone))

    @contextmanager
    def _writing(self) -> Iterator[None]:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._cannot(exc) from None
        try:
            yield
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise self._cannot(exc) from None
        except BaseException:
            with suppress(sqlite3.Error):
                self._db.execute("COMMIT")  # a refusal: what was counted stays
            raise
