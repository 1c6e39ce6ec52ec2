"""The reports built and put in a format (``tdconsole.reports`` names them): the builders,
the read model's documents and the writers, imported here together, where a report is made."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, cast

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import PSEUDO, _, languages
from tdconsole.reports import REPORTS, check_format, csvout, html, text
from tdconsole.reports.builders import BUILDERS
from tdconsole.reports.document import as_view

if TYPE_CHECKING:
    from tdconsole.domain.read_model import StateView
    from tdconsole.reports.model import Report


def build(kind: str, state: StateView | Mapping[str, Any], lang: str | None = None) -> Report:
    """The ``Report`` of ``kind`` for ``state`` (the read model, or a document read into it
    here, once), before it is put in a format."""
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


def render_report(report: Report, fmt: str, warnings: list[str] | None = None) -> bytes:
    """A built ``Report`` in ``fmt`` (the season's standings use this too); ``warnings`` as
    for ``render``."""
    check_format(fmt)
    if fmt == "txt":
        return text.render(report).encode("utf-8")
    if fmt == "html":
        return html.render(report).encode("utf-8")
    if fmt == "csv":
        return csvout.render(report)
    # lazy: fpdf2 is heavy, and only a PDF needs it
    from tdconsole.reports.pdf import render as render_pdf

    return render_pdf(report, warnings)
