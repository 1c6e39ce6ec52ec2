"""An event's finishing places, as a club's season reads them from its log: who entered, and
once the event is finished, each entrant's place, shared places and prize."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Record
from tdconsole.domain.fold import fold
from tdconsole.domain.phases import Phase
from tdconsole.i18n import _


@dataclass(frozen=True)
class Finish:
    """One entrant's result: ``place`` shared by ``span`` players (1 when alone); a
    disqualified player has no place (Art. VI.2) and scores nothing."""

    name: str
    place: int | None
    span: int
    prize: Decimal


class Outcome(NamedTuple):
    """The event folded from its log, as far as a season reads it."""

    name: str
    created: datetime | None
    phase: Phase
    entrants: int
    prize_pool: Decimal
    players: tuple[str, ...]
    """Every name registered, in registration order."""
    finishes: tuple[Finish, ...] | None
    """Each entrant's result once the event is finished; None before."""


def outcome(records: Iterable[Record]) -> Outcome:
    """The event ``records`` make, folded. A place outside the event's entrants (a forged or
    damaged log) is refused (``RuleError``)."""
    state, _history = fold(list(records))
    ordered = state.ordered_players()
    players = tuple(p.name for p in ordered)
    unfinished = Outcome(
        state.name, state.created_at, state.phase, state.entrants, state.prize_pool, players, None
    )
    if state.phase != "finished":
        return unfinished
    shared: dict[int, int] = {}
    for p in state.players.values():
        if p.place is not None and p.status in ("in", "out"):
            shared[p.place] = shared.get(p.place, 0) + 1
    finishes = []
    for p in ordered:
        if p.status == "disqualified" and p.paid:
            finishes.append(Finish(p.name, None, 1, Decimal(0)))
        elif p.place is not None and p.status in ("in", "out"):
            span = shared[p.place]
            if not 1 <= p.place <= p.place + span - 1 <= state.entrants:
                raise RuleError(
                    _("{name}'s place {place} is outside 1..{entrants}").format(
                        name=p.name, place=p.place, entrants=state.entrants
                    )
                )
            finishes.append(Finish(p.name, p.place, span, p.prize or Decimal(0)))
    return unfinished._replace(finishes=tuple(finishes))
