"""Printing from the console: a report rendered, then written to a file or sent to the
system's printer (``reports.printer``, as on the command line).

Runs in a worker thread (``ConsoleApp.print_report``); every failure is a RuleError in both
languages, as on the command line (``tdconsole print``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.i18n import _
from tdconsole.reports.printer import check_printable, printed_format, send
from tdconsole.reports.rendering import render
from tdconsole.reports.season import render_season
from tdconsole.store.output import write_free
from tdconsole.ui.season_reading import chosen_season, season_document, season_file_of

if TYPE_CHECKING:
    from tdconsole.domain.read_model import StateView

CHOOSE = _("choose pdf or txt")
"""How to choose a format the printer lays out, in the print dialog."""
WRITE = _("write it to a file")
"""How to get a report on paper without a printer, in the print dialog."""


def print_report(
    kind: str,
    state: StateView,
    fmt: str,
    lang: str,
    path: Path | None,
    protect: Path | None = None,
    warnings: list[str] | None = None,
) -> str:
    """Render ``kind`` and write it to ``path``, or send it to the printer when ``path`` is
    None (in the printer's format: the PDF on Windows).

    A file is never replaced: when ``path`` is taken the report goes to the first free name
    after it (``standings-2.pdf``, …); ``protect`` (the event's file) is never written.
    Returns what to tell the Director: the file written, or the printer's answer; what the
    Director should know of the result goes to ``warnings`` (a PDF's letters printed as codes).
    """

    return deliver(
        lambda as_fmt: render(kind, state, as_fmt, lang=lang, warnings=warnings),
        kind,
        fmt,
        path,
        protect,
    )


def print_season(document: Mapping[str, Any], fmt: str, lang: str, path: Path | None = None) -> str:
    """The season's standings (``season --json``'s ``document``) printed as ``print_report``
    prints an event's report, as the command line's ``season print``."""
    return deliver(lambda as_fmt: render_season(document, as_fmt, lang), "season", fmt, path)


def print_season_of(event: Path | None, fmt: str, lang: str, path: Path | None) -> str:
    """The season counting ``event`` (else the one chosen: made or used last) printed as
    ``print_season``, as the Season tab shows it."""
    season = (event and season_file_of(event)) or chosen_season()
    return print_season(season_document(season, lang), fmt, lang, path)


def deliver(
    make: Callable[[str], bytes],
    kind: str,
    fmt: str,
    path: Path | None,
    protect: Path | None = None,
) -> str:
    """What ``make`` renders in a format, written to ``path`` or sent to the printer when
    ``path`` is None (see ``print_report``)."""
    if path is None:
        check_printable(fmt, CHOOSE)
        sent = printed_format(fmt)
        title = f"{kind}.{sent}"
        return send(make(sent), title, "", WRITE) or title
    return str(write_free(path, make(fmt), protect=protect, make_folder=True))
