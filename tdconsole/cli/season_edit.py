"""``season new``, ``season set`` and ``season remove``: changes of the season file that read
no event."""

from __future__ import annotations

import argparse
from pathlib import Path

from tdconsole.cli.common import parse_assignments, say
from tdconsole.cli.season_files import changing, event_file, save
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.i18n import _, ngettext
from tdconsole.season.editing import create_season
from tdconsole.season.seasonfile import event_paths, one_line

SETTABLE = ("name", "formula", "best", "room_display")
"""What ``season set`` changes."""


def cmd_new(args: argparse.Namespace) -> int:
    path, season = create_season(
        args.file,
        title=args.title,
        formula=args.formula,
        best=args.best,
        actor=getattr(args, "actor", None),
    )
    say(
        args,
        _("season {name!r} created: {path}; add its events with `season add EVENT`").format(
            name=season.name, path=path
        ),
    )
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    with changing(args) as (path, season):
        if not season.events:
            raise RuleError(
                _(
                    "the season lists no events (it counts every event in its "
                    "folder): add the ones it should count with `season add "
                    "EVENT`"
                ),
            )
        resolved = [p.resolve() for p in event_paths(season, path)]
        keep = list(season.events)
        for raw in args.events:
            event = event_file(raw).resolve()
            if event not in resolved:
                raise RuleError(
                    _("{name} is not in the season: `season` lists its events").format(
                        name=event.name
                    ),
                )
            index = resolved.index(event)
            keep.remove(season.events[index])
        gone = ", ".join(one_line(Path(raw).name) for raw in args.events)
        save(path, season, one_line(f"removed {gone}", 200), events=tuple(keep))
        say(args, ngettext("{n} removed", "{n} removed", len(args.events)))
    return 0


def cmd_set(args: argparse.Namespace) -> int:
    with changing(args) as (path, season):
        data: dict[str, object] = {}
        for key, value in parse_assignments(args.assignments, _("KEY=VALUE"), at_first=True):
            if key not in SETTABLE:
                raise RuleError(
                    _("no season setting {key!r}: use one of {SETTABLE}").format(
                        key=key, SETTABLE=", ".join(SETTABLE)
                    ),
                )
            data[key] = _value(key, value)
        typed = " ".join(one_line(raw) for raw in args.assignments)
        changed = save(path, season, one_line(f"set {typed}", 200), **data)
        say(args, _("season {name!r} updated").format(name=changed.name))
    return 0


def _value(key: str, raw: str) -> object:
    if key == "room_display":
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1", "si", "sì"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RuleError(
            _("{raw!r} is not true or false: write room_display=true or false").format(raw=raw),
        )
    if key == "best":
        try:
            return whole_number(raw, "best", low=-10_000, high=10_000)
        except RuleError:
            raise RuleError(
                _("{raw!r} is not a whole number: write best=N (0: every result counts)").format(
                    raw=raw
                ),
            ) from None
    return raw
