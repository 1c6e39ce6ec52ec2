"""Complete events of 24 and 17 players with table closing, every number worked out by hand
(Titles III-V); the invariants are checked after every step (tests/tdhelpers/invariants.py)."""

from __future__ import annotations

import pytest
from tdhelpers.invariants import check
from tdhelpers.support import MakeService, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import (
    Bust,
    ClosePlan,
    CloseTable,
    Final,
    SecondStack,
    Start,
    second_stack_amount,
)
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.view import state_json
from tdconsole.service import Tournament


def seated(service: Tournament, table: int) -> list[str]:
    return [p.name for p in service.state.players_at(service.state.tables[table])]


def open_event(make_service: MakeService, n: int, seed: int) -> Tournament:
    service = make_service(seed=seed)
    service.execute(Register(names=names(n)))
    service.execute(Pay(names=names(n)))
    service.execute(Draw(seed=seed))
    service.execute(Start(stack=4000, big_blind=100))
    check(service)
    return service


def bust(service: Tournament, *who: str, stacks: list[int] | None = None) -> None:
    service.execute(Bust(names=list(who), stacks=stacks, declined=True))
    check(service)


def test_24_players_second_stacks_closing_final_and_prizes(make_service: MakeService) -> None:
    service = open_event(make_service, 24, seed=24)
    assert [len(service.state.players_at(t)) for t in service.state.open_tables()] == [
        8,
        8,
        8,
    ]  # II.1
    assert [t.chips for t in service.state.open_tables()] == [32000, 32000, 32000]
    t1 = seated(service, 1)

    # Second stacks at table 1 (III.3): 32000 / 8 = 4000, then 36000 / 8 = 4500.
    service.execute(SecondStack(name=t1[0], stack=0))
    service.execute(SecondStack(name=t1[1], stack=75))
    assert (service.state.find(t1[0]).second_stack, service.state.find(t1[1]).second_stack) == (
        4000,
        4500,
    )
    assert service.state.tables[1].chips == 40500
    assert service.state.tables[2].chips == 32000  # tables are independent (III.3, IV.3)
    check(service)

    service.execute(Bust(names=[t1[0]]))  # took it already: out, 24th
    assert service.state.find(t1[0]).place == 24
    # Now 40500 / 7 = 5785.7 → nearest 25: 5775 (III.3 Decision: halves up).
    doc = state_json(service.state, service.now())
    assert doc["tables"][0]["second_stack_now"] == 5775
    assert doc["tables"][1]["second_stack_now"] == 4000

    # Two out in one hand with equal stacks: places 22-23 shared, both show 22.
    bust(service, t1[2], t1[3], stacks=[3000, 3000])
    assert (service.state.find(t1[2]).place, service.state.find(t1[3]).place) == (22, 22)
    assert service.state.find(t1[2]).tied and service.state.find(t1[2]).prize is None
    bust(service, t1[4])
    assert service.state.find(t1[4]).place == 21
    # Four left at table 1: no closing yet (IV.4).
    with pytest.raises(RuleError, match="still has 4 players") as early:
        service.execute(ClosePlan(table=1, seed=1))
    assert early.value.article == "IV.4"
    bust(service, t1[5])
    assert service.state.find(t1[5]).place == 20
    assert service.state.must_close(service.state.tables[1]) and not service.state.must_close(
        service.state.tables[2]
    )

    # The move plan (IV.4): three movers to tables of 8 and 8, fewest first → 2 + 1.
    service.execute(ClosePlan(table=1, seed=4))
    plan = service.state.tables[1].plan
    assert plan is not None and len(plan.moves) == 3
    destinations = sorted(t for _, t, _ in plan.moves)
    assert destinations in ([2, 2, 3], [2, 3, 3])
    movers = [service.state.players[key].name for key, _, _ in plan.moves]
    assert sorted(movers) == sorted([t1[1], t1[6], t1[7]])
    # Counts must add to C_1 = 40500 (chip ledger).
    with pytest.raises(
        RuleError, match=r"add up to 40 000 .* 40 500 chips in circulation \(-500\)"
    ) as off:
        service.execute(
            CloseTable(table=1, counts={movers[0]: 20000, movers[1]: 15000, movers[2]: 5000})
        )
    assert off.value.article == "IV.4"
    counts = {movers[0]: 20000, movers[1]: 15500, movers[2]: 5000}
    service.execute(CloseTable(table=1, counts=counts))
    assert not service.state.tables[1].open
    for key, table, seat in plan.moves:
        player = service.state.players[key]
        assert (player.table, player.seat, player.chips) == (table, seat, counts[player.name])
        assert service.state.tables[table].seat(seat).player == key
    assert sorted(len(service.state.players_at(service.state.tables[t])) for t in (2, 3)) == [9, 10]
    assert service.state.chips_in_play == 96000 + 4000 + 4500 == 104500
    check(service)

    # Ten more out, one at a time: places 19 .. 10; then nine are in and the final is due.
    others = [n for n in seated(service, 2) + seated(service, 3) if n != t1[1]]
    for place, name in zip(range(19, 9, -1), others, strict=False):
        bust(service, name)
        assert service.state.find(name).place == place
    assert service.state.in_play == 9 and service.state.final_due
    with pytest.raises(RuleError) as halted:
        bust(service, t1[1])
    assert halted.value.article == "IV.2"
    # Once the final is due no second stack is given (III.4): none is offered at any table.
    assert all(second_stack_amount(service.state, t) is None for t in service.state.open_tables())

    # The final (IV.5-IV.6, III.4): bonus = 104500 / 9 = 11611.1 → 11600, to the 8
    # finalists who never took a second stack.
    finalists = [p.name for p in service.state.in_players()]
    counts = dict.fromkeys(finalists, 11500)
    counts[finalists[0]] = 104500 - 11500 * 8
    service.execute(Final(counts=counts, seed=9))
    assert service.state.final_bonus == 11600
    assert [p.name for p in service.state.in_players() if p.bonus] == [
        n for n in finalists if n != t1[1]
    ]
    assert service.state.chips_in_play == 104500 + 8 * 11600 == 197300
    with pytest.raises(RuleError) as no_more:
        service.execute(SecondStack(name=finalists[1]))
    assert no_more.value.article in ("III.4", "IV.2")
    check(service)

    # Places 9 .. 4 one by one; 2nd and 3rd out in one hand with different stacks.
    order = [p.name for p in service.state.in_players()]
    expected = {9: None, 8: None, 7: None, 6: None, 5: "84", 4: "168"}
    for (place, prize), name in zip(expected.items(), order, strict=False):
        bust(service, name)
        player = service.state.find(name)
        assert player.place == place
        assert (str(player.prize) if player.prize else None) == prize
    bust(service, order[6], order[7], stacks=[3000, 5000])
    assert (service.state.find(order[7]).place, str(service.state.find(order[7]).prize)) == (
        2,
        "420",
    )
    assert (service.state.find(order[6]).place, str(service.state.find(order[6]).prize)) == (
        3,
        "252",
    )
    winner = service.state.find(order[8])
    assert service.state.phase == "finished"
    assert (winner.place, str(winner.prize)) == (1, "756")
    check(service)


def test_17_players_closing_and_final(make_service: MakeService) -> None:
    """17: tables of 6, 6, 5 (warned, II.1); table 3's amounts; its closing; bonus 8000."""
    service = open_event(make_service, 17, seed=17)
    assert [len(service.state.players_at(t)) for t in service.state.open_tables()] == [6, 6, 5]
    t3 = seated(service, 3)
    service.execute(SecondStack(name=t3[0], stack=0))  # 20000 / 5 = 4000
    assert service.state.find(t3[0]).second_stack == 4000 and service.state.tables[3].chips == 24000
    service.execute(Bust(names=[t3[0]]))
    assert service.state.find(t3[0]).place == 17

    assert second_stack_amount(service.state, service.state.tables[3]) == 6000  # 24000 / 4
    bust(service, t3[1])
    assert service.state.must_close(service.state.tables[3])
    movers = seated(service, 3)
    service.execute(
        CloseTable(table=3, counts=dict(zip(movers, [10000, 9000, 5000], strict=True)), seed=2)
    )
    assert sorted(len(service.state.players_at(service.state.tables[t])) for t in (1, 2)) == [7, 8]
    check(service)
    others = seated(service, 1) + seated(service, 2)
    for name in others[:6]:
        bust(service, name)
    assert service.state.final_due and service.state.in_play == 9
    finalists = [p.name for p in service.state.in_players()]
    total = service.state.chips_in_play
    assert total == 68000 + 4000
    counts = dict.fromkeys(finalists, 8000)
    service.execute(Final(counts=counts, seed=1))
    assert service.state.final_bonus == 8000  # 72000 / 9
    assert all(p.bonus == 8000 for p in service.state.in_players())
    order = [p.name for p in service.state.in_players()]
    for name in order[:8]:
        bust(service, name)
    # 17 × 70 = 1190 → 537 / 297 / 178 / 119 / 59 (V.1).
    prizes = {
        service.state.find(n).place: str(service.state.find(n).prize)
        for n in order
        if service.state.find(n).prize
    }
    assert prizes == {5: "59", 4: "119", 3: "178", 2: "297", 1: "537"}
    check(service)


def test_table_dropping_from_5_to_2_in_one_hand(make_service: MakeService) -> None:
    service = open_event(make_service, 17, seed=5)
    t3 = seated(service, 3)
    bust(service, t3[0], t3[1], t3[2], stacks=[900, 500, 100])
    assert [service.state.find(n).place for n in t3[:3]] == [15, 16, 17]
    assert service.state.must_close(service.state.tables[3])
    movers = seated(service, 3)
    assert len(movers) == 2
    service.execute(
        CloseTable(table=3, counts=dict(zip(movers, [12000, 8000], strict=True)), seed=1)
    )
    check(service)


def test_closing_table_does_not_fit_then_raise_table_seats(make_service: MakeService) -> None:
    """Two tables of 8 and 8; table 1 drops to 3, and 8 + 3 = 11 > 10 seats:
    refused with the options (IV.4, VII.1); `set table_seats=11` makes room."""
    service = open_event(make_service, 16, seed=3)
    assert [len(service.state.players_at(t)) for t in service.state.open_tables()] == [8, 8]
    bust(service, *seated(service, 1)[:5], stacks=[500, 400, 300, 200, 100])
    with pytest.raises(RuleError, match="table_seats") as full:
        service.execute(ClosePlan(table=1))
    assert full.value.article == "IV.4"
    service.execute(ChangeSettings(assignments=[("table_seats", "11")]))
    assert len(service.state.tables[2].seats) == 11
    movers = seated(service, 1)
    service.execute(
        CloseTable(table=1, counts=dict(zip(movers, [16000, 10000, 6000], strict=True)))
    )
    assert len(service.state.players_at(service.state.tables[2])) == 11
    check(service)


def test_final_with_fewer_than_nine_and_override(make_service: MakeService) -> None:
    """IV.2: several out in one hand can leave fewer than nine finalists; a count difference
    is accepted only with a reason and recorded as a ledger adjustment."""
    service = open_event(make_service, 12, seed=12)
    t1, t2 = seated(service, 1), seated(service, 2)
    bust(service, t1[0], t1[1], t2[0], t2[1], t2[2], stacks=[125, 100, 75, 50, 25])
    assert service.state.in_play == 7 and service.state.final_due
    finalists = [p.name for p in service.state.in_players()]
    counts = dict.fromkeys(finalists, 6875)  # 7 × 6875 = 48125, 125 more than the 48000
    with pytest.raises(RuleError, match=r"\+125"):
        service.execute(Final(counts=counts))
    service.execute(Final(counts=counts, override="a chip found under the table"))
    assert service.state.final_bonus == 6875  # 48125 / 7
    assert service.state.adjusted == 125
    assert len([s for s in next(iter(service.state.open_tables())).seats if s.player]) == 7
    check(service)


def test_event_of_nine_starts_as_the_final(make_service: MakeService) -> None:
    """≤ 9 players: one table, which is the final (II.1, IV.2); no III.4 bonus."""
    service = open_event(make_service, 7, seed=7)
    assert service.state.phase == "final"
    table = next(iter(service.state.open_tables()))
    assert table.final and len(table.seats) == 9
    assert service.state.final_bonus is None
    with pytest.raises(RuleError) as no_dote:
        service.execute(SecondStack(name=service.state.in_players()[0].name))
    assert no_dote.value.article in ("III.4", "III.2")
    for player in service.state.in_players()[:6]:
        bust(service, player.name)
    assert service.state.phase == "finished"
    check(service)
