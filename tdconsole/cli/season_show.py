"""``season`` (the standings, or ``--json``) and ``season print``: the season's reading
commands. The events are only ever read."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tdconsole.cli.common import emit_json, lang, say
from tdconsole.cli.print_cmds import CHOOSE, chosen_event_file, deliver, printouts_folder
from tdconsole.cli.season_files import remember_season, season_path
from tdconsole.i18n import _
from tdconsole.reports import filename
from tdconsole.reports.printer import PRINTS, check_printable
from tdconsole.reports.season import render_season
from tdconsole.season.load import load, season_json
from tdconsole.store.output import write_free, write_new


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
    if output is not None:
        write_report(Path(output), data)
        print(Path(output).resolve())
    elif printer is None and fmt in ("html", "pdf"):
        # As every report: into the print folder, under the first free name.
        folder = season_prints(args, Path(document["file"]))
        output = filename("season", fmt, lang(args))
        print(write_free(folder / output, data, protect=chosen_event_file(args), make_folder=True))
    deliver(
        data,
        fmt,
        printer,
        "season",
        written=output is not None,
        render_as=lambda other: render_season(document, other, lang(args)),
    )
    return 0


def season_prints(args: argparse.Namespace, season: Path) -> Path:
    """Where ``season print`` writes without ``-o``: the event's print folder, as every
    report (``prints/`` beside the event, or its ``print_dir``); with no event yet,
    ``prints/`` beside the season file."""
    event = chosen_event_file(args)
    if event is not None and event.is_file():
        return printouts_folder(args)
    return season.parent / PRINTS


def write_report(path: Path, data: bytes) -> None:
    """A printout never replaces a file: made whole beside ``path`` and linked into place
    only if the path is still free (``store.output``)."""
    write_new(path, data, force=None)
