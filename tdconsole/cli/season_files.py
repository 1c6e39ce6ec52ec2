"""Which season a ``season`` command means, and how a change of it is written
(``tdconsole.season.editing``, which the console's Season tab uses too).

The season is ``--season NAME|PATH``, else ``$TDCONSOLE_SEASON``, else the most recently used
one, else the only season in the data folder.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.season import editing
from tdconsole.season.editing import remember_season as remember_season
from tdconsole.season.editing import save as save
from tdconsole.season.seasonfile import Season
from tdconsole.store.paths import resolve_event_path


def season_path(args: argparse.Namespace) -> Path:
    path = editing.chosen_season(getattr(args, "season", None))
    if path is None:
        raise RuleError(
            _(
                "no season chosen: create one with `tdconsole season new NAME`, or give "
                "--season NAME"
            ),
        )
    return path


@contextmanager
def changing(args: argparse.Namespace) -> Iterator[tuple[Path, Season]]:
    """The season to change, held against other terminals' changes until ``save``."""
    path = season_path(args)
    with editing.changing(path, getattr(args, "actor", None)) as season:
        yield path, season


def event_file(raw: str) -> Path:
    return resolve_event_path(raw)
