"""The data folder's events, as the command line and the console's start screen use them: a
new event, the recent ones, and a new one "like the last one" (its settings and the shape of its
structure copied; its players offered for registration, which goes through ``register``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.service import Tournament
from tdconsole.store.paths import (
    EVENT_SUFFIX,
    events_dir,
    remember_event,
    resolve_event_path,
    unportable_name,
)

RECENT = 12
"""How many recent events the start screen lists."""


def new_event(
    raw: str, settings: Settings, *, name: str | None = None, actor: str | None = None
) -> Path:
    """Create the event ``raw`` names (a bare name lives in the data folder) and note it as the
    last used. An existing file is never replaced (``Tournament.create``)."""
    text = raw.strip()
    if not text:
        raise RuleError(_("give the new event a name: its file goes in the data folder"))
    path = resolve_event_path(text)
    unportable = unportable_name(path.name)
    if unportable is not None:
        raise RuleError(unportable)
    Tournament.create(path, name or path.stem, settings, actor=actor).close()
    remember_event(path)
    return path


def recent_events(limit: int = RECENT) -> list[Path]:
    """The data folder's events, the most recently changed first."""
    dated: list[tuple[float, Path]] = []
    try:
        for path in events_dir().glob(f"*{EVENT_SUFFIX}"):
            try:
                if path.is_file():
                    dated.append((path.stat().st_mtime, path))
            except OSError:  # gone meanwhile, or unreadable: not offered
                continue
    except OSError:
        return []
    dated.sort(key=lambda item: (-item[0], item[1].name))
    return [path for _mtime, path in dated[:limit]]


def read_event(path: Path) -> State:
    """The State of the event at ``path``, read and closed."""
    if not path.is_file():
        raise RuleError(_("no event at {path}: check the name or the path").format(path=path))
    service = Tournament.open(path)
    try:
        return service.state
    finally:
        service.close()


def carried_settings(state: State) -> Settings:
    """``state``'s settings, with the structure it started with as the new event's proposal:
    the starting stack, the levels' lengths and the second big blind's factor (Art. III.1,
    III.5). A structure the settings cannot hold leaves them as they were."""
    settings = state.settings
    structure = state.structure
    if structure is None or state.stack is None:
        return settings
    data = settings.model_dump(mode="json")
    data["stacks"]["starting_stack"] = state.stack
    data["clock"]["first_minutes"] = structure.first_minutes
    data["clock"]["minutes"] = structure.minutes
    if structure.first_bb and structure.second_bb % structure.first_bb == 0:
        data["clock"]["second_bb_factor"] = structure.second_bb // structure.first_bb
    try:
        return Settings.model_validate(data)
    except ValidationError:
        return settings


def players_to_offer(state: State) -> list[str]:
    """Who played (or waited) at ``state``'s event, in registration order: the withdrawn are
    left out."""
    return [p.name for p in state.ordered_players() if p.status != "withdrawn"]


def event_like(raw: str, previous: Path, *, actor: str | None = None) -> tuple[Path, list[str]]:
    """A new event ``raw`` like the one at ``previous``: its settings and structure copied.
    Returns the new file and the players to offer for registration."""
    if not raw.strip():
        raise RuleError(_("give the new event a name: its file goes in the data folder"))
    state = read_event(previous)
    path = new_event(raw, carried_settings(state), actor=actor)
    return path, players_to_offer(state)
