"""Where events and the console's own files live (platformdirs, or TDCONSOLE_DATA_DIR)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from platformdirs import user_data_dir

from tdconsole.i18n import Msg, _
from tdconsole.store.system import make_folder

EVENT_SUFFIX = ".tdc"


def data_dir() -> Path:
    override = os.environ.get("TDCONSOLE_DATA_DIR")
    if override:
        return Path(override)

    return Path(user_data_dir("tdconsole", appauthor=False))


def events_dir() -> Path:
    return data_dir() / "events"


def _bare_name(raw: str) -> str | None:
    """The data folder's file a bare name (``autunno``, ``e.tdc``) stands for; None for a path."""
    path = Path(os.path.expanduser(raw))
    if path.parent == Path(".") and not raw.startswith("."):
        return path.name if path.suffix else path.name + EVENT_SUFFIX
    return None


_WINDOWS_REFUSES = '\\/:*?"<>|'
NAME_MOST = 255
"""The most bytes of a file's name (most file systems')."""


def unportable_name(name: str) -> Msg | None:
    """Why a file cannot be named ``name`` on every system, as ``pathvalidate`` checks a
    receipt's name (its "universal" rules: Windows' ``? * < > | " :``, its devices ``CON``,
    ``NUL``, ``COM1``…, a name ending in a dot or a space), in one line with what to do; None
    when every system takes it. The one check of an event's name typed to ``new`` or on the
    start screen, so a file made here opens on every Director's machine."""
    # lazy: pathvalidate, which only a new file's name asks
    from pathvalidate import ErrorReason, ValidationError, validate_filename

    for part in (name, Path(name).stem):
        try:
            validate_filename(part, platform="universal")
        except ValidationError as exc:
            return _unportable(part, exc.reason is ErrorReason.RESERVED_NAME)
    return None


def _unportable(part: str, reserved: bool) -> Msg:
    if reserved:
        return _("{name!r} is a name Windows keeps for a device: choose another name").format(
            name=part
        )
    found = "".join(sorted({c for c in part if c in _WINDOWS_REFUSES or ord(c) < 32}))
    if found:
        return _("{name!r} has {found!r}, which Windows refuses in a name: leave it out").format(
            name=part, found=found
        )
    if part.rstrip(". ") != part:
        return _(
            "{name!r} ends in a dot or a space, which Windows drops from a name: leave it out"
        ).format(name=part)
    if len(os.fsencode(part)) > NAME_MOST:
        return _("{name!r}… is longer than a file's name can be: shorten it").format(name=part[:40])
    return _("{name!r} cannot name a file on every system: choose another name").format(name=part)


def resolve_event_path(raw: str) -> Path:
    """A bare name (``autunno``) lives in the data folder; anything with a folder is a path,
    made absolute with its folders' links resolved and the file's own name kept as it is (a
    link there is refused when opened, never followed)."""
    name = _bare_name(raw)
    if name is not None:
        return events_dir() / name
    absolute = Path(os.path.abspath(os.path.expanduser(raw)))
    return absolute.parent.resolve() / absolute.name


def meant_here(raw: str) -> str | None:
    """``./NAME`` when ``raw`` is a bare name missing from the data folder while the current
    folder holds a file of that name: the file likely meant, since a bare name never means
    the current folder. None otherwise."""
    name = _bare_name(raw)
    if name is None:
        return None
    try:
        if (events_dir() / name).exists() or not Path(name).is_file():
            return None
    except (OSError, ValueError):  # a folder that cannot be read, a name it cannot hold
        return None
    return os.path.join(os.curdir, name)


def folder_setting(event: Path, typed: str) -> Path | None:
    """The folder a setting names (``backup.folder``, ``print_dir``): ``~`` expanded, a
    relative path taken from the event file's folder; None when the setting is empty."""
    if not typed.strip():
        return None
    base = Path(os.path.expanduser(typed.strip()))
    return base if base.is_absolute() else event.parent / base


def _last_file() -> Path:
    return data_dir() / "last_event"


def remember_event(path: Path) -> None:
    """Note ``path`` as the most recently used event. A courtesy that never fails a command:
    each process writes its own temporary file and renames it into place (two terminals at
    once never trip on each other), and a data folder that cannot be written is passed over."""
    tmp: str | None = None
    try:
        target = _last_file()
        make_folder(target.parent)
        fd, tmp = tempfile.mkstemp(prefix=".last_event.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(str(path.resolve()))
        os.replace(tmp, target)
        tmp = None
    except (OSError, ValueError):  # ValueError: a path the file system cannot hold (a NUL)
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def last_event() -> Path | None:
    try:
        text = _last_file().read_text(encoding="utf-8").strip()
    except (OSError, ValueError):  # unreadable, or not text
        return None
    return Path(text) if text else None
