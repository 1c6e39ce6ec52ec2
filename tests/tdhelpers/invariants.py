"""Invariants that must hold after every action (used across the play tests)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from tdconsole.domain.fold import fold
from tdconsole.domain.invariants import check_state
from tdconsole.domain.view import state_json
from tdconsole.service import Tournament


def check(service: Tournament) -> None:
    state = service.state
    # The domain's own checks, the ones an import must pass: live commands keep them.
    check_state(state)
    # Chip ledger (Art. III.3, IV.4): what is in play is what was issued, less what left
    # with a disqualification, plus adjustments the Director accepted.
    assert state.chips_in_play == state.issued - state.removed + state.adjusted
    for table in state.open_tables():
        seated = [s.player for s in table.seats if s.player is not None]
        assert len(seated) == len(set(seated))
        limit = (
            state.settings.seating.final_seats
            if table.final
            else state.settings.seating.table_seats
        )
        assert len(seated) <= limit, f"table {table.number} above its seats"
        for key in seated:
            player = state.players[key]
            assert player.status == "in" and player.table == table.number
    in_seats = sum(len(state.players_at(t)) for t in state.open_tables())
    if state.phase in ("elimination", "final"):
        assert in_seats == state.in_play
    # Places: unique, except tied players, who share the best place of their group.
    places = Counter(p.place for p in state.players.values() if p.place is not None)
    for place, count in places.items():
        tied = [p for p in state.players.values() if p.place == place]
        assert count == 1 or all(p.tied for p in tied)
    prizes = sum((p.prize or Decimal(0) for p in state.players.values()), Decimal(0))
    assert prizes <= state.prize_pool
    if state.phase == "finished":
        assert prizes == state.prize_pool
        assert state.in_play == 1 and state.in_players()[0].place == 1
    # Replay of the whole log gives the same state: the same records (what every view is
    # made of); where they differ, the views are compared first, to say how.
    replayed, _ = fold(service.store.read())
    if replayed != state:
        now = service.now()
        assert state_json(replayed, now) == state_json(state, now)
        assert replayed == state
