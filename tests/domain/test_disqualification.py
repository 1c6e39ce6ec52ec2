"""Art. VI.2: a disqualified player forfeits his prize and keeps the place at which he left,
marked DQ (rules.md's Decision); nobody else's place moves, and the prize of his place passes
to the better places (Decision, in the manner of V.1), so the prizes still add up to the pool."""

from __future__ import annotations

import pytest
from tdhelpers.invariants import check
from tdhelpers.support import MakeService, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust, Final, Start
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.domain.view import payouts_json, state_json
from tdconsole.service import Tournament


def started(make_service: MakeService) -> Tournament:
    """Six paid players, drawn to one table of six (a final from the start), started."""
    service = make_service(seed=6)
    service.execute(Register(names=names(6)))
    service.execute(Pay(names=names(6)))
    service.execute(Draw(seed=6))
    service.execute(Start(stack=4000, big_blind=100))
    return service


def test_disqualification_in_a_small_final(make_service: MakeService) -> None:
    """6 entrants, pool 420: 189 / 105 / 63 / 42 / 21. Places 6 and 5 go out; then a
    disqualification with 4 in leaves place 4 empty: its 42 is spread over places 1-3 in
    proportion 45 : 25 : 15 → 22.2, 12.4, 7.4 → 22, 12, 7 and the scudo left to 1st:
    212 / 117 / 70. Paid in all: 21 + 70 + 117 + 212 = 420."""
    service = started(make_service)
    order = [p.name for p in service.state.in_players()]
    service.execute(Bust(names=[order[0]]))  # 6th, a final from the start: no second stack
    service.execute(Bust(names=[order[1]]))
    out = service.state.find(order[1])
    assert (out.place, str(out.prize)) == (5, "21")
    with pytest.raises(RuleError) as no_reason:
        service.execute(Disqualify(name=order[2], reason=" "))
    assert no_reason.value.article == "VII.1"
    service.execute(Disqualify(name=order[2], reason="marked cards", chips=4000))
    dq = service.state.find(order[2])
    assert (dq.status, dq.place, dq.prize) == ("disqualified", 4, None)
    assert service.state.removed == 4000 and service.state.chips_in_play == 20000
    rows = {row["place"]: row["amount"] for row in payouts_json(service.state)}
    assert rows == {1: "212", 2: "117", 3: "70", 4: "0", 5: "21"}
    check(service)
    service.execute(Bust(names=[order[3]]))
    out = service.state.find(order[3])
    assert (out.place, str(out.prize)) == (3, "70")
    service.execute(Bust(names=[order[4]]))
    assert str(service.state.find(order[4]).prize) == "117"
    winner = service.state.find(order[5])
    assert (service.state.phase, winner.place, str(winner.prize)) == ("finished", 1, "212")
    check(service)  # prizes sum to the pool


def test_disqualifying_the_second_to_last_ends_the_event(make_service: MakeService) -> None:
    service = make_service(seed=2)
    service.execute(Register(names=names(2)))
    service.execute(Pay(names=names(2)))
    service.execute(Draw(seed=2))
    service.execute(Start(stack=4000, big_blind=100))
    service.execute(Disqualify(name="Player 01", reason="abuse"))
    winner = service.state.find("Player 02")
    assert (service.state.phase, winner.place, str(winner.prize)) == ("finished", 1, "140")
    check(service)


def test_a_disqualification_and_a_warning_are_numbered_entries_of_the_rulings_log(
    make_service: MakeService,
) -> None:
    service = started(make_service)
    first, second = (p.name for p in service.state.in_players()[:2])
    service.execute(Sanction(name=first, kind="warning", reason="slow play"))
    table = service.state.find(second).table
    service.execute(Disqualify(name=second, reason="marked cards", chips=4000))
    warning, dq = service.state.rulings
    assert (warning.id, warning.sanction, warning.players, warning.served) == (
        1,
        "warning",
        [first],
        None,
    )
    assert (dq.id, dq.kind, dq.sanction, dq.articles) == (2, "sanction", "disqualify", ["VI.2"])
    assert (dq.players, dq.table, dq.text, dq.director) == (
        [second],
        table,
        "marked cards",
        service.state.settings.director,
    )
    assert (dq.orbits, dq.served) == (None, None)


def test_places_read_without_a_gap_after_a_disqualification(make_service: MakeService) -> None:
    """P3 disqualified among 14 (after two eliminations) keeps the 12th
    place, marked DQ and without a prize; the next out is 11th, and every list shows him at
    12th: the state's players, the standings and the payouts' table."""
    service = make_service(seed=14)
    service.execute(Register(names=names(14)))
    service.execute(Pay(names=names(14)))
    service.execute(Draw(seed=14))
    service.execute(Start(stack=4000, big_blind=100))
    service.execute(Bust(names=["Player 01"], declined=True))
    service.execute(Bust(names=["Player 02"], declined=True))
    service.execute(Disqualify(name="Player 03", reason="collusion", chips=4000))
    service.execute(Bust(names=["Player 04"], declined=True))
    places = [service.state.find(f"Player {i:02d}").place for i in range(1, 5)]
    assert places == [14, 13, 12, 11]
    dq = service.state.find("Player 03")
    assert (dq.status, dq.prize, dq.tied) == ("disqualified", None, False)
    document = state_json(service.state, service.now())
    shown = {p["name"]: (p["place"], p["status"], p["prize"]) for p in document["players"]}
    assert shown["Player 03"] == (12, "disqualified", None)
    check(service)
    service.execute(Bust(names=["Player 05"], declined=True))
    finalists = [p.name for p in service.state.in_players()]
    counts = dict.fromkeys(finalists, 5775) | {
        finalists[-1]: service.state.chips_in_play - 8 * 5775
    }
    service.execute(Final(counts=counts, seed=1))
    for i in range(6, 14):
        service.execute(Bust(names=[f"Player {i:02d}"]))
    assert service.state.phase == "finished"
    final = sorted(p.place for p in service.state.players.values() if p.place is not None)
    assert final == list(range(1, 15))  # 1..14, no gap and none twice
    check(service)


@pytest.mark.parametrize("kind", ["warning", "disqualify"])
def test_orbits_with_a_sanction_other_than_a_suspension_are_refused(
    make_service: MakeService, kind: str
) -> None:
    """VI.2: orbits measure a suspension only; given with a warning or a disqualification they
    are refused, and nothing is recorded (not a disqualification that drops them)."""
    service = started(make_service)
    first = service.state.in_players()[0].name
    with pytest.raises(RuleError, match="--orbits goes with a suspension only") as refused:
        service.execute(Sanction(name=first, kind=kind, orbits=2, reason="marked cards"))
    assert refused.value.article == "VI.2"
    assert service.state.rulings == []
    assert service.state.find(first).status == "in"  # type: ignore[union-attr]
