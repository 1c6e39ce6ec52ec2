"""A write folded on one thread never shows another thread a State half folded.

The console records on a worker thread while its own thread paints and answers keys from
``service.state``: whatever moment it reads, it finds the event before the write or after it,
whole. Each test pauses the fold in its middle (an Event, released by the test) and reads the
service from the test's thread there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from tdhelpers.support import MakeService, names, started

from tdconsole.domain.invariants import replay_log
from tdconsole.domain.play import Bust
from tdconsole.domain.play_common import unseat
from tdconsole.domain.slices.move_player import MovePlayer
from tdconsole.domain.state import State
from tdconsole.domain.view import state_json

HANG_GUARD = 60
"""Seconds a test waits for the writer before failing rather than hanging (never reached)."""


def seated_once(state: State) -> None:
    """Every player in sits at exactly one seat, the one he is recorded at."""
    holders: dict[str, list[tuple[int, int]]] = {}
    for table in state.tables.values():
        for seat in table.seats:
            if seat.player is not None:
                holders.setdefault(seat.player, []).append((table.number, seat.number))
    for key, player in state.players.items():
        if player.status == "in":
            assert holders.get(key) == [(player.table, player.seat)], player.name


@contextmanager
def paused_write(
    write: Callable[[], Any], midway: threading.Event, go: threading.Event
) -> Iterator[None]:
    """``write`` run on another thread; enters once its fold set ``midway``, and on leaving
    releases the fold (``go``) and joins the thread."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            write()
        except BaseException as exc:  # said on the test's thread
            failed.append(exc)
            midway.set()

    writer = threading.Thread(target=run)
    writer.start()
    try:
        assert midway.wait(HANG_GUARD), "the write never reached its fold"
        assert not failed, failed
        yield
    finally:
        go.set()
        writer.join(HANG_GUARD)
    assert not writer.is_alive()
    assert not failed, failed


def test_a_move_is_never_seen_out_of_one_table_and_not_yet_at_the_other(
    make_service: MakeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = started(make_service(), names(12))
    state = service.state
    mover = state.players_at(state.tables[1])[0]
    seat = next(s.number for s in state.tables[2].seats if s.player is None)
    now = service.now()
    before, last = state_json(state, now), service.last_action()
    midway, go = threading.Event(), threading.Event()

    def unseat_and_pause(state: State, player: Any) -> None:
        unseat(state, player)  # out of table 1, not yet at table 2
        midway.set()
        go.wait(HANG_GUARD)

    monkeypatch.setattr("tdconsole.domain.slices.move_player.unseat", unseat_and_pause)
    move = MovePlayer(name=mover.name, table=2, seat=seat, reason="a broken chair")
    with paused_write(lambda: service.execute(move), midway, go):
        seen = service.state
        seated_once(seen)
        assert state_json(seen, now) == before
        assert service.last_action() == last  # the History with it
    moved = service.state.find(mover.name)
    assert moved is not None and (moved.table, moved.seat) == (2, seat)
    seated_once(service.state)
    assert state is seen  # the State read before the write was never changed by it
    assert state_json(state, now) == before


def test_an_undo_that_folds_the_log_again_never_shows_an_empty_event(
    make_service: MakeService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = started(make_service(), names(12))
    busted = service.state.in_players()[0].name
    service.execute(Bust(names=[busted], declined=True))
    now = service.now()
    before = state_json(service.state, now)
    midway, go = threading.Event(), threading.Event()

    def pausing(*args: Any, **kwargs: Any) -> Any:
        midway.set()
        go.wait(HANG_GUARD)
        return replay_log(*args, **kwargs)

    # A short log: no snapshot or checkpoint to start from, the undo folds it from event 1.
    monkeypatch.setattr("tdconsole.service.state_cache.replay_log", pausing)
    with paused_write(service.undo, midway, go):
        seen = service.state
        assert len(seen.players) == 12
        assert state_json(seen, now) == before
    back = service.state.find(busted)
    assert back is not None and back.status == "in"
