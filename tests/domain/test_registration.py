"""Title I: registration, the waiting list, fees (rules.md I.1, I.2)."""

from __future__ import annotations

import pytest
from tdhelpers.support import MakeService, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw


def test_I1_cap_of_24_then_waiting_list(make_service: MakeService) -> None:
    """Art. I.1: at most 24 places; later registrations wait in order."""
    service = make_service()
    service.execute(Register(names=names(26)))
    statuses = [p.status for p in service.state.ordered_players()]
    assert statuses.count("registered") == 24
    assert statuses[24:] == ["waitlisted", "waitlisted"]


def test_I1_withdrawal_moves_first_waiting_player_up(make_service: MakeService) -> None:
    """Art. I.1: when a registered player withdraws, the first on the list moves up."""
    service = make_service()
    service.execute(Register(names=names(26)))
    service.execute(Withdraw(name="player 03"))
    assert service.state.find("Player 03").status == "withdrawn"
    assert service.state.find("Player 25").status == "registered"
    assert service.state.find("Player 26").status == "waitlisted"


def test_I1_withdrawal_refused_after_the_draw(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=names(8)))
    service.execute(Pay(names=names(8)))
    service.execute(Draw(seed=1))
    with pytest.raises(RuleError) as info:
        service.execute(Withdraw(name="Player 01"))
    assert info.value.article == "I.1"


def test_names_kept_as_typed_trimmed_and_unique_ignoring_case(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=["  [bold]Zoë Łukasz-Ångström  ", "Ωmega"]))
    assert service.state.find("[BOLD]zoë łukasz-ångström").name == "[bold]Zoë Łukasz-Ångström"
    before = service.state.last_seq
    with pytest.raises(RuleError, match="already registered"):
        service.execute(Register(names=["ωMEGA"]))
    with pytest.raises(RuleError, match="given twice"):
        service.execute(Register(names=["Anna", "ANNA"]))
    with pytest.raises(RuleError, match="control characters"):
        service.execute(Register(names=["Bad\x1b[31mName"]))
    with pytest.raises(RuleError, match="empty"):
        service.execute(Register(names=["   "]))
    assert service.state.last_seq == before
    assert service.state.find("Anna") is None


def test_I2_fees_recorded_separately_and_never_twice(make_service: MakeService) -> None:
    """Art. I.2: entry fee and food contribution are separate; paying twice is refused."""
    service = make_service()
    service.execute(Register(names=["Anna", "Bruno"]))
    service.execute(Pay(names=["Anna"]))
    service.execute(Pay(names=["Bruno"], food=True))
    anna, bruno = service.state.find("Anna"), service.state.find("Bruno")
    assert (anna.paid, anna.food_paid, bruno.paid, bruno.food_paid) == (True, False, False, True)
    with pytest.raises(RuleError) as info:
        service.execute(Pay(names=["anna"]))
    assert info.value.article == "I.2"
    assert str(service.state.prize_pool) == "70"


def test_I2_unpaid_players_are_not_seated(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=names(10)))
    service.execute(Pay(names=names(8)))
    service.execute(Draw(seed=3))
    assert service.state.find("Player 09").table is None
    assert service.state.find("Player 09").status == "registered"
    assert service.state.in_play == 8
    assert service.state.entrants == 8


def test_I1_more_places_move_the_waiting_list_up(make_service: MakeService) -> None:
    """Art. I.1: raising the cap before the draw seats the waiting players in order."""
    service = make_service()
    service.execute(Register(names=names(28)))
    service.execute(ChangeSettings(assignments=[("max_players", "26")]))
    statuses = [p.status for p in service.state.ordered_players()]
    assert statuses[:26] == ["registered"] * 26 and statuses[26:] == ["waitlisted"] * 2
    with pytest.raises(RuleError):
        service.execute(ChangeSettings(assignments=[("max_players", "many")]))
