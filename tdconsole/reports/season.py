"""The season's standings as a printed report, from the document of ``season --json``.

Printed like every other report (``render_report``): txt, html, pdf, and csv (the standings
table only: one header, one row a player). The season's name and the date of its latest
counted event head every page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.reports.builders import _date
from tdconsole.reports.labels import Lang
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

_WORDS: dict[str, tuple[str, str]] = {
    "title": ("Classifica della stagione", "Season standings"),
    "formula": ("Formula dei punti", "Points formula"),
    "best": ("Risultati validi", "Results counted"),
    "best.all": ("tutti", "all"),
    "best.n": ("i migliori {n}", "the best {n}"),
    "counted": ("Eventi contati", "Events counted"),
    "of": ("{a} di {b}", "{a} of {b}"),
    "col.player": ("Giocatore", "Player"),
    "col.played": ("Eventi", "Events"),
    "col.points": ("Punti", "Points"),
    "col.counted": ("Validi", "Counted"),
    "col.wins": ("Vittorie", "Wins"),
    "col.cashes": ("A premio", "Cashes"),
    "col.best": ("Miglior posto", "Best place"),
    "col.tie": ("Pari merito", "Tie"),
    "col.date": ("Data", "Date"),
    "col.event": ("Evento", "Event"),
    "col.entrants": ("Iscritti", "Entrants"),
    "col.pool": ("Montepremi", "Prize pool"),
    "col.status": ("Stato", "Status"),
    "events": ("Eventi della stagione", "The season's events"),
    "status.counted": ("contato", "counted"),
    "status.unfinished": ("non concluso, escluso", "not finished, left out"),
    "status.damaged": ("illeggibile, escluso", "unreadable, left out"),
    "status.left_out": ("escluso", "left out"),
    "none": ("Nessun evento concluso.", "No finished event."),
    "order": (
        "A pari punti decidono le vittorie, poi il miglior posto, poi il nome; "
        "= pari merito (punti, vittorie e miglior posto uguali).",
        "Equal points: wins decide, then the best place, then the name; "
        "= tied (equal points, wins and best place).",
    ),
    "ties": (
        "Chi finisce pari merito in un evento divide i punti dei posti che occupa.",
        "Players tied in an event share the points of the places they span.",
    ),
}

SHAPES = {
    "linear": "n + 1 − k",
    "sqrt": "10 · √(n / k)",
    "pool": "10 · √(n / k) · (1 + log₁₀(M / n + 0.25))",
}
"""Each formula's shape: k the place, n the entrants, M the prize pool (docs/season.md)."""


def word(key: str, lang: Lang, **values: object) -> str:
    it, en = _WORDS[key]
    text = it if lang == "it" else en
    return text.format(**values) if values else text


def _list(doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = doc.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RuleError(
            _("the season's document has a bad '{key}' list").format(key=key),
        )
    return value


def season_report(doc: Mapping[str, Any], lang: Lang) -> Report:
    report = Report(
        kind="season",
        lang=lang,
        title=word("title", lang),
        event=str(doc.get("season") or "tdconsole"),
        date=_date(doc.get("date"), lang),
    )
    formula = str(doc.get("formula") or "")
    report.facts.append((word("formula", lang), f"{formula}: {SHAPES.get(formula, '')}"))
    best = as_int(doc.get("best"), "best") or 0
    report.facts.append(
        (word("best", lang), word("best.n", lang, n=best) if best else word("best.all", lang))
    )
    events = _list(doc, "events")
    counted = sum(1 for e in events if e.get("status") == "counted")
    report.facts.append((word("counted", lang), word("of", lang, a=counted, b=len(events))))

    columns = [
        Column("#", "right"),
        Column(word("col.player", lang), flex=True),
        Column(word("col.played", lang), "right"),
        Column(word("col.points", lang), "right"),
        Column(word("col.counted", lang), "right"),
        Column(word("col.wins", lang), "right"),
        Column(word("col.cashes", lang), "right"),
        Column(word("col.best", lang), "right"),
        Column(word("col.tie", lang), display=False),
    ]
    table = Section(None, columns, empty=word("none", lang))
    for row in _list(doc, "standings"):
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
        word("events", lang),
        [
            Column(word("col.date", lang)),
            Column(word("col.event", lang)),
            Column(word("col.entrants", lang), "right"),
            Column(word("col.pool", lang), "right"),
            Column(word("col.status", lang), wrap=True),
        ],
    )
    for event in events:
        status = str(event.get("status") or "")
        said = word(f"status.{status}", lang) if f"status.{status}" in _WORDS else status
        if event.get("reason") and status != "counted":
            said = f"{said} ({event.get('reason')})"
        listing.rows.append(
            [
                text_cell(_date(event.get("date"), lang) or None),
                text_cell(event.get("name") or _file_name(event.get("file"))),
                int_cell(event.get("entrants"), "entrants"),
                money_cell(event.get("prize_pool"), "prize pool"),
                text_cell(said, "" if status == "counted" else "muted"),
            ]
        )
    if events:
        report.sections.append(listing)
    report.notes.append(word("order", lang))
    report.notes.append(word("ties", lang))
    return report


def _file_name(value: object) -> str:
    text = str(value or "")
    return text.rsplit("/", 1)[-1]


def render_season(doc: Mapping[str, Any], fmt: str = "txt", lang: str | None = None) -> bytes:
    """The season's standings in ``fmt``; csv holds the standings table alone."""
    from tdconsole.reports import check_format, render_report

    check_format(fmt)
    chosen = lang or "it"
    if chosen not in ("it", "en"):
        raise RuleError(
            _("no language {chosen!r}: use it or en").format(chosen=chosen),
        )
    report = season_report(doc, cast(Literal["it", "en"], chosen))
    if fmt == "csv":
        report.sections = report.sections[:1]
    return render_report(report, fmt)
