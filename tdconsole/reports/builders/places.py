"""The reports ordered by place: standings, payouts and results."""

from __future__ import annotations

from decimal import Decimal

from tdconsole.domain.read_model import PlayerView, StateView, paid_beyond_the_table
from tdconsole.reports.builders.common import (
    name_cell,
    percent_shown,
    phase_fact,
    place_text,
    pool_facts,
    report_head,
    stack_extra,
)
from tdconsole.reports.model import (
    Cell,
    Column,
    Report,
    Section,
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
from tdconsole.words.reports import Lang, label

# -- standings -----------------------------------------------------------------------------------


def standings(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "standings", lang)
    phase = phase_fact(report, state, lang)
    report.facts += pool_facts(state, lang)
    report.facts.append((label("in_play", lang), str(state.in_play)))
    for key, n in (("chips_in_play", state.chips_in_play), ("average_stack", state.average_stack)):
        if n:
            report.facts.append((label(key, lang), group(n)))
    if state.final_bonus is not None:
        report.facts.append((label("final_bonus", lang), group(state.final_bonus)))

    players = state.players
    playing = [p for p in players if p.status == "in"]
    playing.sort(key=lambda p: (-(p.chips or -1), p.table or 0, p.seat or 0))
    waiting = [p for p in players if p.status in ("registered", "waitlisted", "withdrawn")]
    # A disqualified player is listed at the place at which he left (rules.md, VI.2).
    gone = [p for p in players if p.status in ("out", "disqualified")]
    gone.sort(key=lambda p: p.place or 10**6)
    disqualified = [p for p in players if p.status == "disqualified"]

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
        counted = p.chips is not None
        place = place_text(p, lang) if finished else (str(rank) if counted else "")
        section.rows.append(_standing_row(p, place, lang, seated=not finished))
    for p in gone:
        section.rows.append(_standing_row(p, place_text(p, lang), lang))
    report.sections.append(section)
    # Places read 1, 2, 3… without a gap: whoever never played (not paid, waiting) is listed
    # apart, after them; before the draw they are the whole list.
    if phase == "registration":
        section.rows += [_standing_row(p, "", lang) for p in waiting]
    elif waiting:
        apart = Section(label("never_played", lang), columns)
        apart.rows += [_standing_row(p, "", lang) for p in waiting]
        report.sections.append(apart)
    if any(p.tied for p in players):
        report.notes.append(f"= {label('tie', lang)}: {label('tie.note', lang)}")
    if disqualified:
        report.notes.append(f"DQ: {label('dq.note', lang)}")
    if any(p.second_stack is not None or p.bonus is not None for p in players):
        report.notes.append(label("second_stack.note", lang))
    if state.final_due:
        report.notes.append(label("final_due", lang))
    return report


def _standing_row(p: PlayerView, place: str, lang: Lang, seated: bool = False) -> list[Cell]:
    status = p.status
    place_plain = place.rstrip("=").removesuffix("DQ").strip()
    return [
        Cell(place, place_plain),
        name_cell(p, lang),
        int_cell(p.table) if seated else Cell("", ""),
        int_cell(p.seat) if seated else Cell("", ""),
        card_cell(p.card) if seated else Cell("", ""),
        chips_cell(p.chips) if status == "in" else Cell("", ""),
        stack_extra(p),
        money_cell(p.prize) if p.prize is not None else empty_cell(),
        _status_cell(p, status, lang),
        word(label("yes", lang)) if p.tied else empty_cell(),
    ]


def _status_cell(p: PlayerView, status: str, lang: Lang) -> Cell:
    """Status in CSV always; on paper only before the draw (who is registered, who has paid)."""
    if not status:
        return empty_cell()
    plain = label(f"status.{status}", lang)
    if status == "withdrawn":  # listed with those who did not play: why he did not
        return Cell(plain, plain, "muted")
    if status not in ("registered", "waitlisted"):
        return Cell("", plain)
    text = plain if p.paid else f"{plain}, {label('unpaid', lang)}"
    return Cell(text, plain, "" if p.paid else "muted")


# -- payouts -------------------------------------------------------------------------------------


def payouts(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "payouts", lang)
    report.facts += pool_facts(state, lang)
    players = {p.name: p for p in state.players}
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
    for row in state.payouts:
        name = row.player
        player = players.get(name) if name is not None else None
        amount = row.amount
        total_amount += amount
        total_percent += Decimal(str(row.percent))
        prize = player.prize if player else None
        if prize is not None:
            any_prize = True
            total_prize += prize
        tied = bool(player and player.tied)
        place = str(row.player_place or row.place)  # a tie: the shared place (V.1)
        percent = percent_shown(row.percent)
        section.rows.append(
            [
                Cell(f"{place}=" if tied else place, place),
                Cell(percent, percent),
                money_cell(amount),
                text_cell(name) if name is not None else empty_cell(),
                money_cell(prize) if prize is not None else empty_cell(),
                word(label("yes", lang)) if tied else empty_cell(),
            ]
        )
    # Tied with a paid place's holder, beyond the table's last row: they share its prize (V.1).
    for result in paid_beyond_the_table(state.payouts, state.results):
        name = result.player
        prize = result.prize
        any_prize = True
        total_prize += prize
        place = str(result.place)
        section.rows.append(
            [
                Cell(f"{place}=", place),
                empty_cell(),
                empty_cell(),
                text_cell(name),
                money_cell(prize),
                word(label("yes", lang)),
            ]
        )
    section.total = [
        Cell(label("total", lang), ""),
        Cell(percent_shown(total_percent), ""),
        Cell(f"{money_text(total_amount)}", money_plain(total_amount), "bold"),
        empty_cell(),
        Cell(money_text(total_prize), money_plain(total_prize), "bold")
        if any_prize
        else empty_cell(),
        empty_cell(),
    ]
    report.sections.append(section)
    report.notes.append(label("payouts.note", lang))
    if any(p.tied and p.prize is not None for p in players.values()):
        report.notes.append(f"= {label('tie', lang)}: {label('tie.note', lang)}")
    return report


# -- results -------------------------------------------------------------------------------------


def results(state: StateView, lang: Lang) -> Report:
    report = report_head(state, "results", lang)
    phase = phase_fact(report, state, lang)
    report.facts += pool_facts(state, lang)
    if phase != "finished":
        report.facts.append((label("in_play", lang), str(state.in_play)))
    players = state.players
    # A disqualified player at the place at which he left, without a prize (rules.md, VI.2);
    # one from an older document without a place is listed after the places.
    disqualified = [p for p in players if p.status == "disqualified"]
    placed = [p for p in players if p.place is not None or p.status == "disqualified"]
    placed.sort(key=lambda p: p.place or 10**6)  # stable: state's order
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
        prize = p.prize
        total += prize or Decimal(0)
        place = str(p.place or "")
        tied = p.tied
        if p.status == "disqualified":
            dq = label("dq", lang)
            shown = f"{place} DQ" if place else "DQ"
            section.rows.append(
                [
                    Cell(shown, place, "muted"),
                    text_cell(p.name),
                    empty_cell(),
                    empty_cell(),
                    word(dq),
                ]
            )
            continue
        section.rows.append(
            [
                Cell(place_text(p, lang, long=True), place, "bold" if place == "1" else ""),
                text_cell(p.name, "bold" if place == "1" else ""),
                money_cell(prize) if prize is not None else empty_cell(),
                word(label("yes", lang)) if tied else empty_cell(),
                word(label(f"status.{p.status or 'out'}", lang)),
            ]
        )
    section.total = [
        Cell(label("prizes_paid", lang), ""),
        empty_cell(),
        Cell(f"{money_text(total)}", money_plain(total), "bold"),
        empty_cell(),
        empty_cell(),
    ]
    report.sections.append(section)
    if any(p.tied for p in placed):
        report.notes.append(f"{label('tie', lang)}: {label('tie.note', lang)}")
    if disqualified:
        report.notes.append(f"DQ: {label('dq.note', lang)}")
    return report
