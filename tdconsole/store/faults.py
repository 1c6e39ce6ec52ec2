"""Storage faults said as what they are: a full disk, a read-only medium or file, a permission.

A fault of the medium is never called damage: the file is fine, the disk or its permissions are
not, and the fix is to free space or use a writable place, never to restore a backup. These
helpers name the cause of an ``OSError`` or of an SQLite error, and foresee whether a file can be
written at all (so a reading command opens it read-only rather than failing). A cause we cannot
name is given in the system's own words, which a reader of another language gets inside a
sentence of that language (``own_words``).
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
import sys
from pathlib import Path

from tdconsole.domain.texts import escape
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.store import system

Cause = Msg
"""Why storage refused: a message, said in the reader's language."""

DISK_FULL = _("disk full: free some space")
FILE_LIMIT = _("disk full: the file size limit (ulimit -f) is reached")
READ_ONLY_MEDIUM = _("read-only: the medium is mounted read-only")
READ_ONLY_FILE = _("read-only: the file is read-only")
PERMISSION = _("permission denied")
HELD_OPEN = _("open in another program: close it in the program that has it open")
NOT_A_FOLDER = _("not a folder: a file is in the way")
MISSING = _("no such file or folder")
DISK_ERROR = _("input/output error of the disk")
IS_A_FOLDER = _("is a folder, not a file")

SPARE = 256 * 1024
"""Below this much free space a file is treated as on a full disk (its ``-shm`` alone is 32 KiB)."""

_ERRNO = {
    errno.ENOSPC: DISK_FULL,
    errno.EDQUOT: DISK_FULL,
    errno.EFBIG: FILE_LIMIT,
    errno.EROFS: READ_ONLY_MEDIUM,
    errno.EACCES: PERMISSION,
    errno.EPERM: PERMISSION,
    errno.ENOTDIR: NOT_A_FOLDER,
    errno.EEXIST: NOT_A_FOLDER,
    errno.EISDIR: IS_A_FOLDER,
    errno.ENOENT: MISSING,
    errno.EIO: DISK_ERROR,
}


def oserror_cause(exc: OSError) -> Cause:
    """The cause of an ``OSError``: ours when we know it, else the system's own words."""
    if system.held_open(exc):
        return HELD_OPEN
    known = _ERRNO.get(exc.errno or 0)
    if known is not None:
        return known
    return system_words(_words(exc))


UNNAMED = _("for a reason the console cannot name")
"""Why a stored event cannot be applied, when it is no refusal the console words (said
instead of a Python error's words, which a reader could do nothing with)."""


def validation_words(exc: BaseException, unnamed: str = "") -> Msg | None:
    """A pydantic ``ValidationError``'s first error in our words (``settings.explain``), the
    field named (``unnamed`` when the model as a whole refused); None for another error."""
    pydantic = sys.modules.get("pydantic")  # (loaded whenever one was raised)
    if pydantic is None or not isinstance(exc, pydantic.ValidationError) or not exc.errors():
        return None
    # lazy: the settings' models, which the command line's start does without
    from tdconsole.domain.settings import explain

    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or unnamed or exc.title
    return _("{where}: {explanation}").format(where=where, explanation=explain(first))


def own_words(exc: BaseException, words: str | None = None) -> Msg:
    """An error in the words of whoever raised it (the system, SQLite, a library), which no
    catalogue translates: ``words``, by default the error's own (its first line, without a
    file name).

    A fault we can name is said in our words: an ``OSError`` by its cause (``oserror_cause``:
    a full disk, a read-only medium), a pydantic ``ValidationError`` by its field. Else a
    reader of English reads them as they are; in another language they are said as what
    they are, in a sentence of that language that keeps them at its end ("errore del sistema:
    [Errno 28] No space left on device"), so the cause can still be looked up.
    """
    if words is None:
        if isinstance(exc, OSError):
            return oserror_cause(exc)
        invalid = validation_words(exc)
        if invalid is not None:
            return invalid
        words = _words(exc)
    if isinstance(exc, OSError):
        return system_words(words)
    if isinstance(exc, sqlite3.Error):
        return sqlite_words(words)
    return library_words(words)


def system_words(words: str) -> Msg:
    """The operating system's own words (an ``OSError``'s), see ``own_words``."""
    return pgettext("an error in the system's own words", "{words}").format(words=escape(words))


def sqlite_words(words: str) -> Msg:
    """SQLite's own words (an error's message, a ``quick_check`` finding), see ``own_words``."""
    return pgettext("an error in SQLite's own words", "{words}").format(words=escape(words))


def library_words(words: str) -> Msg:
    """A library's own words (a parser's, a validator's), see ``own_words``."""
    return pgettext("an error in a library's own words", "{words}").format(words=escape(words))


def _words(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"[Errno {exc.errno}] {exc.strerror}" if exc.errno else exc.strerror
    return (str(exc).splitlines() or [""])[0] or type(exc).__name__


def _folder(path: Path) -> Path:
    return path if path.is_dir() else path.parent


def read_only_medium(path: Path) -> bool:
    """Whether ``path`` is on a medium mounted read-only (see ``system.read_only_medium``)."""
    return system.read_only_medium(_folder(path))


def free_space(path: Path) -> int | None:
    """Bytes this process may still write on the file system of ``path`` (None: unknown).
    Root may also write the blocks the file system keeps back for it."""
    try:
        usage = shutil.disk_usage(_folder(path))
    except OSError:
        return None
    return usage.total - usage.used if system.privileged() else usage.free


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _file_not_writable(path: Path) -> Cause | None:
    if os.access(path, os.W_OK):
        return None
    if read_only_medium(path):
        return READ_ONLY_MEDIUM
    try:
        info = path.stat()
    except OSError:
        return PERMISSION
    # The owner (or root) who may not write a file has it marked read-only (its mode, or an
    # immutable flag); anyone else lacks the permission.
    return READ_ONLY_FILE if system.may_override(info) else PERMISSION


def companion_in_the_way(path: Path) -> Cause | None:
    """A ``-wal``, ``-shm`` or ``-journal`` beside ``path`` that is a link or not a plain
    file (SQLite refuses to write through it, and says only "disk I/O error"), named."""
    for suffix in ("-wal", "-shm", "-journal"):
        companion = Path(f"{path}{suffix}")
        try:
            info = os.lstat(companion)
        except (OSError, ValueError):
            continue
        if system.is_link(info) or not stat.S_ISREG(info.st_mode):
            return _(
                "{companion} is a link or not a plain file, where SQLite keeps the event "
                "file's own: remove it (what a link points to is left as it is)"
            ).format(companion=escape(str(companion)))
    return None


def write_blocker(path: Path) -> Cause | None:
    """Why the event file ``path`` cannot be written now, foreseen before trying (None: it can).

    SQLite writes beside the file too (``-wal``, ``-shm``): the folder must take new files unless
    they are there already, and the disk must have room for them, and those there must be
    plain files.
    """
    in_the_way = companion_in_the_way(path)
    if in_the_way is not None:
        return in_the_way
    if read_only_medium(path):
        return READ_ONLY_MEDIUM
    cause = _file_not_writable(path)
    if cause is not None:
        return cause
    companions = [Path(f"{path}-wal"), Path(f"{path}-shm")]
    if not os.access(path.parent, os.W_OK | os.X_OK) and not all(
        os.access(p, os.W_OK) for p in companions
    ):
        return PERMISSION
    free = free_space(path)
    if free is not None and free < SPARE:
        return DISK_FULL
    limit = system.file_limit()
    if limit is not None and limit < max(_size(path), 32 * 1024) + SPARE:
        return FILE_LIMIT
    return None


# SQLite's primary result codes (the low byte of an extended code).
_PERM, _READONLY, _IOERR, _FULL, _CANTOPEN, _AUTH = 3, 8, 10, 13, 14, 23


def sqlite_cause(exc: sqlite3.Error, path: Path) -> Cause | None:
    """The storage cause of an SQLite error on ``path``; None when it is not one (damage, a
    lock, a bug)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    if primary not in (_PERM, _READONLY, _IOERR, _FULL, _CANTOPEN, _AUTH):
        return None
    limit = system.file_limit()
    if limit is not None:
        biggest = max(_size(path), _size(Path(f"{path}-wal")), 32 * 1024)
        if biggest + SPARE > limit:
            return FILE_LIMIT
    blocked = write_blocker(path)
    if blocked is not None:
        return blocked
    if primary == _FULL:
        return DISK_FULL
    if primary in (_PERM, _AUTH):
        return PERMISSION
    if primary == _READONLY:
        return READ_ONLY_FILE
    return DISK_ERROR
