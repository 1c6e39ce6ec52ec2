"""Reading the event's read model for the report builders: dates and times, the tables'
suits, places, names and stacks, and the head and prize-pool facts the reports share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal

from tdconsole.domain.read_model import PlayerView, StateView
from tdconsole.reports.document import SUITS
from tdconsole.reports.model import Cell, Report, group, money_text
from tdconsole.words.reports import Lang, label, month_name
from tdconsole.words.reports import orbits as orbit_count


def date_text(value: object, lang: Lang) -> str:
    """A day as the reports write it; a season document's ISO text read as one (a text that
    is not one is written as it is)."""
    if not value:
        return ""
    day = value
    if not isinstance(day, dt.date):
        try:
            day = dt.date.fromisoformat(str(value)[:10])
        except ValueError:
            return str(value)
    return f"{day.day} {month_name(day.month, lang)} {day.year}"


def time_text(moment: dt.datetime | None) -> str:
    return "" if moment is None else moment.strftime("%H:%M")


def suits_by_table(state: StateView) -> dict[int, str]:
    return {table.number: table.suit for table in state.tables}


def table_ref(number: int | None, suits: Mapping[int, str]) -> str:
    if number is None:
        return "—"
    return f"{number} {suits.get(number, SUITS[(number - 1) % 4])}"


def place_text(player: PlayerView, lang: Lang, long: bool = False) -> str:
    place = player.place
    if player.status == "disqualified":  # at the place at which he left (VI.2)
        return "DQ" if place is None else f"{place} DQ"
    if place is None:
        return ""
    if player.tied:
        return f"{place} ({label('tie', lang)})" if long else f"{place}="
    return str(place)


def stack_extra(player: PlayerView) -> Cell:
    if player.second_stack is not None:
        return Cell(group(player.second_stack), str(player.second_stack))
    if player.bonus is not None:
        return Cell(f"B {group(player.bonus)}", f"B{player.bonus}")
    return Cell("", "")


def name_cell(player: PlayerView, lang: Lang) -> Cell:
    """The name as written; a suspension not yet served is shown with it (VI.2)."""
    name = player.name
    orbits = player.suspended_orbits
    if orbits and player.status == "in":
        return Cell(
            f"{name} ({label('suspended', lang)}: {orbit_count(orbits, lang)})", name, "bold"
        )
    return Cell(name, name)


def percent_shown(value: int | float | Decimal) -> str:
    return f"{Decimal(str(value)).normalize():f}"


def report_head(state: StateView, kind: str, lang: Lang) -> Report:
    return Report(
        kind=kind,
        lang=lang,
        title=label(f"title.{kind}", lang),
        event=state.name or "tdconsole",
        date=date_text(state.date, lang),
    )


def phase_fact(report: Report, state: StateView, lang: Lang) -> str:
    """The phase among the report's facts, when the state says one; the phase ("" if none)."""
    phase = str(state.phase or "")
    if phase:
        report.facts.append((label("phase", lang), label(f"phase.{phase}", lang)))
    return phase


def pool_facts(state: StateView, lang: Lang) -> list[tuple[str, str]]:
    return [
        (label("entrants", lang), str(state.entrants)),
        (label("prize_pool", lang), f"{money_text(state.prize_pool)} scudi"),
    ]
