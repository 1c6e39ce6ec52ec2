"""The folders this machine writes to for an event (its backups, its printouts) are this
machine's choice, never a received file's.

An event file carries its settings, ``folder`` and ``print_dir`` among them; a file made on
another computer could name any folder there (a network share, another user's folder). So a
folder named in the file is used only when it was chosen on this machine: ``set folder=…`` (or
``print_dir``) and ``new --config`` note the value in the console's data folder
(``folders.json``), and a value not noted there is passed over for the default folder, said
once by whoever opened the event (``foreign_folders``).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tdconsole.domain.folders import FOLDER_KEYS
from tdconsole.domain.settings import Settings
from tdconsole.i18n import Msg, _
from tdconsole.store.locks import take_lock
from tdconsole.store.paths import data_dir
from tdconsole.store.reading import read_input
from tdconsole.store.system import make_folder

CHOSEN_FILE = "folders.json"
"""In the console's data folder: the folders chosen on this machine, by setting."""
KEPT = 100
"""Values kept a setting, the latest chosen last (older ones are forgotten)."""
_LIMIT = 256 * 1024
_BUSY_SECONDS = 10


def _chosen_file() -> Path:
    return data_dir() / CHOSEN_FILE


def _read() -> dict[str, list[str]]:
    """The values chosen here, by setting; nothing when the file is missing or unreadable."""
    try:
        document = json.loads(read_input(_chosen_file(), _LIMIT, _("the file")).decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # InputRefused is a ValueError too
        return {}
    if not isinstance(document, dict):
        return {}
    return {
        key: [v for v in values if isinstance(v, str)]
        for key, values in document.items()
        if key in FOLDER_KEYS and isinstance(values, list)
    }


def chosen_here(key: str, value: str) -> bool:
    """The setting ``key``'s ``value`` is this machine's: chosen here, or empty (the default)."""
    typed = value.strip()
    return not typed or typed in _read().get(key, [])


@contextmanager
def _changing() -> Iterator[None]:
    """Held while ``folders.json`` is read and rewritten: two terminals choosing at once both
    keep their choice. Without a lock to be had (a data folder that cannot be written) the
    change goes on, and fails on writing if it must."""
    try:
        release = take_lock(data_dir() / "locks" / "folders.lock", _BUSY_SECONDS)
    except TimeoutError:
        release = None
    try:
        yield
    finally:
        if release is not None:
            release()


def choose_here(key: str, value: str) -> None:
    """Note ``value`` as chosen on this machine for ``key``. A courtesy that never fails the
    command that chose it: where it cannot be noted, the next opening says the folder is not
    used, and how to choose it again."""
    typed = value.strip()
    if key not in FOLDER_KEYS or not typed:
        return
    tmp: str | None = None
    try:
        with _changing():
            chosen = _read()
            values = [v for v in chosen.get(key, []) if v != typed] + [typed]
            chosen[key] = values[-KEPT:]
            target = _chosen_file()
            make_folder(target.parent)
            fd, tmp = tempfile.mkstemp(prefix=".folders.", suffix=".tmp", dir=target.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(chosen, handle, ensure_ascii=False)
            os.replace(tmp, target)
            tmp = None
    except (OSError, ValueError):  # ValueError: a path the file system cannot hold
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def named(settings: Settings) -> dict[str, str]:
    """The folder settings, by key."""
    return {"folder": settings.backup.folder, "print_dir": settings.printing.print_dir}


def foreign_folders(settings: Settings) -> dict[str, str]:
    """The folder settings whose value was not chosen on this machine (passed over)."""
    return {key: value for key, value in named(settings).items() if not chosen_here(key, value)}


def backup_folder_here(settings: Settings) -> str:
    """The ``folder`` setting as this machine uses it: empty (the default) unless chosen here."""
    value = settings.backup.folder
    return value if chosen_here("folder", value) else ""


def print_dir_here(settings: Settings) -> str:
    """The ``print_dir`` setting as this machine uses it: empty (``prints/`` beside the event)
    unless chosen here."""
    value = settings.printing.print_dir
    return value if chosen_here("print_dir", value) else ""


def folder_notices(settings: Settings) -> list[Msg]:
    """What is said of the folders the event's ``settings`` name that were chosen on another
    computer: the default is used, and how to choose one here."""
    foreign = foreign_folders(settings)
    notices = []
    if "folder" in foreign:
        notices.append(
            _(
                "the event names a backup folder chosen on another computer ({folder}): "
                "backups go to the console's data folder; "
                "`tdconsole set folder=FOLDER` chooses one here"
            ).format(folder=foreign["folder"])
        )
    if "print_dir" in foreign:
        notices.append(
            _(
                "the event names a print folder chosen on another computer ({folder}): "
                "printouts go to prints/ beside the event file; "
                "`tdconsole set print_dir=FOLDER` chooses one here"
            ).format(folder=foreign["print_dir"])
        )
    return notices
