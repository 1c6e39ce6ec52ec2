"""Reading the event's state for the report builders: its lists, dates and times, the tables'
suits, places, names and stacks, and the head and prize-pool facts the reports share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.reports.labels import Lang, label, month_name
from tdconsole.reports.labels import orbits as orbit_count
from tdconsole.reports.model import Cell, Report, as_int, as_money, group, money_text

State = Mapping[str, Any]

#: A table's suit when the state does not say it (II.2: 1 = ♥, 2 = ♦, 3 = ♣, 4 = ♠, repeat).
SUITS = "♥♦♣♠"


def state_list(state: State, key: str) -> list[Mapping[str, Any]]:
    value = state.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RuleError(
            _("the event's state has a bad '{key}' list").format(key=key),
            None,
        )
    return value


def date_text(value: object, lang: Lang) -> str:
    if not value:
        return ""
    try:
        day = dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        return str(value)
    return f"{day.day} {month_name(day.month, lang)} {day.year}"


def time_text(value: object) -> str:
    if not value:
        return ""
    try:
        return dt.datetime.fromisoformat(str(value)).strftime("%H:%M")
    except ValueError:
        return str(value)


def table_suit(table: Mapping[str, Any]) -> str:
    suit = table.get("suit")
    if suit:
        return str(suit)
    number = as_int(table.get("number"), "table number") or 1
    return SUITS[(number - 1) % 4]


def suits_by_table(state: State) -> dict[int, str]:
    suits = {}
    for table in state_list(state, "tables"):
        number = as_int(table.get("number"), "table number")
        if number is not None:
            suits[number] = table_suit(table)
    return suits


def table_ref(number: object, suits: Mapping[int, str]) -> str:
    n = as_int(number, "table number")
    if n is None:
        return "—"
    return f"{n} {suits.get(n, SUITS[(n - 1) % 4])}"


def place_text(player: Mapping[str, Any], lang: Lang, long: bool = False) -> str:
    place = as_int(player.get("place"), "place")
    if player.get("status") == "disqualified":  # at the place at which he left (VI.2)
        return "DQ" if place is None else f"{place} DQ"
    if place is None:
        return ""
    if player.get("tied"):
        return f"{place} ({label('tie', lang)})" if long else f"{place}="
    return str(place)


def stack_extra(player: Mapping[str, Any]) -> Cell:
    second = as_int(player.get("second_stack"), "second stack")
    bonus = as_int(player.get("bonus"), "bonus")
    if second is not None:
        return Cell(group(second), str(second))
    if bonus is not None:
        return Cell(f"B {group(bonus)}", f"B{bonus}")
    return Cell("", "")


def name_cell(player: Mapping[str, Any], lang: Lang) -> Cell:
    """The name as written; a suspension not yet served is shown with it (VI.2)."""
    name = str(player.get("name"))
    orbits = as_int(player.get("suspended_orbits"), "suspended orbits")
    if orbits and player.get("status") == "in":
        return Cell(
            f"{name} ({label('suspended', lang)}: {orbit_count(orbits, lang)})", name, "bold"
        )
    return Cell(name, name)


def percent_shown(value: object) -> str:
    amount = as_money(value, "percent")
    if amount is None:
        return ""
    text = f"{amount.normalize():f}"
    return text


def report_head(state: State, kind: str, lang: Lang) -> Report:
    return Report(
        kind=kind,
        lang=lang,
        title=label(f"title.{kind}", lang),
        event=str(state.get("name") or "tdconsole"),
        date=date_text(state.get("date"), lang),
    )


def phase_fact(report: Report, state: State, lang: Lang) -> str:
    """The phase among the report's facts, when the state says one; the phase ("" if none)."""
    phase = str(state.get("phase") or "")
    if phase:
        report.facts.append((label("phase", lang), label(f"phase.{phase}", lang)))
    return phase


def pool_facts(state: State, lang: Lang) -> list[tuple[str, str]]:
    facts = []
    if state.get("entrants") is not None:
        facts.append((label("entrants", lang), str(state.get("entrants"))))
    pool = as_money(state.get("prize_pool"), "prize pool")
    if pool is not None:
        facts.append((label("prize_pool", lang), f"{money_text(pool)} scudi"))
    return facts
