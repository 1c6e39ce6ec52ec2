"""The Director's options when a closing has no room, his move of one player (IV.4, VII.1),
and the colour-up (a Decision: the smallest chip leaves, each stack rounded up)."""

from __future__ import annotations

import pytest
from tdhelpers.invariants import check
from tdhelpers.support import MakeService, names, terminal

from tdconsole.domain.colour_up import rounded_up
from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust, ClosePlan, CloseTable, Count, Start
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.close_plan import seats_for_closing
from tdconsole.domain.slices.close_plan_seats import ClosePlanRaisingSeats
from tdconsole.domain.slices.colour_up import ColourUp
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.move_player import MovePlayer
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.summaries import summary_text
from tdconsole.service import Tournament


def full_room(make_service: MakeService) -> Tournament:
    """24 players at 3 tables of 8 with 8 seats a table: table 1 down to 3, no room."""
    service = make_service(seed=4)
    players = names(24)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(ChangeSettings(assignments=[("table_seats", "8")]))
    service.execute(Draw(seed=4))
    service.execute(Start(stack=4000, big_blind=100))
    while len(service.state.players_at(service.state.tables[1])) > 3:
        last = service.state.players_at(service.state.tables[1])[-1]
        service.execute(Bust(names=[last.name], declined=True))
    return service


def test_a_closing_with_no_room_offers_the_seats_it_needs(make_service: MakeService) -> None:
    service = full_room(make_service)
    table = service.state.tables[1]
    assert seats_for_closing(service.state, table) == 10  # 8 seats: 0 free; 9: 2; 10: 4
    with pytest.raises(RuleError) as refused:
        service.execute(ClosePlan(table=1, seed=1))
    assert refused.value.article == "IV.4"
    assert "close 1 --plan --seats 10" in str(refused.value)
    assert refused.value.text("it").startswith(
        "3 giocatori al tavolo 1, ma gli altri tavoli hanno solo 0 posti liberi con 8 posti per "
        "tavolo (table_seats): alza i posti per questa chiusura"
    )
    # Not enough seats still: refused by the draw (IV.4), nothing recorded.
    with pytest.raises(RuleError, match="2 seats free at 9 seats a table"):
        service.execute(ClosePlanRaisingSeats(table=1, seats=9, seed=1))
    assert service.state.settings.seating.table_seats == 8
    with pytest.raises(RuleError) as fewer:
        service.execute(ClosePlanRaisingSeats(table=1, seats=8, seed=1))
    assert fewer.value.article == "VII.1"
    # Raised for this closing: one command, the setting change and the plan.
    records = service.execute(ClosePlanRaisingSeats(table=1, seats=10, seed=1))
    state = service.state
    assert state.settings.seating.table_seats == 10
    assert state.tables[1].plan is not None and len(state.tables[1].plan.moves) == 3
    assert {t for _, t, _ in state.tables[1].plan.moves} <= {2, 3}
    assert [r.type for r in records] == ["command", "setting_changed", "close_plan_drawn"]
    assert summary_text(records[0].body.summary, "it") == (  # type: ignore[attr-defined]
        "piano degli spostamenti del tavolo 1, posti per tavolo portati a 10"
    )
    service.undo()
    assert service.state.settings.seating.table_seats == 8
    assert service.state.tables[1].plan is None
    service.redo()
    movers = service.state.players_at(service.state.tables[1])
    counts = {p.name: 4000 for p in movers}
    counts[movers[0].name] = service.state.tables[1].chips - 4000 * (len(movers) - 1)
    service.execute(CloseTable(table=1, counts=counts))
    assert not service.state.tables[1].open
    check(service)


def two_tables(make_service: MakeService) -> Tournament:
    """16 players drawn to 2 tables of 8, started."""
    service = make_service(seed=2)
    players = names(16)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=2))
    service.execute(Start(stack=4000, big_blind=100))
    return service


def test_the_director_moves_one_player_with_his_chips(make_service: MakeService) -> None:
    service = two_tables(make_service)
    state = service.state
    mover = state.players_at(state.tables[1])[0]
    service.execute(Count(counts={mover.name: 5200}))
    free = next(s.number for s in state.tables[2].seats if s.player is None)
    taken = next(s.number for s in state.tables[2].seats if s.player is not None)
    with pytest.raises(RuleError) as no_reason:
        service.execute(MovePlayer(name=mover.name, table=2, seat=free, reason=" "))
    assert no_reason.value.article == "VII.1"
    with pytest.raises(RuleError, match="is taken by"):
        service.execute(MovePlayer(name=mover.name, table=2, seat=taken, reason="sedia rotta"))
    before = (state.tables[1].chips, state.tables[2].chips)
    records = service.execute(
        MovePlayer(name=mover.name.upper(), table=2, seat=free, reason="sedia rotta")
    )
    state = service.state
    moved = state.find(mover.name)
    assert moved is not None and (moved.table, moved.seat, moved.chips) == (2, free, 5200)
    assert (state.tables[1].chips, state.tables[2].chips) == (before[0] - 5200, before[1] + 5200)
    assert state.tables[2].seat(free).player is not None
    assert all(s.player != mover.name.casefold() for s in state.tables[1].seats)
    record = records[-1].body
    assert record.type == "player_moved" and record.reason == "sedia rotta"  # type: ignore[attr-defined]
    assert summary_text(records[0].body.summary, "it").startswith(  # type: ignore[attr-defined]
        "spostamento deciso dal Direttore: "
    )
    check(service)


def test_only_the_director_moves_a_player(make_service: MakeService) -> None:
    service = make_service(name="floor", seed=2)
    players = names(16)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=2))
    service.execute(Start(stack=4000, big_blind=100))
    name = service.state.players_at(service.state.tables[1])[0].name
    floor = terminal(service, role="floor", actor="Bruno")
    try:
        with pytest.raises(RuleError) as refused:
            floor.execute(MovePlayer(name=name, table=2, seat=9, reason="lite"))
        assert refused.value.article == "VII.1"
    finally:
        floor.close()


def test_the_colour_up_rounds_each_stack_up_and_keeps_the_ledger(
    make_service: MakeService,
) -> None:
    service = make_service(seed=3)
    players = names(12)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=3))
    service.execute(Start(stack=4000, big_blind=100))
    state = service.state
    t1 = state.tables[1]
    a, b, *rest = state.players_at(t1)
    # A won 1 025 from B at table 1.
    service.execute(Count(counts={a.name: 5025, b.name: 2975}))
    counts = {p.name: rounded_up(p.chips or 4000, 100) for p in service.state.in_players()}
    assert counts[a.name] == 5100 and counts[b.name] == 3000
    # Level 1 (50/100) still needs the 25 chip: not yet (the Decision), nothing recorded.
    seq = service.state.last_seq
    with pytest.raises(RuleError) as too_soon:
        service.execute(ColourUp(counts=counts))
    assert too_soon.value.article == "VII.1"
    assert "level 1 (50/100) still needs the 25 chip: colour up after level 1" in str(
        too_soon.value
    )
    assert service.state.last_seq == seq
    service.execute(ClockControl(action="next"))  # level 2, 100/200: the 25s are not needed
    # A count beyond the rounding is refused (VII.1), nothing changed.
    wrong = dict(counts, **{a.name: 5500})
    with pytest.raises(RuleError) as refused:
        service.execute(ColourUp(counts=wrong))
    assert refused.value.article == "VII.1" and "+500" in str(refused.value)
    with pytest.raises(RuleError, match="missing"):
        service.execute(ColourUp(counts={a.name: 5100}))
    with pytest.raises(RuleError, match="multiple of the new chip"):
        service.execute(ColourUp(counts=dict(counts, **{a.name: 5025})))
    chips_before, table_before = service.state.chips_in_play, service.state.tables[1].chips
    records = service.execute(ColourUp(counts=counts))
    state = service.state
    assert state.settings.stacks.chip_unit == 100
    assert state.chips_in_play == chips_before + 100  # 75 + 25 rounded up at table 1
    assert state.tables[1].chips == table_before + 100
    assert state.adjusted == 100
    check(service)
    # Counts are multiples of the new chip from now on.
    with pytest.raises(RuleError, match="smallest chip"):
        service.execute(Count(counts={a.name: 5125}))
    # So are the blinds of levels edited from now on: 1,700 would need a small blind of 850.
    with pytest.raises(RuleError, match=r"multiple of 200 \(twice the smallest chip, 100\)"):
        service.execute(EditLevel(level=5, big_blind=1700))
    service.execute(EditLevel(level=5, big_blind=1800))
    assert service.state.structure.big_blind(5) == 1800
    assert summary_text(records[0].body.summary, "it") == "cambio dei gettoni"  # type: ignore[attr-defined]
    _ = rest


def test_a_move_at_the_final_table_is_refused_naming_the_final_table(
    make_service: MakeService,
) -> None:
    """The final table is called the final table in the refusals too (IV.1), not by number."""
    service = make_service(seed=2)
    players = names(6)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=2))
    service.execute(Start(stack=4000, big_blind=100))
    table = next(iter(service.state.open_tables()))
    assert table.final
    first, second = service.state.players_at(table)[:2]
    assert first.seat is not None and second.seat is not None
    with pytest.raises(RuleError) as past:
        service.execute(
            MovePlayer(name=first.name, table=table.number, seat=99, reason="sedia rotta")
        )
    assert past.value.text("en") == "the final table has seats 1 to 9 (Art. VII.1)"
    assert past.value.text("it").startswith("il tavolo finale ha i posti da 1 a 9")
    with pytest.raises(RuleError) as taken:
        service.execute(
            MovePlayer(name=first.name, table=table.number, seat=second.seat, reason="sedia rotta")
        )
    assert taken.value.text("en").startswith(
        f"seat {second.seat} at the final table is taken by {second.name}"
    )


def test_a_move_with_more_chips_than_the_table_has_is_refused_by_the_ledger(
    make_service: MakeService,
) -> None:
    """The chips a moved player carries are counted at his table: more than its C_t is the
    chip ledger's refusal (III.3), the same as any count there; nothing is recorded."""
    service = two_tables(make_service)
    state = service.state
    mover = state.players_at(state.tables[1])[0]
    free = next(s.number for s in state.tables[2].seats if s.player is None)
    too_many = state.tables[1].chips + 100
    with pytest.raises(RuleError) as refused:
        service.execute(
            MovePlayer(name=mover.name, table=2, seat=free, chips=too_many, reason="sedia rotta")
        )
    assert refused.value.article == "III.3"
    assert "in circulation" in str(refused.value)
    assert service.state.players[mover.name.casefold()].table == 1
