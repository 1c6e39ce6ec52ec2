"""From the event's state (the dict of ``state --json``) to a ``Report``, one builder a report."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.reports.labels import Lang, label, month_name, moves_section
from tdconsole.reports.labels import orbits as orbit_count
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    Slip,
    as_int,
    as_money,
    card_cell,
    chips_cell,
    empty_cell,
    group,
    int_cell,
    money_cell,
    money_plain,
    money_text,
    text_cell,
    word,
)

State = Mapping[str, Any]

#: A table's suit when the state does not say it (II.2: 1 = ♥, 2 = ♦, 3 = ♣, 4 = ♠, repeat).
SUITS = "♥♦♣♠"


# -- reading the state ---------------------------------------------------------------------------


def _list(state: State, key: str) -> list[Mapping[str, Any]]:
    value = state.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise RuleError(
            _("the event's state has a bad '{key}' list").format(key=key),
            None,
        )
    return value


def _date(value: object, lang: Lang) -> str:
    if not value:
        return ""
    try:
        day = dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        return str(value)
    return f"{day.day} {month_name(day.month, lang)} {day.year}"


def _time(value: object) -> str:
    if not value:
        return ""
    try:
        return dt.datetime.fromisoformat(str(value)).strftime("%H:%M")
    except ValueError:
        return str(value)


def _suit(table: Mapping[str, Any]) -> str:
    suit = table.get("suit")
    if suit:
        return str(suit)
    number = as_int(table.get("number"), "table number") or 1
    return SUITS[(number - 1) % 4]


def _suits_by_table(state: State) -> dict[int, str]:
    suits = {}
    for table in _list(state, "tables"):
        number = as_int(table.get("number"), "table number")
        if number is not None:
            suits[number] = _suit(table)
    return suits


def _table_ref(number: object, suits: Mapping[int, str]) -> str:
    n = as_int(number, "table number")
    if n is None:
        return "—"
    return f"{n} {suits.get(n, SUITS[(n - 1) % 4])}"


def _place_text(player: Mapping[str, Any], lang: Lang, long: bool = False) -> str:
    place = as_int(player.get("place"), "place")
    if place is None:
        return ""
    if player.get("tied"):
        return f"{place} ({label('tie', lang)})" if long else f"{place}="
    return str(place)


def _stack_extra(player: Mapping[str, Any]) -> Cell:
    second = as_int(player.get("second_stack"), "second stack")
    bonus = as_int(player.get("bonus"), "bonus")
    if second is not None:
        return Cell(group(second), str(second))
    if bonus is not None:
        return Cell(f"B {group(bonus)}", f"B{bonus}")
    return Cell("", "")


def _name_cell(player: Mapping[str, Any], lang: Lang) -> Cell:
    """The name as written; a suspension not yet served is shown with it (VI.2)."""
    name = str(player.get("name"))
    orbits = as_int(player.get("suspended_orbits"), "suspended orbits")
    if orbits and player.get("status") == "in":
        return Cell(
            f"{name} ({label('suspended', lang)}: {orbit_count(orbits, lang)})", name, "bold"
        )
    return Cell(name, name)


def _percent(value: object) -> str:
    amount = as_money(value, "percent")
    if amount is None:
        return ""
    text = f"{amount.normalize():f}"
    return text


def _head(state: State, kind: str, lang: Lang) -> Report:
    return Report(
        kind=kind,
        lang=lang,
        title=label(f"title.{kind}", lang),
        event=str(state.get("name") or "tdconsole"),
        date=_date(state.get("date"), lang),
    )


def _pool_facts(state: State, lang: Lang) -> list[tuple[str, str]]:
    facts = []
    if state.get("entrants") is not None:
        facts.append((label("entrants", lang), str(state.get("entrants"))))
    pool = as_money(state.get("prize_pool"), "prize pool")
    if pool is not None:
        facts.append((label("prize_pool", lang), f"{money_text(pool)} scudi"))
    return facts


# -- standings -----------------------------------------------------------------------------------


def standings(state: State, lang: Lang) -> Report:
    report = _head(state, "standings", lang)
    phase = str(state.get("phase") or "")
    if phase:
        report.facts.append((label("phase", lang), label(f"phase.{phase}", lang)))
    report.facts += _pool_facts(state, lang)
    for key in ("in_play",):
        if state.get(key) is not None:
            report.facts.append((label(key, lang), str(state.get(key))))
    for key in ("chips_in_play", "average_stack"):
        n = as_int(state.get(key), key)
        if n:
            report.facts.append((label(key, lang), group(n)))
    bonus = as_int(state.get("final_bonus"), "final bonus")
    if bonus is not None:
        report.facts.append((label("final_bonus", lang), group(bonus)))

    players = _list(state, "players")
    playing = [p for p in players if p.get("status") == "in"]
    playing.sort(
        key=lambda p: (
            -(as_int(p.get("chips"), "chips") or -1),
            as_int(p.get("table"), "table") or 0,
            as_int(p.get("seat"), "seat") or 0,
        )
    )
    waiting = [p for p in players if p.get("status") in ("registered", "waitlisted")]
    gone = [p for p in players if p.get("status") == "out"]
    gone.sort(key=lambda p: as_int(p.get("place"), "place") or 10**6)
    disqualified = [p for p in players if p.get("status") == "disqualified"]

    columns = [
        Column("#", "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.table", lang), "right"),
        Column(label("col.seat", lang), "right"),
        Column(label("col.card", lang), "right"),
        Column(label("col.chips", lang), "right"),
        Column(label("col.second_stack", lang), "right"),
        Column(label("col.prize", lang), "right"),
        Column(label("col.status", lang)),
        Column(label("col.tie", lang), display=False),
    ]
    section = Section(None, columns, empty=label("no_players", lang))
    finished = phase == "finished"
    for rank, p in enumerate(playing, start=1):
        counted = p.get("chips") is not None
        place = _place_text(p, lang) if finished else (str(rank) if counted else "")
        section.rows.append(_standing_row(p, place, lang, seated=not finished))
    for p in gone:
        section.rows.append(_standing_row(p, _place_text(p, lang), lang))
    for p in disqualified:
        section.rows.append(_standing_row(p, "DQ", lang))
    report.sections.append(section)
    # Places read 1, 2, 3… without a gap: whoever never played (not paid, waiting) is listed
    # apart, after them; before the draw they are the whole list.
    if phase == "registration":
        section.rows += [_standing_row(p, "", lang) for p in waiting]
    elif waiting:
        apart = Section(label("never_played", lang), columns)
        apart.rows += [_standing_row(p, "", lang) for p in waiting]
        report.sections.append(apart)
    if any(p.get("tied") for p in players):
        report.notes.append(f"= {label('tie', lang)}: {label('tie.note', lang)}")
    if disqualified:
        report.notes.append(f"DQ: {label('dq.note', lang)}")
    if any(p.get("second_stack") is not None or p.get("bonus") is not None for p in players):
        report.notes.append(label("second_stack.note", lang))
    if state.get("final_due"):
        report.notes.append(label("final_due", lang))
    return report


def _standing_row(p: Mapping[str, Any], place: str, lang: Lang, seated: bool = False) -> list[Cell]:
    status = str(p.get("status") or "")
    place_plain = place.rstrip("=") if place != "DQ" else ""
    return [
        Cell(place, place_plain),
        _name_cell(p, lang),
        int_cell(p.get("table"), "table") if seated else Cell("", ""),
        int_cell(p.get("seat"), "seat") if seated else Cell("", ""),
        card_cell(p.get("card")) if seated else Cell("", ""),
        chips_cell(p.get("chips")) if status == "in" else Cell("", ""),
        _stack_extra(p),
        money_cell(p.get("prize"), "prize") if p.get("prize") is not None else empty_cell(),
        _status_cell(p, status, lang),
        word(label("yes", lang)) if p.get("tied") else empty_cell(),
    ]


def _status_cell(p: Mapping[str, Any], status: str, lang: Lang) -> Cell:
    """Status in CSV always; on paper only before the draw (who is registered, who has paid)."""
    if not status:
        return empty_cell()
    plain = label(f"status.{status}", lang)
    if status not in ("registered", "waitlisted"):
        return Cell("", plain)
    text = plain if p.get("paid") else f"{plain}, {label('unpaid', lang)}"
    return Cell(text, plain, "" if p.get("paid") else "muted")


# -- seating -------------------------------------------------------------------------------------


def seating(state: State, lang: Lang) -> Report:
    report = _head(state, "seating", lang)
    phase = str(state.get("phase") or "")
    if phase:
        report.facts.append((label("phase", lang), label(f"phase.{phase}", lang)))
    if state.get("in_play") is not None:
        report.facts.append((label("in_play", lang), str(state.get("in_play"))))
    players = {str(p.get("name")): p for p in _list(state, "players")}
    tables = _list(state, "tables")
    closed = []
    any_second = False
    for table in tables:
        number = as_int(table.get("number"), "table number")
        suit = _suit(table)
        if table.get("open") is False:
            closed.append(f"{number} {suit}")
            continue
        title = f"{label('table', lang)} {number} {suit}"
        if table.get("final"):
            title = f"{label('final_table', lang)} — {title}"
        button = as_int(table.get("button"), "button")
        facts = [f"{table.get('players_in', 0)} {label('players_in', lang)}"]
        if table.get("chips") is not None:
            facts.append(f"{label('chips_at_table', lang)} {chips_cell(table.get('chips')).text}")
        if table.get("second_stack_now") is not None:
            now = chips_cell(table.get("second_stack_now")).text
            facts.append(f"{label('second_stack_now', lang)} {now}")
        if button is not None:
            facts.append(f"{label('button', lang)}: {label('seat', lang).lower()} {button}")
        if table.get("must_close"):
            facts.append(label("closing", lang).upper())
        section = Section(
            title,
            _seating_columns(lang),
            lines=[" · ".join(facts)],
            csv_prefix=[(label("table", lang), str(number)), (label("col.suit", lang), suit)],
        )
        for seat in table.get("seats") or []:
            name = seat.get("player")
            player = players.get(str(name)) if name is not None else None
            seat_no = as_int(seat.get("seat"), "seat")
            extra = _stack_extra(player) if player else empty_cell()
            any_second = any_second or bool(extra.text)
            section.rows.append(
                [
                    int_cell(seat_no, "seat"),
                    card_cell(seat.get("card")),
                    (_name_cell(player, lang) if player else text_cell(name))
                    if name is not None
                    else Cell(f"({label('vacant', lang)})", "", "muted"),
                    chips_cell(player.get("chips")) if player else empty_cell(),
                    extra,
                    Cell("D", "D", "bold") if seat_no == button and name else empty_cell(),
                ]
            )
        report.sections.append(section)
    if not report.sections:
        prefix = [(label("table", lang), ""), (label("col.suit", lang), "")]
        empty = label("no_tables", lang)
        report.sections.append(
            Section(None, _seating_columns(lang), csv_prefix=prefix, empty=empty)
        )
    if closed:
        report.notes.append(f"{label('closed', lang).capitalize()}: {', '.join(closed)}")
    if any(section.rows for section in report.sections):
        report.notes.append(label("dealer.note", lang))
    if any_second:
        report.notes.append(label("second_stack.note", lang))
    return report


def _seating_columns(lang: Lang) -> list[Column]:
    return [
        Column(label("col.seat", lang), "right"),
        Column(label("col.card", lang), "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.chips", lang), "right"),
        Column(label("col.second_stack", lang), "right"),
        Column(label("col.button", lang), "center"),
    ]


# -- seat slips ----------------------------------------------------------------------------------


def slips(state: State, lang: Lang) -> Report:
    """One slip a seated player (the draw's result); before anyone sits, one a seat with a card."""
    report = _head(state, "slips", lang)
    tables = [t for t in _list(state, "tables") if t.get("open") is not False]
    taken = [(t, s) for t in tables for s in t.get("seats") or [] if s.get("player")]
    chosen = taken or [(t, s) for t in tables for s in t.get("seats") or [] if s.get("card")]
    report.slips = []
    for table, seat in chosen:
        card = str(seat.get("card") or "")
        suit = _suit(table)
        table_label = label("final_table" if table.get("final") else "table", lang)
        report.slips.append(
            Slip(
                table_label=table_label,
                table=f"{as_int(table.get('number'), 'table number')} {suit}",
                seat_label=label("seat", lang),
                seat=str(as_int(seat.get("seat"), "seat")),
                card=card,
                player=str(seat.get("player") or ""),
                red=(card[-1:] or suit) in "♥♦",
            )
        )
    columns = [
        Column(label("table", lang)),
        Column(label("col.suit", lang)),
        Column(label("col.seat", lang)),
        Column(label("col.card", lang)),
        Column(label("col.player", lang)),
    ]
    section = Section(None, columns, empty=label("no_slips", lang))
    for slip in report.slips:
        number, _sep, suit = slip.table.partition(" ")
        section.rows.append(
            [
                Cell(number, number),
                Cell(suit, suit),
                Cell(slip.seat, slip.seat),
                Cell(slip.card, slip.card),
                Cell(slip.player, slip.player),
            ]
        )
    report.sections.append(section)
    return report


# -- payouts -------------------------------------------------------------------------------------


def payouts(state: State, lang: Lang) -> Report:
    report = _head(state, "payouts", lang)
    report.facts += _pool_facts(state, lang)
    players = {str(p.get("name")): p for p in _list(state, "players")}
    columns = [
        Column(label("col.paid_place", lang), "right"),
        Column(label("col.percent", lang), "right"),
        Column(label("col.amount", lang), "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.prize", lang), "right"),
        Column(label("col.tie", lang), display=False),
    ]
    section = Section(None, columns, empty=label("no_payouts", lang))
    total_amount = Decimal(0)
    total_prize = Decimal(0)
    total_percent = Decimal(0)
    any_prize = False
    for row in _list(state, "payouts"):
        name = row.get("player")
        player = players.get(str(name)) if name is not None else None
        amount = as_money(row.get("amount")) or Decimal(0)
        total_amount += amount
        total_percent += as_money(row.get("percent"), "percent") or Decimal(0)
        prize = as_money(player.get("prize"), "prize") if player else None
        if prize is not None:
            any_prize = True
            total_prize += prize
        tied = bool(player and player.get("tied"))
        place = str(as_int(row.get("place"), "place"))
        section.rows.append(
            [
                Cell(f"{place}=" if tied else place, place),
                Cell(_percent(row.get("percent")), _percent(row.get("percent"))),
                money_cell(amount),
                text_cell(name) if name is not None else empty_cell(),
                money_cell(prize) if prize is not None else empty_cell(),
                word(label("yes", lang)) if tied else empty_cell(),
            ]
        )
    section.total = [
        Cell(label("total", lang), ""),
        Cell(_percent(total_percent), ""),
        Cell(f"{money_text(total_amount)}", money_plain(total_amount), "bold"),
        empty_cell(),
        Cell(money_text(total_prize), money_plain(total_prize), "bold")
        if any_prize
        else empty_cell(),
        empty_cell(),
    ]
    report.sections.append(section)
    report.notes.append(label("payouts.note", lang))
    if any(p.get("tied") and p.get("prize") is not None for p in players.values()):
        report.notes.append(f"= {label('tie', lang)}: {label('tie.note', lang)}")
    return report


# -- results -------------------------------------------------------------------------------------


def results(state: State, lang: Lang) -> Report:
    report = _head(state, "results", lang)
    phase = str(state.get("phase") or "")
    if phase:
        report.facts.append((label("phase", lang), label(f"phase.{phase}", lang)))
    report.facts += _pool_facts(state, lang)
    if phase != "finished" and state.get("in_play") is not None:
        report.facts.append((label("in_play", lang), str(state.get("in_play"))))
    players = _list(state, "players")
    placed = [
        p for p in players if p.get("place") is not None and p.get("status") != "disqualified"
    ]
    placed.sort(key=lambda p: as_int(p.get("place"), "place") or 0)  # stable: state's order
    disqualified = [p for p in players if p.get("status") == "disqualified"]
    columns = [
        Column(label("col.place", lang), "right"),
        Column(label("col.player", lang), flex=True),
        Column(label("col.prize", lang), "right"),
        Column(label("col.tie", lang), display=False),
        Column(label("col.status", lang), display=False),
    ]
    section = Section(None, columns, empty=label("no_places", lang))
    total = Decimal(0)
    for p in placed:
        prize = as_money(p.get("prize"), "prize")
        total += prize or Decimal(0)
        place = str(as_int(p.get("place"), "place"))
        tied = bool(p.get("tied"))
        section.rows.append(
            [
                Cell(_place_text(p, lang, long=True), place, "bold" if place == "1" else ""),
                text_cell(p.get("name"), "bold" if place == "1" else ""),
                money_cell(prize) if prize is not None else empty_cell(),
                word(label("yes", lang)) if tied else empty_cell(),
                word(label(f"status.{p.get('status') or 'out'}", lang)),
            ]
        )
    for p in disqualified:
        dq = label("dq", lang)
        section.rows.append(
            [Cell(dq, "", "muted"), text_cell(p.get("name")), empty_cell(), empty_cell(), word(dq)]
        )
    section.total = [
        Cell(label("prizes_paid", lang), ""),
        empty_cell(),
        Cell(f"{money_text(total)}", money_plain(total), "bold"),
        empty_cell(),
        empty_cell(),
    ]
    report.sections.append(section)
    if any(p.get("tied") for p in placed):
        report.notes.append(f"{label('tie', lang)}: {label('tie.note', lang)}")
    if disqualified:
        report.notes.append(label("dq.note", lang))
    return report


# -- rulings -------------------------------------------------------------------------------------


def rulings(state: State, lang: Lang) -> Report:
    report = _head(state, "rulings", lang)
    if state.get("director"):
        report.facts.append((label("director", lang), str(state.get("director"))))
    entries = _list(state, "rulings")
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
    suspended = []
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
                    suspended.extend(names)
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
                Cell(_time(entry.get("at")), _time(entry.get("at"))),
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


# -- moves ---------------------------------------------------------------------------------------


def moves(state: State, lang: Lang) -> Report:
    report = _head(state, "moves", lang)
    suits = _suits_by_table(state)
    for table in _list(state, "tables"):
        number = table.get("number")
        plan = table.get("plan")
        if not plan:
            if table.get("must_close") and table.get("open") is not False:
                report.notes.append(
                    label("moves.no_plan", lang).format(table=number, suit=_suit(table))
                )
            continue
        planned = plan.get("moves") or [] if isinstance(plan, Mapping) else []
        columns = _move_columns(lang)
        title = moves_section(number, _suit(table), len(planned), lang)
        section = Section(title, columns)
        for move in planned:
            section.rows.append(
                [
                    text_cell(move.get("player"), "bold"),
                    Cell(_table_ref(move.get("from_table"), suits), str(move.get("from_table"))),
                    int_cell(move.get("from_seat"), "seat"),
                    Cell(_table_ref(move.get("to_table"), suits), str(move.get("to_table"))),
                    int_cell(move.get("to_seat"), "seat"),
                    card_cell(move.get("card")),
                ]
            )
        report.sections.append(section)
    if not report.sections:
        empty = "" if report.notes else label("no_moves", lang)
        report.sections.append(Section(None, _move_columns(lang), empty=empty))
    return report


def _move_columns(lang: Lang) -> list[Column]:
    return [
        Column(label("col.player", lang), flex=True),
        Column(label("col.from_table", lang), "right"),
        Column(label("col.from_seat", lang), "right"),
        Column(label("col.to_table", lang), "right"),
        Column(label("col.to_seat", lang), "right"),
        Column(label("col.new_card", lang), "right"),
    ]


BUILDERS: dict[str, Callable[[State, Lang], Report]] = {
    "standings": standings,
    "seating": seating,
    "slips": slips,
    "payouts": payouts,
    "results": results,
    "rulings": rulings,
    "moves": moves,
}
