"""The reports of the tables and their seats: seating, seat slips and moves."""

from __future__ import annotations

from collections.abc import Mapping

from tdconsole.reports.builders.common import (
    State,
    name_cell,
    phase_fact,
    report_head,
    stack_extra,
    state_list,
    suits_by_table,
    table_ref,
    table_suit,
)
from tdconsole.reports.labels import Lang, label, moves_section
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    Slip,
    as_int,
    card_cell,
    chips_cell,
    empty_cell,
    int_cell,
    text_cell,
)

# -- seating -------------------------------------------------------------------------------------


def seating(state: State, lang: Lang) -> Report:
    report = report_head(state, "seating", lang)
    phase_fact(report, state, lang)
    if state.get("in_play") is not None:
        report.facts.append((label("in_play", lang), str(state.get("in_play"))))
    players = {str(p.get("name")): p for p in state_list(state, "players")}
    tables = state_list(state, "tables")
    closed = []
    any_second = False
    for table in tables:
        number = as_int(table.get("number"), "table number")
        suit = table_suit(table)
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
            extra = stack_extra(player) if player else empty_cell()
            any_second = any_second or bool(extra.text)
            section.rows.append(
                [
                    int_cell(seat_no, "seat"),
                    card_cell(seat.get("card")),
                    (name_cell(player, lang) if player else text_cell(name))
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
    report = report_head(state, "slips", lang)
    tables = [t for t in state_list(state, "tables") if t.get("open") is not False]
    taken = [(t, s) for t in tables for s in t.get("seats") or [] if s.get("player")]
    chosen = taken or [(t, s) for t in tables for s in t.get("seats") or [] if s.get("card")]
    report.slips = []
    for table, seat in chosen:
        card = str(seat.get("card") or "")
        suit = table_suit(table)
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


# -- moves ---------------------------------------------------------------------------------------


def moves(state: State, lang: Lang) -> Report:
    report = report_head(state, "moves", lang)
    suits = suits_by_table(state)
    for table in state_list(state, "tables"):
        number = table.get("number")
        plan = table.get("plan")
        if not plan:
            if table.get("must_close") and table.get("open") is not False:
                report.notes.append(
                    label("moves.no_plan", lang).format(table=number, suit=table_suit(table))
                )
            continue
        planned = plan.get("moves") or [] if isinstance(plan, Mapping) else []
        columns = _move_columns(lang)
        title = moves_section(number, table_suit(table), len(planned), lang)
        section = Section(title, columns)
        for move in planned:
            section.rows.append(
                [
                    text_cell(move.get("player"), "bold"),
                    Cell(table_ref(move.get("from_table"), suits), str(move.get("from_table"))),
                    int_cell(move.get("from_seat"), "seat"),
                    Cell(table_ref(move.get("to_table"), suits), str(move.get("to_table"))),
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
