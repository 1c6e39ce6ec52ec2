"""Printing from the console: a report rendered, then written to a file or sent to the
system's printer (``reports.printer``, as on the command line).

Runs in a worker thread (``ConsoleApp.print_report``); every failure is a RuleError in both
languages, as on the command line (``tdconsole print``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tdconsole.i18n import _
from tdconsole.reports import render
from tdconsole.reports.printer import check_printable, printed_format, send
from tdconsole.store.output import write_free

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

    if path is None:
        check_printable(fmt, CHOOSE)
        sent = printed_format(fmt)
        title = f"{kind}.{sent}"
        return (
            send(render(kind, state, sent, lang=lang, warnings=warnings), title, "", WRITE) or title
        )
    data = render(kind, state, fmt, lang=lang, warnings=warnings)
    return str(write_free(path, data, protect=protect, make_folder=True))
