"""The season's standings as a printed report, from the document of ``season --json``.

Printed like every other report (``render_report``): txt, html, pdf, and csv (the standings
table only: one header, one row a player). The season's name and the date of its latest
counted event head every page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import PSEUDO, _, languages, pgettext, translation
from tdconsole.reports import check_format
from tdconsole.reports.builders.common import date_text
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    as_int,
    int_cell,
    money_cell,
    text_cell,
)
from tdconsole.reports.rendering import render_report
from tdconsole.words.reports import Lang

SHAPES = {
    "linear": "n + 1 − k",
    "sqrt": "10 · √(n / k)",
    "pool": "10 · √(n / k) · (1 + log₁₀(M / n + 0.25))",
}
"""Each formula's shape: k the place, n the entrants, M the prize pool (docs/season.md)."""


def state_list(doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = doc.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RuleError(
            _("the season's document has a bad '{key}' list").format(key=key),
        )
    return value


def season_report(doc: Mapping[str, Any], lang: Lang) -> Report:
    catalogue = translation(lang)
    gettext, ngettext = catalogue.gettext, catalogue.ngettext
    report = Report(
        kind="season",
        lang=lang,
        title=gettext("Season standings"),
        event=str(doc.get("season") or "tdconsole"),
        date=date_text(doc.get("date"), lang),
    )
    formula = str(doc.get("formula") or "")
    report.facts.append((gettext("Points formula"), f"{formula}: {SHAPES.get(formula, '')}"))
    best = as_int(doc.get("best"), "best") or 0
    counted_as = ngettext("the best {n}", "the best {n}", best).format(n=best)
    report.facts.append((gettext("Results counted"), counted_as if best else gettext("all")))
    events = state_list(doc, "events")
    counted = sum(1 for e in events if e.get("status") == "counted")
    report.facts.append(
        (gettext("Events counted"), gettext("{a} of {b}").format(a=counted, b=len(events)))
    )

    columns = [
        Column("#", "right"),
        Column(gettext("Player"), flex=True),
        Column(gettext("Events"), "right"),
        Column(gettext("Points"), "right"),
        Column(gettext("Counted"), "right"),
        Column(gettext("Wins"), "right"),
        Column(gettext("Cashes"), "right"),
        Column(gettext("Best place"), "right"),
        Column(gettext("Tie"), display=False),
    ]
    table = Section(None, columns, empty=gettext("No finished event."))
    for row in state_list(doc, "standings"):
        place = as_int(row.get("place"), "place")
        tied = bool(row.get("tied"))
        shown = f"{place}=" if tied else str(place)
        table.rows.append(
            [
                Cell(shown, str(place)),
                text_cell(row.get("player")),
                int_cell(row.get("played"), "played"),
                text_cell(row.get("points")),
                int_cell(row.get("counted"), "counted"),
                int_cell(row.get("wins"), "wins"),
                int_cell(row.get("cashes"), "cashes"),
                int_cell(row.get("best_place"), "place"),
                Cell("=" if tied else "", "1" if tied else ""),
            ]
        )
    report.sections.append(table)

    listing = Section(
        gettext("The season's events"),
        [
            Column(gettext("Date")),
            Column(gettext("Event")),
            Column(gettext("Entrants"), "right"),
            Column(gettext("Prize pool"), "right"),
            Column(gettext("Status"), wrap=True),
        ],
    )
    statuses = {
        "counted": pgettext("season", "counted"),
        "unfinished": _("not finished, left out"),
        "damaged": _("unreadable, left out"),
        "left_out": _("left out"),
    }
    for event in events:
        status = str(event.get("status") or "")
        said = statuses[status].text(lang) if status in statuses else status
        if event.get("reason") and status != "counted":
            said = f"{said} ({event.get('reason')})"
        listing.rows.append(
            [
                text_cell(date_text(event.get("date"), lang) or None),
                text_cell(event.get("name") or _file_name(event.get("file"))),
                int_cell(event.get("entrants"), "entrants"),
                money_cell(event.get("prize_pool"), "prize pool"),
                text_cell(said, "" if status == "counted" else "muted"),
            ]
        )
    if events:
        report.sections.append(listing)
    report.notes.append(
        gettext(
            "Equal points: wins decide, then the best place, then the name; "
            "= tied (equal points, wins and best place)."
        )
    )
    report.notes.append(
        gettext("Players tied in an event share the points of the places they span.")
    )
    return report


def _file_name(value: object) -> str:
    text = str(value or "")
    return text.rsplit("/", 1)[-1]


def render_season(doc: Mapping[str, Any], fmt: str = "txt", lang: str | None = None) -> bytes:
    """The season's standings in ``fmt``; csv holds the standings table alone."""
    check_format(fmt)
    chosen = lang or "it"
    if chosen not in languages() and chosen != PSEUDO:
        raise RuleError(
            _("no language {chosen!r}: use one of {languages}").format(
                chosen=chosen, languages=", ".join(languages())
            ),
        )
    report = season_report(doc, cast(Literal["it", "en"], chosen))
    if fmt == "csv":
        report.sections = report.sections[:1]
    return render_report(report, fmt)
