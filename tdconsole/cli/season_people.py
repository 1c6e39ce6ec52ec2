"""``season add``, ``season alias`` and ``season unalias``: changes of the season that read
its events (the players' names across them)."""

from __future__ import annotations

import argparse

from tdconsole.cli.common import say
from tdconsole.cli.season_files import changing, event_file, save, season_path
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.season.editing import add_events
from tdconsole.season.load import check_aliases
from tdconsole.season.results import read_event
from tdconsole.season.seasonfile import event_paths, one_line
from tdconsole.season.standings import person_key


def cmd_add(args: argparse.Namespace) -> int:
    path = season_path(args)
    events = [event_file(raw) for raw in args.events]
    for result in add_events(path, events, getattr(args, "actor", None)):
        name = result.name or result.path.name
        if result.status == "finished":
            say(args, _("added {name}").format(name=name))
        else:
            say(args, _("added {name} (not finished: it counts once it is)").format(name=name))
    return 0


def cmd_alias(args: argparse.Namespace) -> int:
    with changing(args) as (path, season):
        spelling, player = " ".join(args.spelling.split()), " ".join(args.player.split())
        if person_key(spelling) == person_key(player):
            raise RuleError(
                _(
                    "{spelling!r} and {player!r} are already the same player "
                    "(case and accents are ignored)"
                ).format(spelling=spelling, player=player),
            )
        aliases = dict(season.aliases)
        by_key = {person_key(s): n for s, n in aliases.items()}
        player = by_key.get(person_key(player), player)  # an alias of an alias: the name itself
        for existing, name in list(aliases.items()):
            if person_key(existing) == person_key(spelling):
                del aliases[existing]
            elif person_key(name) == person_key(spelling):
                aliases[existing] = player  # who pointed at the spelling now points at the name
        aliases[spelling] = player
        events = [read_event(p) for p in event_paths(season, path)]
        check_aliases(events, aliases)
        what = f"alias {one_line(spelling)!r} is {one_line(player)!r}"
        save(path, season, what, aliases=aliases)
        say(args, _("{spelling!r} is {player!r}").format(spelling=spelling, player=player))
    return 0


def cmd_unalias(args: argparse.Namespace) -> int:
    with changing(args) as (path, season):
        key = person_key(args.spelling)
        aliases = {s: n for s, n in season.aliases.items() if person_key(s) != key}
        if len(aliases) == len(season.aliases):
            raise RuleError(
                _("no alias {spelling!r}: `season --json` lists the aliases").format(
                    spelling=args.spelling
                ),
            )
        save(path, season, f"unalias {one_line(args.spelling)!r}", aliases=aliases)
        say(args, _("alias {spelling!r} removed").format(spelling=args.spelling))
    return 0
