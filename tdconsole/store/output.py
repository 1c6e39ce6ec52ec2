"""Files the console writes for the Director (reports, exports, new event files): never over
anything that is there.

Every output is made whole in a private temporary folder beside its target, then linked into
place with ``os.link``, which fails when the target exists: the target appears whole or not at
all, and nothing is replaced. A file system without hard links gets a copy into a file created
exclusively instead (``link_new``): still never over anything. An existing path is refused;
``force`` replaces it only when it is a regular file that is not an event file. A symbolic link
(even one pointing nowhere), a folder, a FIFO, a device, an event file, one of an event file's
own ``-wal``/``-shm``/``-journal`` files and the event's own file (``protect``) are never
replaced, with or without ``force``.

Every output, and every folder made for one, is readable by its owner only (``PRIVATE``): an
event file holds the floor's secrets, an export or a report the players' names and money.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tdconsole.i18n import Msg, Said, _
from tdconsole.store import system
from tdconsole.store.eventstore import APP_ID, StoreError
from tdconsole.store.faults import own_words
from tdconsole.store.opening import file_kind, refuse_shared, shown

T = TypeVar("T")

SQLITE_HEADER = b"SQLite format 3\x00"
COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside an event file while it is in use."""

PRIVATE = system.PRIVATE_FILE
"""The mode of every file the console writes (folders: 0700, ``system.make_folder``)."""


class OutputRefused(StoreError):
    """The target path is taken; ``forceable`` when ``force`` would have replaced it."""

    def __init__(self, message: Said, *, forceable: bool = False) -> None:
        super().__init__(message)
        self.forceable = forceable


def is_event_file(path: Path) -> bool:
    """Whether ``path`` is a regular file holding a tdconsole event (SQLite's header and the
    event's application id), read without following a symbolic link or blocking on a FIFO."""
    try:
        fd = system.open_regular(path)
    except (OSError, ValueError):
        return False
    try:
        head = os.read(fd, 100)
    except OSError:
        return False
    finally:
        os.close(fd)
    return (
        len(head) == 100
        and head.startswith(SQLITE_HEADER)
        and int.from_bytes(head[68:72], "big") == APP_ID
    )


def _never(target: Path, what: Msg) -> OutputRefused:
    return OutputRefused(
        _(
            "{target} already exists and is {what}: it is never replaced, not even with "
            "--force; choose another path (nothing was written)"
        ).format(target=shown(target), what=what)
    )


def _companion_of(target: Path) -> Path | None:
    """The event file ``target`` belongs to, when it is one's ``-wal``/``-shm``/``-journal``."""
    for suffix in COMPANIONS:
        if target.name.endswith(suffix) and len(target.name) > len(suffix):
            base = target.with_name(target.name[: -len(suffix)])
            if is_event_file(base):
                return base
    return None


def check_target(
    target: Path, *, force: bool | None = False, protect: Path | None = None
) -> os.stat_result | None:
    """Refuse ``target`` unless it is free, or ``force`` may replace it; returns what is there
    (None when nothing is). ``force=None``: the command has no ``--force``."""
    base = _companion_of(target)
    if base is not None:
        raise OutputRefused(
            _(
                "{target} is a working file of the event {base}: it is never "
                "written, not even with --force; choose another path "
                "(nothing was written)"
            ).format(target=shown(target), base=shown(base)),
        )
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise StoreError(
            _("cannot use {target} ({why}): choose another path").format(
                target=shown(target), why=own_words(exc)
            ),
        ) from None
    kind = file_kind(found.st_mode)
    if kind is not None:
        raise _never(target, kind)
    if protect is not None and _same(found, protect):
        raise _never(target, _("the event's own file"))
    if is_event_file(target):
        raise _never(target, _("an event file"))
    if not force:
        raise _exists(target, forceable=force is not None)
    return found


def _same(found: os.stat_result, other: Path) -> bool:
    try:
        there = os.stat(other)
    except (OSError, ValueError):
        return False
    return (found.st_dev, found.st_ino) == (there.st_dev, there.st_ino)


def _exists(target: Path, *, forceable: bool) -> OutputRefused:
    if forceable:
        return OutputRefused(
            _(
                "{target} already exists: choose another path, or add "
                "--force to replace it (nothing was replaced)"
            ).format(target=shown(target)),
            forceable=True,
        )
    return OutputRefused(
        _("{target} already exists: choose another path (nothing was replaced)").format(
            target=shown(target)
        ),
    )


def place_new(
    target: Path,
    build: Callable[[Path], T],
    *,
    force: bool | None = False,
    protect: Path | None = None,
    make_folder: bool = False,
) -> T:
    """Build a file with ``build(tmp)`` under a temporary name beside ``target``, then put it
    in place without replacing anything (see the module's note); returns what ``build`` did.
    Nothing is left behind when it fails."""
    target = Path(os.path.abspath(target))
    found = check_target(target, force=force, protect=protect)
    try:
        if make_folder:
            system.make_folder(target.parent)
        work = Path(tempfile.mkdtemp(prefix=".tdconsole-", suffix=".tmp", dir=target.parent))
    except OSError as exc:
        raise _cannot_write(target, exc) from None
    try:
        tmp = work / "output"
        result = build(tmp)
        for suffix in COMPANIONS:
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        os.chmod(tmp, PRIVATE)  # (an event's -wal and -shm take the file's own mode)
        sync_path(tmp)
        if found is None:
            _link_new(tmp, target)
        else:
            # Replaced only if it is still the regular file that was checked.
            again = check_target(target, force=True, protect=protect)
            if again is None or (again.st_dev, again.st_ino) != (found.st_dev, found.st_ino):
                raise _exists(target, forceable=True)
            os.replace(tmp, target)
        sync_path(target.parent)
    except OSError as exc:
        raise _cannot_write(target, exc) from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return result


def check_event_target(target: Path, *, force: bool | None = None) -> None:
    """Refuse ``target`` as a new event file's path (``new``, ``import``, ``backups restore``):
    taken (``check_target``), or with a working file of another one left beside it (a
    ``-wal``, ``-shm`` or ``-journal`` whose file was moved or deleted): SQLite would read it
    as the new file's and find it damaged. It is never deleted here: a ``-wal`` may hold the
    last writes of the file it belongs to."""
    check_target(target, force=force)
    for suffix in COMPANIONS:
        left = Path(f"{target}{suffix}")
        if os.path.lexists(left):
            raise OutputRefused(
                _(
                    "{left} is left beside {target} from another event file: move it away "
                    "with the file it belongs to, or choose another path (nothing was written)"
                ).format(left=shown(left), target=shown(target)),
            )


def place_new_file(target: Path, build: Callable[[Path], int], *, force: bool | None = None) -> int:
    """Build a file under a temporary name beside ``target`` and link it into place: the
    target appears whole or not at all, and an existing file is never replaced (``force``:
    a regular file that is not an event file may be, see ``check_target``); a path with
    another file's ``-wal`` or ``-shm`` beside it is refused (``check_event_target``), and so
    is a folder of a network drive or a sync client (``refuse_shared``)."""
    refuse_shared(target)
    check_event_target(Path(os.path.abspath(target)), force=force)
    return place_new(target, build, force=force, make_folder=True)


def _link_new(tmp: Path, target: Path) -> None:
    try:
        link_new(tmp, target)
    except FileExistsError:
        check_target(target, force=None)  # say what is there now
        raise _exists(target, forceable=False) from None


def link_new(tmp: Path, target: Path) -> None:
    """Put the finished file ``tmp`` at ``target`` too, never replacing anything there: a hard
    link, or where the file system has none (a FAT or exFAT stick, some network shares; each
    system says so with its own error) a copy into a file created exclusively, removed if the
    copy fails. Raises ``FileExistsError`` when ``target`` is taken."""
    try:
        os.link(tmp, target)
        return
    except FileExistsError:
        raise
    except OSError:
        pass  # no hard links here (a real fault fails the exclusive create below just as well)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | system.BINARY
    dst = os.fdopen(os.open(target, flags, PRIVATE), "wb")
    try:
        with dst, open(tmp, "rb") as src:
            shutil.copyfileobj(src, dst)
            dst.flush()
            os.fsync(dst.fileno())
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def sync_path(path: Path) -> None:
    """Flush a file, or a folder's entries, to the disk; a medium that cannot is let be. A file
    is opened for writing (Windows flushes nothing opened read-only), a folder for reading
    (POSIX; Windows opens none, and its folders need no flush)."""
    try:
        if os.path.isdir(path):
            fd = os.open(path, os.O_RDONLY)
        else:
            fd = os.open(path, os.O_RDWR | system.BINARY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _cannot_write(target: Path, exc: OSError) -> StoreError:
    return StoreError(
        _("cannot write {target} ({why}): choose another path").format(
            target=shown(target), why=own_words(exc)
        ),
    )


def write_new(
    target: Path,
    data: bytes,
    *,
    force: bool | None = False,
    protect: Path | None = None,
    make_folder: bool = False,
) -> Path:
    """Write ``data`` as the new file ``target`` (see ``place_new``); returns its path."""

    def build(tmp: Path) -> None:
        with open(tmp, "xb") as handle:
            handle.write(data)

    place_new(target, build, force=force, protect=protect, make_folder=make_folder)
    return Path(os.path.abspath(target))


def write_free(
    target: Path, data: bytes, *, protect: Path | None = None, make_folder: bool = False
) -> Path:
    """Write ``data`` to ``target``, or, when that path is taken, to the first free one of
    ``NAME-2.EXT``, ``NAME-3.EXT``, …; never replaces anything. Returns the path written."""
    stem, suffix = target.stem, target.suffix
    for n in range(1, 1000):
        path = target if n == 1 else target.with_name(f"{stem}-{n}{suffix}")
        try:
            return write_new(path, data, force=None, protect=protect, make_folder=make_folder)
        except OutputRefused:
            continue
    raise StoreError(
        _("{target} and 998 names after it are taken: choose another file").format(
            target=shown(target)
        ),
    )
