"""The reports of the tables and their seats: seating, seat slips and moves."""

from __future__ import annotations

from tdconsole.domain.read_model import StateView
from tdconsole.reports.builders.common import (
    name_cell,
    phase_fact,
    report_head,
    stack_extra,
    suits_by_table,
    table_ref,
)
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
    Slip,
    card_cell,
    chips_cell,
    empty_cell,
    int_cell,
    text_cell,
)
from tdconsole.words.reports import Lang, label, moves_section

# -- seating -------------------------------------------------------------------------------------


def seating(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "seating", lang)
    phase_fact(report, state, lang)
    report.facts.append((label("in_play", lang), str(state.in_play)))
    players = {p.name: p for p in state.players}
    closed = []
    any_second = False
    for table in state.tables:
        number, suit = table.number, table.suit
        if not table.open:
            closed.append(f"{number} {suit}")
            continue
        title = f"{label('table', lang)} {number} {suit}"
        if table.final:
            title = f"{label('final_table', lang)} — {title}"
        button = table.button or None  # an older document may not say it
        facts = [f"{table.players_in} {label('players_in', lang)}"]
        if table.chips is not None:
            facts.append(f"{label('chips_at_table', lang)} {chips_cell(table.chips).text}")
        if table.second_stack_now is not None:
            now = chips_cell(table.second_stack_now).text
            facts.append(f"{label('second_stack_now', lang)} {now}")
        if button is not None:
            facts.append(f"{label('button', lang)}: {label('seat', lang).lower()} {button}")
        if table.must_close:
            facts.append(label("closing", lang).upper())
        section = Section(
            title,
            _seating_columns(lang),
            lines=[" · ".join(facts)],
            csv_prefix=[(label("table", lang), str(number)), (label("col.suit", lang), suit)],
        )
        for seat in table.seats:
            name = seat.player
            player = players.get(name) if name is not None else None
            seat_no = seat.seat
            extra = stack_extra(player) if player else empty_cell()
            any_second = any_second or bool(extra.text)
            section.rows.append(
                [
                    int_cell(seat_no),
                    card_cell(seat.card),
                    (name_cell(player, lang) if player else text_cell(name))
                    if name is not None
                    else Cell(f"({label('vacant', lang)})", "", "muted"),
                    chips_cell(player.chips) if player else empty_cell(),
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


def slips(state: StateView, lang: Lang) -> Report:
    """One slip a seated player (the draw's result); before anyone sits, one a seat with a card."""
    report = report_head(state, "slips", lang)
    tables = [t for t in state.tables if t.open]
    taken = [(t, s) for t in tables for s in t.seats if s.player]
    chosen = taken or [(t, s) for t in tables for s in t.seats if s.card]
    report.slips = []
    for table, seat in chosen:
        card = seat.card
        suit = table.suit
        table_label = label("final_table" if table.final else "table", lang)
        report.slips.append(
            Slip(
                table_label=table_label,
                table=f"{table.number} {suit}",
                seat_label=label("seat", lang),
                seat=str(seat.seat),
                card=card,
                player=seat.player or "",
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


def moves(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "moves", lang)
    suits = suits_by_table(state)
    for table in state.tables:
        number = table.number
        plan = table.plan
        if not plan:
            if table.must_close and table.open:
                report.notes.append(
                    label("moves.no_plan", lang).format(table=number, suit=table.suit)
                )
            continue
        planned = plan.moves
        columns = _move_columns(lang)
        title = moves_section(number, table.suit, len(planned), lang)
        section = Section(title, columns)
        for move in planned:
            section.rows.append(
                [
                    text_cell(move.player, "bold"),
                    Cell(table_ref(move.from_table, suits), str(move.from_table)),
                    int_cell(move.from_seat),
                    Cell(table_ref(move.to_table, suits), str(move.to_table)),
                    int_cell(move.to_seat),
                    card_cell(move.card),
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
