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
from typing import Any

from tdconsole.cli.common import Deferred, say
from tdconsole.cli.parsing import (
    Parser,
    add_printer_option,
    language_metavar,
    language_option,
)
from tdconsole.i18n import _
from tdconsole.reports import FORMATS

# The sub-commands' bodies live in ``season_show`` (reading) and ``season_edit``,
# ``season_people`` (changing), imported when one runs (``Deferred``): ``season --help``, and
# every other command's parser, never load the season's models.


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
    parser.set_defaults(func=Deferred("tdconsole.cli.season_show", "cmd_show"))
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
    new.set_defaults(func=Deferred("tdconsole.cli.season_edit", "cmd_new"))

    add = sub.add_parser("add", parents=[choose], help=_("add events to the season"))
    add.add_argument("events", nargs="+", metavar=_("EVENT"))
    add.set_defaults(func=Deferred("tdconsole.cli.season_people", "cmd_add"))

    remove = sub.add_parser("remove", parents=[choose], help=_("take events out of the season"))
    remove.add_argument("events", nargs="+", metavar=_("EVENT"))
    remove.set_defaults(func=Deferred("tdconsole.cli.season_edit", "cmd_remove"))

    setter = sub.add_parser(
        "set", parents=[choose], help=_("change name, formula, best or room_display")
    )
    setter.add_argument("assignments", nargs="+", metavar=_("KEY=VALUE"))
    setter.set_defaults(func=Deferred("tdconsole.cli.season_edit", "cmd_set"))

    alias = sub.add_parser("alias", parents=[choose], help=_("one player written two ways"))
    alias.add_argument(
        "spelling", metavar=_("SPELLING"), help=_('as written in an event: "Rossi M."')
    )
    alias.add_argument("player", metavar=_("NAME"), help=_('the name it stands for: "Mario Rossi"'))
    alias.set_defaults(func=Deferred("tdconsole.cli.season_people", "cmd_alias"))

    unalias = sub.add_parser("unalias", parents=[choose], help=_("forget an alias"))
    unalias.add_argument("spelling", metavar=_("SPELLING"))
    unalias.set_defaults(func=Deferred("tdconsole.cli.season_people", "cmd_unalias"))

    printer = sub.add_parser("print", parents=[choose], help=_("print the season's standings"))
    printer.add_argument(
        "--format", dest="report_format", choices=FORMATS, default="txt", help=_("default: txt")
    )
    printer.add_argument(
        "-o", "--output", dest="report_output", metavar=_("FILE"), help=_("write it to FILE")
    )
    add_printer_option(printer)
    printer.add_argument(
        "--lang",
        dest="report_lang",
        type=language_option,
        metavar=language_metavar(),
        help=_("language of the standings (default: the console's)"),
    )
    printer.set_defaults(func=Deferred("tdconsole.cli.season_show", "cmd_print"))

    formulas = sub.add_parser("formulas", help=_("the points formulas and their shapes"))
    formulas.set_defaults(func=cmd_formulas)


def cmd_formulas(args: argparse.Namespace) -> int:
    # lazy: the season's report (it loads the event's models) would weigh on `season --help`
    from tdconsole.reports.season import SHAPES

    say(
        args,
        _("k = place, n = entrants, M = prize pool; tied places share their points"),
    )
    for name, shape in SHAPES.items():
        print(f"  {name:<7} {shape}")
    return 0
