"""A season made, its events added, and which season is meant: the command line's ``season``
and the console's Season tab both go through here.

The season meant is the one named, else ``$TDCONSOLE_SEASON``, else the most recently used one,
else the only season in the data folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import actor_name, check_staff_name
from tdconsole.i18n import _
from tdconsole.season.formulas import DEFAULT
from tdconsole.season.load import check_aliases
from tdconsole.season.results import EventResult, read_event
from tdconsole.season.seasonfile import (
    SUFFIX,
    Season,
    changing_season,
    check_director,
    event_entry,
    event_paths,
    one_line,
    resolve_season_path,
    shipped_director,
    validate_season,
    with_change,
    write_season,
)
from tdconsole.store.paths import data_dir, events_dir
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


def chosen_season(raw: str | None = None) -> Path | None:
    """The season ``raw`` names, else the one the environment, the last use or the data
    folder means (the module docstring); None when none is meant (each face says what to
    do then in its own words)."""
    raw = raw or os.environ.get("TDCONSOLE_SEASON")
    if raw:
        return resolve_season_path(raw)
    try:
        last = last_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        last = ""
    if last and Path(last).is_file():
        return Path(last)
    found = sorted(events_dir().glob(f"*{SUFFIX}")) if events_dir().is_dir() else []
    return found[0] if len(found) == 1 else None


@contextmanager
def changing(path: Path, actor: str | None) -> Iterator[Season]:
    """The season at ``path`` to change, held against other terminals' changes until
    ``save``; only its Director changes it (Art. VII.1)."""
    with changing_season(path) as season:
        check_director(season, actor)
        remember_season(path)
        yield season


def save(path: Path, season: Season, what: str, **changes: object) -> Season:
    """Write the season with ``changes``, validated like a file read back, and ``what`` was
    done (an English summary, like the event log's) at the end of its log."""
    data = with_change({**season.model_dump(), **changes}, what)
    changed = validate_season(data, path)
    write_season(path, changed)
    remember_season(path)
    return changed


def create_season(
    raw: str,
    *,
    title: str | None = None,
    formula: str | None = None,
    best: int = 0,
    actor: str | None = None,
) -> tuple[Path, Season]:
    """A new season file ``raw`` names (a bare name lives in the data folder); never replaces
    one. Its Director is who creates it (``actor``), else the shipped Director."""
    if not raw.strip():
        raise RuleError(_("give the season a name: its file goes in the data folder"))
    path = resolve_season_path(raw.strip())
    director = shipped_director()
    if actor is not None:
        director = actor_name(actor)  # as every name is checked: no blank or filler in it
        check_staff_name(director, shipped_director())  # a look-alike is not the Director
    name = title or Path(raw.strip()).name.removesuffix(".toml").removesuffix(".season")
    data: dict[str, Any] = {
        "name": name,
        "formula": formula or DEFAULT,
        "best": best,
        "director": director,
    }
    data = with_change(data, f"created the season {one_line(str(data['name']))}")
    season: Season = validate_season(data, path)
    write_season(path, season, new=True)
    remember_season(path)
    return path, season


def add_events(path: Path, events: list[Path], actor: str | None = None) -> list[EventResult]:
    """Add ``events`` to the season at ``path``; each is read (never written) first, and one
    already in it, or damaged, refuses them all."""
    with changing(path, actor) as season:
        listed = {p.resolve() for p in event_paths(season, path)} if season.events else set()
        entries = list(season.events)
        read = []
        for event in events:
            result = read_event(event)
            if result.problem is not None:
                raise result.problem
            if event.resolve() in listed:
                raise RuleError(
                    _("{name} is already in the season").format(name=event.name),
                )
            listed.add(event.resolve())
            entries.append(event_entry(event, path))
            read.append(result)
        check_aliases(read, dict(season.aliases))
        added = ", ".join(one_line(event.name) for event in events)
        save(path, season, one_line(f"added {added}", 200), events=tuple(entries))
    return read
