"""Where events and the console's own files live (platformdirs, or TDCONSOLE_DATA_DIR)."""

from __future__ import annotations

import os
from pathlib import Path

EVENT_SUFFIX = ".tdc"


def data_dir() -> Path:
    override = os.environ.get("TDCONSOLE_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tdconsole", appauthor=False))


def events_dir() -> Path:
    return data_dir() / "events"


def resolve_event_path(raw: str) -> Path:
    """A bare name (``autunno``) lives in the data folder; anything with a folder is a path."""
    expanded = os.path.expanduser(raw)
    path = Path(expanded)
    if path.parent == Path(".") and not raw.startswith("."):
        name = path.name if path.suffix else path.name + EVENT_SUFFIX
        return events_dir() / name
    return path.resolve()


def _last_file() -> Path:
    return data_dir() / "last_event"


def remember_event(path: Path) -> None:
    target = _last_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(str(path.resolve()), encoding="utf-8")
    tmp.replace(target)


def last_event() -> Path | None:
    try:
        text = _last_file().read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return Path(text) if text else None
