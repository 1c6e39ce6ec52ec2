"""Which season a ``season`` command means, and how a change of it is written.

The season is ``--season NAME|PATH``, else ``$TDCONSOLE_SEASON``, else the most recently used
one, else the only season in the data folder.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.season.seasonfile import (
    SUFFIX,
    Season,
    changing_season,
    check_director,
    resolve_season_path,
    validate_season,
    with_change,
    write_season,
)
from tdconsole.store.paths import data_dir, events_dir, resolve_event_path
from tdconsole.store.system import make_folder


def last_file() -> Path:
    return data_dir() / "last_season"


def remember_season(path: Path) -> None:
    """The season used last (a courtesy: never fails a command)."""
    target = last_file()
    try:
        make_folder(target.parent)
        fd, tmp = tempfile.mkstemp(prefix=".last_season.", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(str(path.resolve()))
        os.replace(tmp, target)
    except OSError:
        return


def season_path(args: argparse.Namespace) -> Path:
    raw = getattr(args, "season", None) or os.environ.get("TDCONSOLE_SEASON")
    if raw:
        return resolve_season_path(raw)
    try:
        last = last_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        last = ""
    if last and Path(last).is_file():
        return Path(last)
    found = sorted(events_dir().glob(f"*{SUFFIX}")) if events_dir().is_dir() else []
    if len(found) == 1:
        return found[0]
    raise RuleError(
        _("no season chosen: create one with `tdconsole season new NAME`, or give --season NAME"),
    )


@contextmanager
def changing(args: argparse.Namespace) -> Iterator[tuple[Path, Season]]:
    """The season to change, held against other terminals' changes until ``save``."""
    path = season_path(args)
    with changing_season(path) as season:
        check_director(season, getattr(args, "actor", None))
        remember_season(path)
        yield path, season


def save(path: Path, season: Season, what: str, **changes: object) -> Season:
    """Write the season with ``changes``, validated like a file read back, and ``what`` was
    done (an English summary, like the event log's) at the end of its log."""
    data = with_change({**season.model_dump(), **changes}, what)
    changed = validate_season(data, path)
    write_season(path, changed)
    remember_season(path)
    return changed


def event_file(raw: str) -> Path:
    return resolve_event_path(raw)
