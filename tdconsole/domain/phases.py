"""The tournament's phases and a player's statuses, as the State records them and every face
reads them, and who is gone from the tournament."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

Phase = Literal["registration", "seated", "elimination", "final", "finished"]
Status = Literal["registered", "waitlisted", "withdrawn", "in", "out", "disqualified"]

GONE: frozenset[str] = frozenset({"out", "disqualified", "withdrawn"})
"""A player no longer in the tournament: a suspension not served went with him."""


def still_to_serve(names: Iterable[str], status_of: Mapping[str, str]) -> list[str]:
    """Of the players of a suspension not yet served, those who still serve it: the ones still
    in the tournament (``status_of``: each player's status by name)."""
    return [name for name in names if status_of.get(name) not in GONE]
