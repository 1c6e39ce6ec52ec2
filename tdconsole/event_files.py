"""The data folder's events, as the command line and the console's start screen make them: a
new event, and a new one "like the last one" (its settings and the shape of its structure
copied; its players offered for registration, which goes through ``register``)."""

from __future__ import annotations

from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings
from tdconsole.i18n import _
from tdconsole.service import Tournament
from tdconsole.service import read_event as read_event  # (the events' files read here)
from tdconsole.store.paths import (
    remember_event,
    resolve_event_path,
    unportable_name,
)


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


def event_like(raw: str, previous: Path, *, actor: str | None = None) -> tuple[Path, list[str]]:
    """A new event ``raw`` like the one at ``previous``: its settings and structure copied.
    Returns the new file and the players to offer for registration."""
    if not raw.strip():
        raise RuleError(_("give the new event a name: its file goes in the data folder"))
    copied = read_event(previous)
    path = new_event(raw, copied.carried, actor=actor)
    return path, list(copied.players)
