"""What a new event "like the last one" takes from an earlier event: its settings with the
structure it started with, and its players to offer for registration."""

from __future__ import annotations

from typing import NamedTuple

from pydantic import ValidationError

from tdconsole.domain.settings import Settings
from tdconsole.domain.state import State


class Earlier(NamedTuple):
    """An earlier event as a new one copies it."""

    name: str
    carried: Settings
    """Its settings, with the structure it started with as the new event's proposal."""
    players: tuple[str, ...]
    """Who played (or waited) at it, in registration order: the withdrawn are left out."""


def earlier(state: State) -> Earlier:
    """``state``'s event as a new one copies it (``Earlier``)."""
    players = tuple(p.name for p in state.ordered_players() if p.status != "withdrawn")
    return Earlier(state.name, carried_settings(state), players)


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
