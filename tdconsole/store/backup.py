"""Rotating backups of an event file, taken with SQLite's online backup API.

A backup is a consistent copy of the file at one moment (WAL readers never block the writer),
written under a temporary name and renamed into place, so a backup folder never holds half a
file. The newest ``keep`` are kept. ``BackupWorker`` takes them on a thread so the Director
never waits; closing the service waits for a backup under way.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import threading
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tdconsole.i18n import _
from tdconsole.store.eventstore import StoreError, inspect
from tdconsole.store.faults import Cause, oserror_cause, own_words, sqlite_cause
from tdconsole.store.opening import connect, shown
from tdconsole.store.output import check_event_target, place_new_file, sync_path
from tdconsole.store.paths import data_dir, folder_setting
from tdconsole.store.system import alive, disk_spelling, make_folder

_NAME = re.compile(r"^(?:.+-)?(?P<stamp>\d{8}T\d{6}\d{6}Z)-(?P<seq>\d+)\.tdc$")
"""A backup's name: its time and last event (older versions put the event's name first)."""


@dataclass(frozen=True)
class Backup:
    path: Path
    seq: int
    """The last event the backup holds."""
    taken_at: datetime
    size: int


STEM_IN_FOLDER = 40
"""The most of an event's name its backup folder repeats (its tag tells events apart), so a
backup's path stays well under Windows' 260 characters however long the name."""


def backup_folder(event: Path, folder: str = "") -> Path:
    """Where an event's backups live: one folder per event file, keyed on its path as the disk
    spells it (two spellings of one file on a disk that ignores case: one folder)."""
    event = disk_spelling(event)
    tag = hashlib.sha1(str(event).encode(), usedforsecurity=False).hexdigest()[:8]
    base = folder_setting(event, folder) or data_dir() / "backups"
    return base / f"{event.stem[:STEM_IN_FOLDER].rstrip(' .')}-{tag}"


def list_backups(event: Path, folder: str = "") -> list[Backup]:
    """The event's backups, oldest first."""
    where = backup_folder(event, folder)
    found = []
    try:
        entries = list(where.iterdir())
    except OSError:
        return []
    for path in entries:
        match = _NAME.match(path.name)
        if match is None:
            continue
        try:
            size = path.stat().st_size
        except OSError:
            continue
        stamp = datetime.strptime(match["stamp"], "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
        found.append(Backup(path, int(match["seq"]), stamp, size))
    found.sort(key=lambda b: (b.seq, b.taken_at))
    return found


def copy_event(source: Path, target: Path) -> int:
    """A consistent copy of ``source`` at ``target`` (a new file) through the backup API;
    returns the last event it holds."""
    src = connect(source).db  # read-only when it cannot be written; never writes
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            (seq,) = dst.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
    finally:
        src.close()
    with open(target, "rb+") as handle:
        os.fsync(handle.fileno())
    return int(seq)


def take_backup(event: Path, folder: str = "", keep: int = 10) -> Backup:
    """Back the event up now, then delete all but the newest ``keep`` backups."""
    event = event.resolve()
    where = backup_folder(event, folder)
    now = datetime.now(UTC)
    tmp = where / f".backup.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        make_folder(where)
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        seq = copy_event(event, tmp)
        name = f"{now:%Y%m%dT%H%M%S%f}Z-{seq:07d}.tdc"  # (its folder names the event)
        final = where / name
        os.replace(tmp, final)
    except (OSError, sqlite3.Error) as exc:
        cause = _cause(exc, tmp)  # (before the debris goes: its folder's state tells)
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise StoreError(
            _("cannot back up {event} to {where} ({cause})").format(
                event=shown(event), where=shown(where), cause=cause
            ),
        ) from None
    sync_path(where)
    with suppress(OSError):  # an old backup that cannot be deleted stays: no harm
        rotate(event, folder, keep)
    return Backup(final, seq, now, _size(final))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _cause(exc: OSError | sqlite3.Error, written: Path) -> Cause:
    if isinstance(exc, OSError):
        return oserror_cause(exc)
    return sqlite_cause(exc, written) or own_words(exc)


def _failed(event: Path, exc: OSError | sqlite3.Error) -> StoreError:
    """A backup that failed outside its copy (finding or making its folder)."""
    return StoreError(
        _("cannot back up {event} ({cause})").format(event=shown(event), cause=_cause(exc, event)),
    )


def rotate(event: Path, folder: str, keep: int) -> None:
    backups = list_backups(event, folder)
    for old in backups[: max(0, len(backups) - max(keep, 1))]:
        old.path.unlink(missing_ok=True)
    # Temporary files of a backup interrupted by a crash are debris: clear them.
    where = backup_folder(event, folder)
    for debris in where.glob(".*.tmp"):
        pid = debris.name.split(".")[-3]
        if pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid)):
            debris.unlink(missing_ok=True)


def restore_backup(backup: Path, target: Path, *, force: bool | None = None) -> int:
    """Copy a backup to a new event file (never over an event file; over another regular
    file only with ``force``); returns its last seq."""
    check_event_target(target, force=force)
    inspect(backup)
    return place_new_file(target, lambda tmp: copy_event(backup, tmp), force=force)


class BackupWorker:
    """Takes backups on a thread, one at a time; a request while one runs is skipped (the
    next command asks again)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self.last_error: str | None = None
        """Why the last backup failed, in English (``failure``: in any language)."""
        self.failure: StoreError | None = None

    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def request(self, event: Path, folder: str, keep: int) -> bool:
        if self.busy():
            return False

        def run() -> None:
            try:
                take_backup(event, folder, keep)
                self.last_error, self.failure = None, None
            except (StoreError, OSError, sqlite3.Error) as exc:
                # A full disk or a bad folder must not stop the evening: report it.
                failure = exc if isinstance(exc, StoreError) else _failed(event, exc)
                self.last_error, self.failure = str(failure), failure

        self._thread = threading.Thread(target=run, name="tdconsole-backup", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float | None = 30) -> None:
        if self._thread is not None:
            self._thread.join(timeout)
