"""The rulings log as a report: one row a ruling, its sanction and suspension said in full."""

from __future__ import annotations

from tdconsole.domain.phases import still_to_serve
from tdconsole.domain.read_model import StateView
from tdconsole.reports.builders.common import report_head, time_text
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    empty_cell,
    int_cell,
    text_cell,
    word,
)
from tdconsole.words.reports import Lang, label
from tdconsole.words.reports import orbits as orbit_count


def rulings(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "rulings", lang)
    if state.director:
        report.facts.append((label("director", lang), state.director))
    entries = state.rulings
    columns = [
        Column(label("col.id", lang), "right"),
        Column(label("col.time", lang)),
        Column(label("col.table", lang), "right"),
        Column(label("col.articles", lang)),
        Column(label("col.decision", lang), wrap=True, csv=False),
        Column("at", display=False),
        Column(label("col.kind", lang), display=False),
        Column(label("col.players", lang), display=False),
        Column(label("col.sanction", lang), display=False),
        Column(label("col.orbits", lang), display=False),
        Column(label("col.served", lang), display=False),
        Column(label("col.decision", lang), display=False),
        Column(label("col.by", lang), display=False),
    ]
    section = Section(None, columns, empty=label("no_rulings", lang))
    suspended: list[str] = []
    status_of = {p.name: p.status for p in state.players}
    for entry in entries:
        kind = entry.kind or "ruling"
        sanction = entry.sanction
        orbits = entry.orbits
        served = entry.served
        names = list(entry.players)
        articles = ", ".join(entry.articles)
        head = label(f"kind.{kind}", lang).capitalize()
        if sanction:
            head += ": " + label(f"sanction.{sanction}", lang)
            if orbits:
                head += ", " + orbit_count(orbits, lang)
            if sanction == "suspend" and served is not None:
                head += f" ({label('served' if served else 'pending', lang)})"
                if not served:
                    # A player out (or disqualified) serves no suspension: not suspended now.
                    suspended.extend(still_to_serve(names, status_of))
        text = f"{head}. "
        if names:
            text += ", ".join(names) + ": "
        text += entry.text
        if entry.director:
            text += f" — {entry.director}"
        at = entry.at.isoformat()
        section.rows.append(
            [
                int_cell(entry.id),
                Cell(time_text(entry.at), time_text(entry.at)),
                int_cell(entry.table),
                Cell(articles, articles),
                Cell(text, text, "bold" if sanction else ""),
                Cell(at, at),
                word(label(f"kind.{kind}", lang)),
                Cell("; ".join(names), "; ".join(names)),
                word(label(f"sanction.{sanction}", lang)) if sanction else empty_cell(),
                int_cell(orbits) if orbits else empty_cell(),
                word(label("yes" if served else "pending", lang))
                if served is not None
                else empty_cell(),
                text_cell(entry.text),
                text_cell(entry.director),
            ]
        )
    report.sections.append(section)
    if suspended:
        report.facts.append((label("suspended_now", lang), ", ".join(suspended)))
    return report
