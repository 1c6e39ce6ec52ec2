"""``tdconsole season``: a club's standings across its events (docs/season.md).

``season [--json]`` prints the standings; ``season new NAME``, ``add EVENT...``,
``remove EVENT...``, ``set KEY=VALUE...``, ``alias SPELLING NAME``, ``unalias SPELLING`` edit
the season file; ``season print`` prints the standings like every report; ``season formulas``
lists the points formulas. The season is ``--season NAME|PATH``, else ``$TDCONSOLE_SEASON``,
else the most recently used one, else the only season in the data folder. The events are only
ever read.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import emit_json, lang, parse_assignments, say
from tdconsole.cli.parsing import Parser, language_metavar, language_option
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import whole_number
from tdconsole.i18n import _, ngettext

if TYPE_CHECKING:
    from tdconsole.season.seasonfile import Season

SETTABLE = ("name", "formula", "best", "room_display")


def register(subparsers: Any) -> None:
    description = _("a club's season: standings across events, points by a formula")
    parser: Parser = subparsers.add_parser("season", help=description, description=description)
    choose = Parser(add_help=False)
    choose.add_argument(
        "--season",
        metavar=_("NAME|PATH"),
        default=argparse.SUPPRESS,
        help=_("the season file (else $TDCONSOLE_SEASON, else the most recently used season)"),
    )
    parser.add_argument(
        "--season",
        metavar=_("NAME|PATH"),
        help=_("the season file (else $TDCONSOLE_SEASON, else the most recently used season)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON document"))
    parser.set_defaults(func=cmd_show)
    sub = parser.add_subparsers(
        dest="season_action", metavar=_("ACTION"), parser_class=type(parser)
    )

    new = sub.add_parser("new", parents=[choose], help=_("create a season file beside the events"))
    new.add_argument("file", metavar=_("NAME"), help=_("a bare name lives in the data folder"))
    new.add_argument(
        "--name", dest="title", metavar=_("TEXT"), help=_("the season's name (default: NAME)")
    )
    new.add_argument(
        "--formula",
        default=None,
        metavar=_("FORMULA"),
        help=_("linear | sqrt | pool (default: sqrt)"),
    )
    new.add_argument(
        "--best", type=int, default=0, metavar="N", help=_("count each player's best N results")
    )
    new.set_defaults(func=cmd_new)

    add = sub.add_parser("add", parents=[choose], help=_("add events to the season"))
    add.add_argument("events", nargs="+", metavar=_("EVENT"))
    add.set_defaults(func=cmd_add)

    remove = sub.add_parser("remove", parents=[choose], help=_("take events out of the season"))
    remove.add_argument("events", nargs="+", metavar=_("EVENT"))
    remove.set_defaults(func=cmd_remove)

    setter = sub.add_parser(
        "set", parents=[choose], help=_("change name, formula, best or room_display")
    )
    setter.add_argument("assignments", nargs="+", metavar=_("KEY=VALUE"))
    setter.set_defaults(func=cmd_set)

    alias = sub.add_parser("alias", parents=[choose], help=_("one player written two ways"))
    alias.add_argument(
        "spelling", metavar=_("SPELLING"), help=_('as written in an event: "Rossi M."')
    )
    alias.add_argument("player", metavar=_("NAME"), help=_('the name it stands for: "Mario Rossi"'))
    alias.set_defaults(func=cmd_alias)

    unalias = sub.add_parser("unalias", parents=[choose], help=_("forget an alias"))
    unalias.add_argument("spelling", metavar=_("SPELLING"))
    unalias.set_defaults(func=cmd_unalias)

    printer = sub.add_parser("print", parents=[choose], help=_("print the season's standings"))
    from tdconsole.reports import FORMATS

    printer.add_argument(
        "--format", dest="report_format", choices=FORMATS, default="txt", help=_("default: txt")
    )
    printer.add_argument("-o", "--output", dest="report_output", metavar=_("FILE"))
    printer.add_argument(
        "--lp", dest="report_printer", nargs="?", const="", default=None, metavar=_("PRINTER")
    )
    printer.add_argument(
        "--lang",
        dest="report_lang",
        type=language_option,
        metavar=language_metavar(),
        help=_("language of the standings (default: the console's)"),
    )
    printer.set_defaults(func=cmd_print)

    formulas = sub.add_parser("formulas", help=_("the points formulas and their shapes"))
    formulas.set_defaults(func=cmd_formulas)


# -- which season ----------------------------------------------------------------------------


def _last_file() -> Path:
    from tdconsole.store.paths import data_dir

    return data_dir() / "last_season"


def remember_season(path: Path) -> None:
    """The season used last (a courtesy: never fails a command)."""
    import tempfile

    target = _last_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".last_season.", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(str(path.resolve()))
        os.replace(tmp, target)
    except OSError:
        return


def season_path(args: argparse.Namespace) -> Path:
    from tdconsole.season.seasonfile import SUFFIX, resolve_season_path
    from tdconsole.store.paths import events_dir

    raw = getattr(args, "season", None) or os.environ.get("TDCONSOLE_SEASON")
    if raw:
        return resolve_season_path(raw)
    try:
        last = _last_file().read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        last = ""
    if last and Path(last).is_file():
        return Path(last)
    found = sorted(events_dir().glob(f"*{SUFFIX}")) if events_dir().is_dir() else []
    if len(found) == 1:
        return found[0]
    raise RuleError(
        _("no season chosen: create one with `tdconsole season new NAME`, or give --season NAME"),
    )


def _open(args: argparse.Namespace) -> tuple[Path, Season]:
    from tdconsole.season.seasonfile import read_season

    path = season_path(args)
    season = read_season(path)
    remember_season(path)
    return path, season


@contextmanager
def _changing(args: argparse.Namespace) -> Iterator[tuple[Path, Season]]:
    """The season to change, held against other terminals' changes until ``_save``."""
    from tdconsole.season.seasonfile import changing_season

    path = season_path(args)
    with changing_season(path) as season:
        remember_season(path)
        yield path, season


def _save(path: Path, season: Season, **changes: object) -> Season:
    """Write the season with ``changes``, validated like a file read back."""
    from tdconsole.season.seasonfile import validate_season, write_season

    changed = validate_season({**season.model_dump(), **changes}, path)
    write_season(path, changed)
    remember_season(path)
    return changed


# -- showing ---------------------------------------------------------------------------------


def season_document(args: argparse.Namespace) -> dict[str, Any]:
    from tdconsole.season.load import load, season_json

    path = season_path(args)
    loaded = load(path)
    remember_season(path)
    # The season's document is in Italian or English (its own words are the season's area).
    return season_json(loaded, "en" if lang(args) == "en" else "it")


def cmd_show(args: argparse.Namespace) -> int:
    document = season_document(args)
    if args.json:
        emit_json(document)
        return 0
    from tdconsole.reports.season import render_season

    sys.stdout.write(render_season(document, "txt", lang(args)).decode("utf-8"))
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    from tdconsole.cli.print_cmds import send_to_printer
    from tdconsole.reports.season import render_season

    if args.report_lang and getattr(args, "lang", None) is None:
        args.lang = args.report_lang
    fmt: str = args.report_format
    printer: str | None = args.report_printer
    if printer is not None and fmt not in ("txt", "pdf", "csv"):
        raise RuleError(
            _("the printer queue cannot lay out {fmt}: use --format pdf or txt").format(fmt=fmt),
        )
    data = render_season(season_document(args), fmt, lang(args))
    output = args.report_output
    if output is None and printer is None and fmt in ("html", "pdf"):
        output = f"season.{fmt}"
    if output is not None:
        _write_new(Path(output), data)
        print(Path(output).resolve())
    if printer is not None:
        send_to_printer(data, printer, title=f"season.{fmt}")
    elif output is None:
        if fmt == "csv":
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
    return 0


def _write_new(path: Path, data: bytes) -> None:
    """A printout never replaces a file: made whole beside ``path`` and linked into place
    only if the path is still free (``store.output``)."""
    from tdconsole.store.output import write_new

    write_new(path, data, force=None)


def cmd_formulas(args: argparse.Namespace) -> int:
    from tdconsole.reports.season import SHAPES

    say(
        args,
        _("k = place, n = entrants, M = prize pool; tied places share their points"),
    )
    for name, shape in SHAPES.items():
        print(f"  {name:<7} {shape}")
    return 0


# -- editing ---------------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    from tdconsole.season.formulas import DEFAULT
    from tdconsole.season.seasonfile import (
        resolve_season_path,
        validate_season,
        write_season,
    )

    path = resolve_season_path(args.file)
    data = {
        "name": args.title or Path(args.file).name.removesuffix(".toml").removesuffix(".season"),
        "formula": args.formula or DEFAULT,
        "best": args.best,
    }
    season: Season = validate_season(data, path)
    write_season(path, season, new=True)
    remember_season(path)
    say(
        args,
        _("season {name!r} created: {path}; add its events with `season add EVENT`").format(
            name=season.name, path=path
        ),
    )
    return 0


def _event_file(raw: str) -> Path:
    from tdconsole.store.paths import resolve_event_path

    return resolve_event_path(raw)


def cmd_add(args: argparse.Namespace) -> int:
    from tdconsole.season.load import check_aliases
    from tdconsole.season.results import read_event
    from tdconsole.season.seasonfile import event_entry, event_paths

    with _changing(args) as (path, season):
        listed = {p.resolve() for p in event_paths(season, path)} if season.events else set()
        entries = list(season.events)
        read = []
        for raw in args.events:
            event = _event_file(raw)
            result = read_event(event)
            if result.problem is not None:
                raise result.problem
            if event.resolve() in listed:
                raise RuleError(
                    _("{name} is already in the season").format(name=event.name),
                )
            listed.add(event.resolve())
            entries.append(event_entry(event, path))
            read.append(result)
        check_aliases(read, dict(season.aliases))
        _save(path, season, events=tuple(entries))
        for result in read:
            name = result.name or result.path.name
            if result.status == "finished":
                say(args, _("added {name}").format(name=name))
            else:
                say(args, _("added {name} (not finished: it counts once it is)").format(name=name))
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    from tdconsole.season.seasonfile import event_paths

    with _changing(args) as (path, season):
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
            event = _event_file(raw).resolve()
            if event not in resolved:
                raise RuleError(
                    _("{name} is not in the season: `season` lists its events").format(
                        name=event.name
                    ),
                )
            index = resolved.index(event)
            keep.remove(season.events[index])
        _save(path, season, events=tuple(keep))
        say(args, ngettext("{n} removed", "{n} removed", len(args.events)))
    return 0


def cmd_set(args: argparse.Namespace) -> int:
    with _changing(args) as (path, season):
        data: dict[str, object] = {}
        for key, value in parse_assignments(args.assignments, _("KEY=VALUE"), at_first=True):
            if key not in SETTABLE:
                raise RuleError(
                    _("no season setting {key!r}: use one of {SETTABLE}").format(
                        key=key, SETTABLE=", ".join(SETTABLE)
                    ),
                )
            data[key] = _value(key, value)
        changed = _save(path, season, **data)
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


def cmd_alias(args: argparse.Namespace) -> int:
    from tdconsole.season.load import check_aliases
    from tdconsole.season.results import read_event
    from tdconsole.season.seasonfile import event_paths
    from tdconsole.season.standings import person_key

    with _changing(args) as (path, season):
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
        _save(path, season, aliases=aliases)
        say(args, _("{spelling!r} is {player!r}").format(spelling=spelling, player=player))
    return 0


def cmd_unalias(args: argparse.Namespace) -> int:
    from tdconsole.season.standings import person_key

    with _changing(args) as (path, season):
        key = person_key(args.spelling)
        aliases = {s: n for s, n in season.aliases.items() if person_key(s) != key}
        if len(aliases) == len(season.aliases):
            raise RuleError(
                _("no alias {spelling!r}: `season --json` lists the aliases").format(
                    spelling=args.spelling
                ),
            )
        _save(path, season, aliases=aliases)
        say(args, _("alias {spelling!r} removed").format(spelling=args.spelling))
    return 0
