"""A prize is due when its place is decided and paid when the Director records he handed it
over (rules.md's Decision on I.7 / V.1): one command, undone and replayed like any other; the
cash box gives up only the prizes handed over. An event recorded before handovers were
recorded counts a decided prize as paid, as it did."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest
from tdhelpers.support import FakeClock, MakeService, names, started, terminal

from tdconsole.domain.cash import cash, cash_json
from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust
from tdconsole.domain.slices.hand_over import HandOverPrize, PrizeHandedOver
from tdconsole.domain.summaries import summary_text
from tdconsole.service import Tournament


def six(make_service: MakeService) -> Tournament:
    """Six paid, four of them food: pool 420 (189 / 105 / 63 / 42 / 21)."""
    return started(make_service(seed=6), names(6), names(4), seed=6)


def bust(service: Tournament, count: int) -> list[str]:
    """The first ``count`` players in, eliminated one a hand (6th, 5th, ...)."""
    out = [p.name for p in service.state.in_players()][:count]
    for name in out:
        service.execute(Bust(names=[name]))
    return out


def test_a_decided_prize_is_due_until_handed_over(
    make_service: MakeService, clock: FakeClock
) -> None:
    """The 6th is unpaid, the 5th (21) and 4th (42) due: still in the box (420 + 80 = 500).
    The 4th's handed over: 42 leaves the box, 21 stays due."""
    service = six(make_service)
    fourth = bust(service, 3)[2]
    before = cash_json(service.state)
    assert before["prizes_paid"] == "63" and before["prizes_paid_count"] == 2
    assert before["prizes_due"] == "357"
    assert (before["prizes_handed_over"], before["prizes_handed_over_count"]) == ("0", 0)
    assert (before["prizes_to_hand_over"], before["prizes_to_hand_over_count"]) == ("63", 2)
    assert before["cash_box"] == "500"
    clock.advance(600)
    records = service.execute(HandOverPrize(name=fourth))
    assert [r.body for r in records if r.type != "command"] == [
        PrizeHandedOver(name=fourth, prize=Decimal(42))
    ]
    player = service.state.find(fourth)
    assert player is not None and player.handed_over == Decimal(42)
    assert player.handed_over_at == clock.now
    after = cash_json(service.state)
    assert (after["prizes_handed_over"], after["prizes_handed_over_count"]) == ("42", 1)
    assert (after["prizes_to_hand_over"], after["prizes_to_hand_over_count"]) == ("21", 1)
    assert (after["prizes_paid"], after["prizes_due"]) == ("63", "357")  # meanings kept
    assert after["cash_box"] == "458"
    assert summary_text(records[0].body.said(), "it") == f"premio consegnato: {fourth}"  # type: ignore[attr-defined]


def test_undo_gives_the_prize_back_to_due_and_redo_pays_it(make_service: MakeService) -> None:
    service = six(make_service)
    fifth = bust(service, 2)[1]
    service.execute(HandOverPrize(name=fifth))
    assert cash(service.state).prizes_handed_over == Decimal(21)
    assert "prize handed over" in service.undo()
    player = service.state.find(fifth)
    assert player is not None and player.handed_over is None and player.handed_over_at is None
    assert cash(service.state).prizes_handed_over == 0
    service.redo()
    assert cash(service.state).prizes_handed_over == Decimal(21)


@pytest.mark.event_file
def test_a_handover_is_read_back_from_the_file(make_service: MakeService, clock: FakeClock) -> None:
    service = six(make_service)
    fifth = bust(service, 2)[1]
    service.execute(HandOverPrize(name=fifth))
    path = service.store.path
    service.close()
    again = Tournament.open(path, clock=clock)
    try:
        player = again.state.find(fifth)
        assert player is not None and player.handed_over == Decimal(21)
        assert player.handed_over_at == clock.now
        assert cash(again.state).cash_box == Decimal(479)
    finally:
        again.close()


@pytest.mark.parametrize(
    ("who", "refusal"),
    [
        ("Player 09", "no player named"),
        ("sixth", "no prize is due to"),  # out unpaid
        ("still in", "no prize is due to"),
        ("fifth again", "was already handed over at 20:00"),
    ],
)
def test_what_is_not_due_is_refused_with_its_article(
    make_service: MakeService, who: str, refusal: str
) -> None:
    service = six(make_service)
    sixth, fifth = bust(service, 2)
    service.execute(HandOverPrize(name=fifth))
    name = {
        "sixth": sixth,
        "still in": service.state.in_players()[0].name,
        "fifth again": fifth,
    }.get(who, who)
    last = service.state.last_seq
    with pytest.raises(RuleError) as refused:
        service.execute(HandOverPrize(name=name))
    assert refusal in str(refused.value)
    if refusal != "no player named":
        assert refused.value.article == "I.7"
    assert service.state.last_seq == last  # nothing recorded


def test_the_winner_is_handed_his_prize_once_the_event_is_over(
    make_service: MakeService,
) -> None:
    service = six(make_service)
    bust(service, 5)
    winner = service.state.in_players()[0]
    assert service.state.phase == "finished" and winner.out_at is not None
    assert cash(service.state).prizes_to_hand_over == Decimal(420)
    for p in service.state.ordered_players():
        if p.prize is not None:
            service.execute(HandOverPrize(name=p.name))
    summary = cash(service.state)
    assert (summary.prizes_handed_over, summary.prizes_to_hand_over) == (420, 0)
    assert summary.cash_box == Decimal(80)  # the food money alone


def test_only_the_director_hands_over_a_prize(make_service: MakeService) -> None:
    service = six(make_service)
    fifth = bust(service, 2)[1]
    floor = terminal(service, actor="Anna", role="floor")
    try:
        with pytest.raises(RuleError) as refused:
            floor.execute(HandOverPrize(name=fifth))
    finally:
        floor.close()
    assert "only the Director" in str(refused.value) and refused.value.article == "I.7"


def _as_before_handovers(path: Path) -> None:
    """The event file as a console from before handovers were recorded wrote it."""
    db = sqlite3.connect(path)
    seq, data = db.execute("SELECT seq, data FROM events WHERE type = 'event_created'").fetchone()
    fields = json.loads(data)
    del fields["handovers"]
    db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(fields), seq))
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'snapshots'").fetchone():
        db.execute("DELETE FROM snapshots")
    db.commit()
    db.close()


@pytest.mark.event_file
def test_an_older_event_counts_a_decided_prize_as_paid(
    make_service: MakeService, clock: FakeClock
) -> None:
    service = six(make_service)
    fifth = bust(service, 3)[1]
    path = service.store.path
    service.close()
    _as_before_handovers(path)
    older = Tournament.open(path, clock=clock)
    try:
        document = cash_json(older.state)
        assert (document["prizes_handed_over"], document["prizes_handed_over_count"]) == ("63", 2)
        assert (document["prizes_to_hand_over"], document["cash_box"]) == ("0", "437")
        with pytest.raises(RuleError) as refused:
            older.execute(HandOverPrize(name=fifth))
        assert "before prizes were handed over by record" in str(refused.value)
    finally:
        older.close()
