"""The rulings log as a report: one row a ruling, its sanction and suspension said in full."""

from __future__ import annotations

from tdconsole.reports.builders.common import State, report_head, state_list, time_text
from tdconsole.reports.labels import Lang, label
from tdconsole.reports.labels import orbits as orbit_count
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    as_int,
    empty_cell,
    int_cell,
    text_cell,
    word,
)


def rulings(state: State, lang: Lang) -> Report:
    report = report_head(state, "rulings", lang)
    if state.get("director"):
        report.facts.append((label("director", lang), str(state.get("director"))))
    entries = state_list(state, "rulings")
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
    # A player out (or disqualified) serves no suspension: not listed as suspended now.
    gone = {
        str(p.get("name"))
        for p in state_list(state, "players")
        if p.get("status") in ("out", "disqualified", "withdrawn")
    }
    for entry in entries:
        kind = str(entry.get("kind") or "ruling")
        sanction = entry.get("sanction")
        orbits = as_int(entry.get("orbits"), "orbits")
        served = entry.get("served")
        names = [str(n) for n in entry.get("players") or []]
        articles = ", ".join(str(a) for a in entry.get("articles") or [])
        head = label(f"kind.{kind}", lang).capitalize()
        if sanction:
            head += ": " + label(f"sanction.{sanction}", lang)
            if orbits:
                head += ", " + orbit_count(orbits, lang)
            if sanction == "suspend" and served is not None:
                head += f" ({label('served' if served else 'pending', lang)})"
                if not served:
                    suspended.extend(n for n in names if n not in gone)
        text = f"{head}. "
        if names:
            text += ", ".join(names) + ": "
        text += str(entry.get("text") or "")
        if entry.get("director"):
            text += f" — {entry.get('director')}"
        table = entry.get("table")
        section.rows.append(
            [
                int_cell(entry.get("id"), "ruling id"),
                Cell(time_text(entry.get("at")), time_text(entry.get("at"))),
                int_cell(table, "table") if table is not None else Cell("—", ""),
                Cell(articles, articles),
                Cell(text, text, "bold" if sanction else ""),
                Cell(str(entry.get("at") or ""), str(entry.get("at") or "")),
                word(label(f"kind.{kind}", lang)),
                Cell("; ".join(names), "; ".join(names)),
                word(label(f"sanction.{sanction}", lang)) if sanction else empty_cell(),
                int_cell(orbits, "orbits") if orbits else empty_cell(),
                word(label("yes" if served else "pending", lang))
                if served is not None
                else empty_cell(),
                text_cell(entry.get("text")),
                text_cell(entry.get("director")),
            ]
        )
    report.sections.append(section)
    if suspended:
        report.facts.append((label("suspended_now", lang), ", ".join(suspended)))
    return report
