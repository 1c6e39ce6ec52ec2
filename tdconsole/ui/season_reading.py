"""The season as the console reads and changes it (``tdconsole.season``): the first season
file counting the event, its ``season --json`` document, the one chosen when none counts it
yet, a season made or the event added. Always in workers, after the first frame (the Season
tab, the room display's board, a season printed), each importing this module where it reads:
the season's modules never delay a screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _
from tdconsole.season.editing import add_events, create_season
from tdconsole.season.editing import chosen_season as chosen
from tdconsole.season.load import load, season_json, seasons_for


def season_of(event: Path, lang: str) -> dict[str, Any] | None:
    """The ``season --json`` document of the first season counting ``event``, or None."""
    found = season_file_of(event)
    return None if found is None else season_document(found, lang)


def season_file_of(event: Path) -> Path | None:
    """The first season file counting ``event``, or None."""
    found = seasons_for(event)
    return found[0] if found else None


def season_document(path: Path, lang: str) -> dict[str, Any]:
    """The ``season --json`` document of the season at ``path``."""
    return season_json(load(path), "en" if lang == "en" else "it")


def chosen_season() -> Path:
    """The season the tab adds to or prints when none counts the event yet: the one made or
    used last, else the only one in the data folder (``season.editing``)."""
    path = chosen()
    if path is None:
        raise RuleError(
            _("no season yet: type the new season's name on the Season tab, then Enter")
        )
    return path


def season_changed(action: str, name: str, event: Path | None, actor: str | None) -> Msg | None:
    """A new season named ``name`` (``action`` "new"), or ``event`` added to the one chosen
    ("add"), through the functions the command line's ``season`` uses; what to say (None: no
    event to add)."""
    if action == "new":
        path, season = create_season(name, actor=actor)
        return _("Season {name} made: {path}").format(name=season.name, path=path)
    if event is None:
        return None
    path = chosen_season()
    add_events(path, [event], actor)
    return _("This event added to the season {file}").format(file=path.name)
