"""Printed reports of an event: standings, seating, seat slips, payouts, results, rulings, moves,
the cash summary and the prize receipts.

Every report is a pure function of the event's state as the faces read it, the read model
(``domain.read_model.StateView``; a ``state --json`` document, see docs/cli.md, is read into it
once, by ``reports.document``), in four formats: ``txt`` (80 columns, for a plain printer), ``html``
(self-contained), ``pdf`` (A4, bundled DejaVu Sans font) and ``csv`` (UTF-8 with BOM)::

    from tdconsole.reports import render
    data = render("payouts", state_view(state, now), "pdf", lang="en")   # bytes

Importing this package imports nothing heavy: fpdf2 loads only when a PDF is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import PSEUDO, _, languages, pgettext

if TYPE_CHECKING:
    from tdconsole.domain.read_model import StateView
    from tdconsole.reports.model import Report

ReportName = Literal[
    "standings", "seating", "slips", "payouts", "results", "rulings", "moves", "cash", "receipts"
]
Format = Literal["txt", "html", "pdf", "csv"]
REPORTS: tuple[str, ...] = get_args(ReportName)
FORMATS: tuple[str, ...] = get_args(Format)


def build(kind: str, state: StateView | Mapping[str, Any], lang: str | None = None) -> Report:
    """The ``Report`` of ``kind`` for ``state`` (the read model, or a document read into it
    here, once), before it is put in a format."""
    # lazy: the builders, with the domain's view and models, would weigh on `season --help`,
    # which reads only the names above
    from tdconsole.reports.builders import BUILDERS
    from tdconsole.reports.document import as_view

    if kind not in BUILDERS:
        raise RuleError(
            _("no report named {kind!r}: choose one of {REPORTS}").format(
                kind=kind, REPORTS=", ".join(REPORTS)
            ),
            None,
        )
    view = as_view(state)
    chosen = lang or view.language or "it"
    if chosen not in languages() and chosen != PSEUDO:
        raise RuleError(
            _("no language {chosen!r}: use one of {languages}").format(
                chosen=chosen, languages=", ".join(languages())
            ),
            None,
        )
    return BUILDERS[kind](view, cast(Literal["it", "en"], chosen))


def render(
    kind: str,
    state: StateView | Mapping[str, Any],
    fmt: str = "txt",
    lang: str | None = None,
    warnings: list[str] | None = None,
    public_url: str | None = None,
) -> bytes:
    """The report ``kind`` of ``state`` in ``fmt``, ready to write to a file or a printer.

    ``warnings`` collects what the reader should know of the result, one line each in the
    report's language (a PDF printing letters its font lacks as their codes). ``public_url``:
    the address of ``tdconsole serve`` (as its ``--public-url``); the seat slips then carry the
    QR code of its players' page."""
    check_format(fmt)
    report = build(kind, state, lang)
    if public_url and report.slips is not None:
        report.players_url = public_url.rstrip("/") + "/players"
    return render_report(report, fmt, warnings)


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise RuleError(
            _("no format {fmt!r}: choose one of {FORMATS}").format(
                fmt=fmt, FORMATS=", ".join(FORMATS)
            ),
            None,
        )


def render_report(report: Report, fmt: str, warnings: list[str] | None = None) -> bytes:
    """A built ``Report`` in ``fmt`` (the season's standings use this too); ``warnings`` as
    for ``render``."""
    check_format(fmt)
    # lazy: the writers with the reports' model would weigh on `season --help`, which reads only
    # the names above
    from tdconsole.reports import csvout, html, text

    if fmt == "txt":
        return text.render(report).encode("utf-8")
    if fmt == "html":
        return html.render(report).encode("utf-8")
    if fmt == "csv":
        return csvout.render(report)
    # lazy: fpdf2 is heavy, and only a PDF needs it
    from tdconsole.reports.pdf import render as render_pdf

    return render_pdf(report, warnings)


FILE_NAMES = {
    "standings": pgettext("file name", "standings"),
    "seating": pgettext("file name", "seating"),
    "slips": pgettext("file name", "slips"),
    "payouts": pgettext("file name", "payouts"),
    "results": pgettext("file name", "results"),
    "rulings": pgettext("file name", "rulings"),
    "moves": pgettext("file name", "moves"),
    "cash": pgettext("file name", "cash"),
    "receipts": pgettext("file name", "receipts"),
}
"""The reports' default file names, said in the report's language."""


def filename(kind: str, fmt: str, lang: str = "en") -> str:
    """The file a report is written to when no name is given: ``standings.pdf``, in Italian
    ``classifica.pdf`` (``posti.pdf`` for the seat slips)."""
    name = FILE_NAMES[kind].text(lang) if kind in FILE_NAMES else kind
    return f"{name}.{fmt}"


RECEIPT_NAME = pgettext("file name", "receipt")
"""One prize's receipt, as its file is named (``receipt_filename``)."""


def receipt_filename(place: int, player: str, fmt: str, lang: str = "en") -> str:
    """The file of one prize's receipt, named by its place and its player so the Director
    finds it: ``receipt-1-Mario Rossi.pdf``, in Italian ``ricevuta-1-…``. The name is made
    one that every file system takes (no separators, reserved characters or trailing dots)."""
    # lazy: only a handover names a file by a player
    from pathvalidate import sanitize_filename

    def safe(name: str, longest: int) -> str:
        return sanitize_filename(name, replacement_text="_", platform="universal", max_len=longest)

    # The name made safe alone first: its trailing dots and spaces go rather than stay before
    # the extension, and a long one is cut (in bytes: the whole stays far below any system's
    # limit, with room for write_free's "-2").
    return safe(f"{RECEIPT_NAME.text(lang)}-{place}-{safe(player, 120)}.{fmt}", 255)


__all__ = [
    "FORMATS",
    "REPORTS",
    "Format",
    "ReportName",
    "build",
    "check_format",
    "filename",
    "receipt_filename",
    "render",
    "render_report",
]
