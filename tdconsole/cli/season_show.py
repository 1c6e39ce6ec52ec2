"""``season`` (the standings, or ``--json``) and ``season print``: the season's reading
commands. The events are only ever read."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tdconsole.cli.common import emit_json, lang, say
from tdconsole.cli.print_cmds import CHOOSE, deliver
from tdconsole.cli.season_files import remember_season, season_path
from tdconsole.i18n import _
from tdconsole.reports.printer import check_printable
from tdconsole.reports.season import render_season
from tdconsole.season.load import load, season_json
from tdconsole.store.output import write_new


def season_document(args: argparse.Namespace) -> dict[str, Any]:
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
    sys.stdout.write(render_season(document, "txt", lang(args)).decode("utf-8"))
    if document["changes"]:
        say(
            args,
            _("Last changes of the season (Director: {director}):").format(
                director=document["director"]
            ),
        )
        for change in document["changes"]:
            print(f"  {change['at']}  {change['by']}: {change['what']}")
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    if args.report_lang and getattr(args, "lang", None) is None:
        args.lang = args.report_lang
    fmt: str = args.report_format
    printer: str | None = args.report_printer
    if printer is not None:
        check_printable(fmt, CHOOSE)
    document = season_document(args)
    data = render_season(document, fmt, lang(args))
    output = args.report_output
    if output is None and printer is None and fmt in ("html", "pdf"):
        output = f"season.{fmt}"
    if output is not None:
        write_report(Path(output), data)
        print(Path(output).resolve())
    deliver(
        data,
        fmt,
        printer,
        "season",
        written=output is not None,
        render_as=lambda other: render_season(document, other, lang(args)),
    )
    return 0


def write_report(path: Path, data: bytes) -> None:
    """A printout never replaces a file: made whole beside ``path`` and linked into place
    only if the path is still free (``store.output``)."""
    write_new(path, data, force=None)
