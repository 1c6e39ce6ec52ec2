"""The players the club already knows, for registration: the names of its seasons' events
(their aliases followed: a season's spelling of a person) and of its earlier events in the data
folder, read read-only (``season.results``). The most played first, then by name; a name the
registration rules refuse (``clean_name``) is left out."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tdconsole.domain.collation import name_key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import normal
from tdconsole.domain.registration import clean_name
from tdconsole.season.results import read_event
from tdconsole.season.seasonfile import SUFFIX, event_paths, read_season
from tdconsole.season.standings import People
from tdconsole.store.paths import EVENT_SUFFIX, events_dir

EARLIER = 40
"""How many of the data folder's latest events are read beside the seasons' own."""


def known_files(event: Path, latest: list[Path] | None = None) -> list[tuple[Path, People]]:
    """The event files to read, each with the aliases that name its players: every season's
    events (beside ``event`` and in the data folder), then the data folder's latest events
    (``latest``, when the caller has listed them already); ``event`` itself left out."""
    here = event.resolve()
    folders = sorted({here.parent, events_dir().resolve()})
    chosen: dict[Path, People] = {}
    for folder in folders:
        for season_path in sorted(folder.glob(f"*{SUFFIX}")):
            try:
                season = read_season(season_path)
            except RuleError:
                continue  # `season` says what is wrong with it; registration goes on
            for path in event_paths(season, season_path):
                chosen.setdefault(path.resolve(), People(season.aliases))
    for path in (latest_events(here) if latest is None else latest)[:EARLIER]:
        chosen.setdefault(path, People({}))
    chosen.pop(here, None)
    return list(chosen.items())


def latest_events(event: Path) -> list[Path]:
    """The data folder's events, the last changed first, ``event`` aside."""
    here = event.resolve()
    try:
        dated = [
            (p.stat().st_mtime, p.resolve())
            for p in events_dir().glob(f"*{EVENT_SUFFIX}")
            if p.is_file()
        ]
    except OSError:
        return []
    dated.sort(key=lambda item: (-item[0], item[1].name))
    return [path for _mtime, path in dated if path != here]


def known_names(event: Path, latest: list[Path] | None = None) -> list[str]:
    """The names the club knows from the events before ``event``: one spelling per person
    (an alias's name, else the latest read), the most played first, then by name
    (``latest``: ``latest_events(event)``, when the caller has it)."""
    played: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for path, people in known_files(event, latest):
        result = read_event(path)
        if result.status == "damaged":
            continue
        for raw in result.players:
            try:
                name = normal(clean_name(raw))
            except RuleError:
                continue
            key = people.key(name)
            played[key] += 1
            shown.setdefault(key, people.shown(key, name))
    ordered = sorted(shown, key=lambda key: (-played[key], name_key(shown[key])))
    return [shown[key] for key in ordered]
