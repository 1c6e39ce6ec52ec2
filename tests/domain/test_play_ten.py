"""A complete 10-player event, every number worked out by hand (Titles III-V)."""

from __future__ import annotations

import pytest
from tdhelpers.invariants import check
from tdhelpers.support import MakeService, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust, Count, Final, SecondStack, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register


def test_ten_players_to_the_winner(make_service: MakeService) -> None:
    """10 players: two tables of 5 (no balanced 6-8 split exists, II.1 Decision), one bust
    makes the final due (IV.2), the III.4 bonus, then the final to the end (IV.7)."""
    service = make_service(seed=10)
    players = names(10)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=10))
    state = service.state
    assert [len(state.players_at(t)) for t in state.open_tables()] == [5, 5]
    service.execute(Start(stack=4000, big_blind=100))
    check(service)
    t1, t2 = service.state.open_tables()
    # C_1 = C_2 = 5 x 4000 = 20000 (III.3).
    assert (t1.chips, t2.chips) == (20000, 20000)
    a, b, *_ = [p.name for p in service.state.players_at(t1)]

    # A busts: he may still take the second stack, 20000 / 5 = 4000 (III.2).
    with pytest.raises(RuleError, match="second stack of 4 000 chips") as refused:
        service.execute(Bust(names=[a]))
    assert refused.value.article == "III.2"
    service.execute(SecondStack(name=a, stack=0))
    assert service.state.find(a).second_stack == 4000
    assert service.state.tables[t1.number].chips == 24000  # C_1 grows by A
    # B asks too: 24000 / 5 = 4800 (the amount grows as the table's circulation does).
    service.execute(SecondStack(name=b, stack=50))
    assert service.state.find(b).second_stack == 4800
    assert service.state.find(b).chips == 4850
    with pytest.raises(RuleError) as twice:
        service.execute(SecondStack(name=b))
    assert twice.value.article == "III.3"
    check(service)

    # A busts again: he has taken it, so he is out: 10th of 10 (no prize: 5 paid places).
    service.execute(Bust(names=[a]))
    out = service.state.find(a)
    assert (out.status, out.place, out.prize) == ("out", 10, None)
    assert service.state.final_due  # nine are in (IV.2)
    with pytest.raises(RuleError) as stopped:
        service.execute(SecondStack(name=b))
    assert stopped.value.article == "IV.2"
    check(service)

    # The final: counts must add to the chips in play, 28800 + 20000 = 48800.
    finalists = [p.name for p in service.state.in_players()]
    counts = dict.fromkeys(finalists, 5400)
    counts[finalists[0]] = 48800 - 5400 * 8  # 5600
    with pytest.raises(RuleError, match="add up to"):
        service.execute(Final(counts={**counts, finalists[0]: 5625}))
    service.execute(Count(counts={finalists[1]: 5400}))
    service.execute(Final(counts=counts, seed=3))
    # Bonus (III.4) = 48800 / 9 = 5422.2 -> nearest 25 = 5425, to the 8 who never took one.
    state = service.state
    assert state.final_bonus == 5425
    assert state.phase == "final"
    assert state.find(b).bonus is None and state.find(b).chips == 5400
    bonus_takers = [p for p in state.in_players() if p.bonus == 5425]
    assert len(bonus_takers) == 8
    assert state.chips_in_play == 48800 + 8 * 5425  # 92200
    final = next(t for t in state.tables.values() if t.final)
    assert final.button == 1 and final.seats[0].card.startswith("A")
    check(service)

    # Prize pool 10 x 70 = 700: 315 / 175 / 105 / 70 / 35 (V.1).
    order = [p.name for p in state.in_players()]
    for name in order[:4]:  # places 9, 8, 7, 6
        service.execute(Bust(names=[name]))
        check(service)
    # Two out in one hand with equal stacks: places 4-5 shared, 70 + 35 = 105 pooled,
    # 52 each and the leftover scudo to the first registered.
    service.execute(Bust(names=[order[5], order[4]], stacks=[900, 900]))
    p4, p5 = service.state.find(order[4]), service.state.find(order[5])
    assert (p4.place, p5.place, p4.tied, p5.tied) == (4, 4, True, True)
    assert sorted([str(p4.prize), str(p5.prize)]) == ["52", "53"]
    first_registered = min((p4, p5), key=lambda p: p.order)
    assert str(first_registered.prize) == "53"
    check(service)
    service.execute(Bust(names=[order[6]]))
    assert str(service.state.find(order[6]).prize) == "105"
    service.execute(Bust(names=[order[7]]))
    assert str(service.state.find(order[7]).prize) == "175"
    winner = service.state.find(order[8])
    assert service.state.phase == "finished"
    assert (winner.status, winner.place, str(winner.prize)) == ("in", 1, "315")
    check(service)
    with pytest.raises(RuleError) as over:
        service.execute(Bust(names=[order[8]]))
    assert over.value.article == "IV.7"


def test_undo_of_the_elimination_that_made_the_final_due(make_service: MakeService) -> None:
    """Undo restores the player, his seat and the phase (IV.2)."""
    service = make_service(seed=2)
    players = names(10)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=2))
    service.execute(Start(stack=4000, big_blind=100))
    victim = service.state.in_players()[0]
    table, seat = victim.table, victim.seat
    service.execute(Bust(names=[victim.name], declined=True))
    assert service.state.final_due
    summary = service.undo("wrong player")
    assert "eliminated" in summary
    again = service.state.find(victim.name)
    assert (again.status, again.table, again.seat, again.place) == ("in", table, seat, None)
    assert not service.state.final_due
    check(service)
    service.redo()
    assert service.state.final_due
    check(service)
