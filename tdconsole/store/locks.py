"""A lock file held while a file several terminals share changes (``folders.json``, a
season): ``filelock``'s, on every system, released when the process ends."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tdconsole.store.system import make_folder


def take_lock(path: Path, seconds: float) -> Callable[[], None] | None:
    """The lock at ``path`` taken (its folder made); what releases it. None where no lock can
    be had (a data folder that cannot be written): the change goes on without it. Another
    terminal holding it past ``seconds``: ``TimeoutError`` (filelock's ``Timeout``)."""
    # lazy: filelock, which every command that changes no shared file does without
    from filelock import FileLock, Timeout

    lock = FileLock(path, timeout=seconds, mode=0o600)
    try:
        make_folder(path.parent)
        lock.acquire()
    except Timeout:
        raise
    except OSError:
        return None
    return lock.release
