"""A season from its file: its events read (read-only), its standings, and the JSON document of
``tdconsole season --json`` (docs/season.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tdconsole.domain.errors import RuleError
from tdconsole.season.results import EventResult, read_event
from tdconsole.season.seasonfile import SUFFIX, Season, event_paths, read_season
from tdconsole.season.standings import People, Standings, compute, merge_refusal, merged_players
from tdconsole.store.paths import events_dir
from tdconsole.words.reports import label

Lang = Literal["it", "en"]


@dataclass
class LoadedSeason:
    path: Path
    season: Season
    standings: Standings


def load(path: Path) -> LoadedSeason:
    """Read the season file and every one of its events; compute the standings."""
    season = read_season(path)
    events = [read_event(p) for p in event_paths(season, path)]
    standings = compute(events, season.formula, season.best, season.aliases)
    return LoadedSeason(path, season, standings)


def check_aliases(events: list[EventResult], aliases: dict[str, str]) -> None:
    """Refuse aliases that would make two players of one event the same person."""
    people = People(aliases)
    for event in events:
        if event.status == "damaged":
            continue
        pairs = merged_players(event.players, people)
        if pairs:
            raise merge_refusal(event, pairs, recorded=False)


def _text(error: RuleError, lang: Lang) -> str:
    return error.text(lang)


def event_json(loaded: LoadedSeason, index: int, event: EventResult, lang: Lang) -> dict[str, Any]:
    status: str = event.status
    reason = None
    problem = loaded.standings.left_out.get(index)
    if problem is not None:
        status, reason = "left_out", _text(problem, lang)
    elif event.problem is not None:
        reason = _text(event.problem, lang)
    elif event.status == "unfinished":
        reason = label(f"phase.{event.phase}", lang)
    return {
        "file": str(event.path),
        "name": event.name or None,
        "date": event.date.isoformat() if event.date else None,
        "status": "counted" if status == "finished" else status,
        "phase": event.phase or None,
        "entrants": event.entrants if event.status != "damaged" else None,
        "prize_pool": _money(event.prize_pool) if event.status != "damaged" else None,
        "reason": reason,
    }


def _money(value: Any) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


SHOWN_CHANGES = 5
"""``season`` shows the season file's last 5 changes."""


def season_json(loaded: LoadedSeason, lang: Lang = "it") -> dict[str, Any]:
    """The document of ``season --json``."""
    standings = loaded.standings
    season = loaded.season
    events = standings.events
    return {
        "season": season.name,
        "file": str(loaded.path),
        "date": standings.date.isoformat() if standings.date else None,
        "formula": season.formula,
        "best": season.best,
        "room_display": season.room_display,
        "aliases": dict(season.aliases),
        "director": season.director,
        "changes": [change.model_dump() for change in season.changes[-SHOWN_CHANGES:]],
        "events_counted": len(standings.counted),
        "events": [event_json(loaded, i, e, lang) for i, e in enumerate(events)],
        "standings": [
            {
                "place": row.place,
                "tied": row.tied,
                "player": row.player,
                "played": row.played,
                "points": f"{row.points:.2f}",
                "counted": row.counted,
                "wins": row.wins,
                "cashes": row.cashes,
                "best_place": row.best_place,
                "results": [
                    {
                        "event": events[r.event].name,
                        "file": str(events[r.event].path),
                        "name": r.name,
                        "place": r.place,
                        "tied": r.tied,
                        "points": f"{r.points:.2f}",
                        "prize": _money(r.prize),
                        "counted": r.counted,
                    }
                    for r in row.results
                ],
            }
            for row in standings.rows
        ],
    }


def seasons_for(event: Path) -> list[Path]:
    """The season files beside ``event`` (and in the data folder) that count it, by name."""
    target = event.resolve()
    folders = {target.parent, events_dir().resolve()}
    found = []
    for folder in sorted(folders):
        for candidate in sorted(folder.glob(f"*{SUFFIX}")):
            try:
                season = read_season(candidate)
            except RuleError:
                continue  # not ours to judge here: `season` says what is wrong with it
            if target in {p.resolve() for p in event_paths(season, candidate)}:
                found.append(candidate)
    return found
