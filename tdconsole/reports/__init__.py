"""Printed reports of an event: standings, seating, seat slips, payouts, results, rulings, moves,
the cash summary and the prize receipts.

Every report is a pure function of the event's state as the faces read it, the read model
(``domain.read_model.StateView``; a ``state --json`` document, see docs/cli.md, is read into it
once, by ``reports.document``), in four formats: ``txt`` (80 columns, for a plain printer), ``html``
(self-contained), ``pdf`` (A4, bundled DejaVu Sans font) and ``csv`` (UTF-8 with BOM)::

    from tdconsole.reports.rendering import render
    data = render("payouts", state_view(state, now), "pdf", lang="en")   # bytes

This package holds the reports' names alone, so ``season --help`` and ``print --help`` import
nothing heavy; ``rendering`` builds and writes them (fpdf2 loads only when a PDF is made).
"""

from __future__ import annotations

from typing import Literal, get_args

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _, pgettext

ReportName = Literal[
    "standings", "seating", "slips", "payouts", "results", "rulings", "moves", "cash", "receipts"
]
Format = Literal["txt", "html", "pdf", "csv"]
REPORTS: tuple[str, ...] = get_args(ReportName)
FORMATS: tuple[str, ...] = get_args(Format)


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise RuleError(
            _("no format {fmt!r}: choose one of {FORMATS}").format(
                fmt=fmt, FORMATS=", ".join(FORMATS)
            ),
            None,
        )


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
    "check_format",
    "filename",
    "receipt_filename",
]
