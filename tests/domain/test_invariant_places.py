"""The places' invariant (IV.6) as opening a file replays it: a place held by several players
only when they are tied, checked in one pass over the players."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from tdhelpers.support import MakeService, names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.invariants import check_state
from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State


def _two_out(make_service: MakeService) -> State:
    service = make_service(seed=3)
    players = names(10)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(Draw(seed=3))
    service.execute(Start(stack=4000, big_blind=100))
    out = [p.name for p in service.state.players.values()][:2]
    service.execute(Bust(names=out, declined=True, stacks=[100, 200]))
    return service.state


def _placed(state: State, place: int, *, tied: bool) -> State:
    """The state with both players out given ``place``, tied or not (as a forged log would)."""
    players = {
        key: replace(p, place=place, tied=tied) if p.place is not None else p
        for key, p in state.players.items()
    }
    assert sum(p.place == place for p in players.values()) == 2
    return replace(state, players=players)


def test_a_place_held_by_two_untied_players_is_refused(make_service: MakeService) -> None:
    state = _two_out(make_service)
    check_state(state)
    with pytest.raises(RuleError, match="place 9 is given to 2 players who are not tied") as no:
        check_state(_placed(state, 9, tied=False))
    assert no.value.article == "IV.6"
    check_state(_placed(state, 9, tied=True))


def _prized(state: State, prizes: list[Decimal | None], phase: str | None = None) -> State:
    """The state with the players out given ``prizes`` (as a forged log would)."""
    out = iter(prizes)
    players = {
        key: replace(p, prize=next(out)) if p.place is not None else p
        for key, p in state.players.items()
    }
    return replace(state, players=players, phase=phase or state.phase)


def test_the_prizes_are_summed_over_those_who_hold_one(make_service: MakeService) -> None:
    state = _two_out(make_service)
    pool = state.prize_pool
    check_state(_prized(state, [pool, None]))
    check_state(_prized(state, [pool - 1, Decimal("1.00")]))
    with pytest.raises(RuleError, match=r"the prizes \(\S+\) do not match") as over:
        check_state(_prized(state, [pool, Decimal("0.01")]))
    assert over.value.article == "V.1"
    # Finished, the prizes are the whole pool: short of it is refused too.
    with pytest.raises(RuleError, match=rf"the prizes \({pool - 1}\) do not match"):
        check_state(_prized(state, [pool - 1, Decimal(0)], phase="finished"))
