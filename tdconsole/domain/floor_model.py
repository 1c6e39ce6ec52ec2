"""The event as the floor's phone reads it: typed, immutable models built once from the State
(written as JSON by ``read_model.to_json``, served by ``tdconsole.serve.floor``)."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from tdconsole.domain.numbers import chips_text
from tdconsole.domain.play_common import second_stack_offers
from tdconsole.domain.read_model import clock_status
from tdconsole.domain.state import Player, State


class FloorPlayer(NamedTuple):
    """One player in play as the phone lists him."""

    name: str
    table: int | None
    seat: int | None
    chips: int | None
    chips_text: str
    second_stack: int | None
    """The second stack he may still take now, his table's (III.2-III.3); None if none."""
    second_stack_text: str


class FloorClock(NamedTuple):
    level: int
    small: str
    big: str
    running: bool
    remaining_seconds: int


class FloorState(NamedTuple):
    seq: int
    event: str
    phase: str
    staff: str
    lang: str
    in_play: int
    next_place: int
    """The place the next player out takes."""
    big_blind: int | None
    clock: FloorClock | None
    players: tuple[FloorPlayer, ...]


def floor_player(player: Player, offers: dict[int, int]) -> FloorPlayer:
    """``offers``: ``second_stack_offers``, each table's second stack now."""
    offer = None
    if player.table is not None and player.second_stack is None:
        offer = offers.get(player.table)
    return FloorPlayer(
        name=player.name,
        table=player.table,
        seat=player.seat,
        chips=player.chips,
        chips_text=chips_text(player.chips) if player.chips is not None else "",
        second_stack=offer,
        second_stack_text=chips_text(offer) if offer is not None else "",
    )


def floor_state(state: State, now: datetime, staff: str, lang: str) -> FloorState:
    """The event as ``staff``'s phone shows it, in ``lang``, at ``now``."""
    status = clock_status(state, now)
    offers = second_stack_offers(state)
    return FloorState(
        seq=state.last_seq,
        event=state.name,
        phase=state.phase,
        staff=staff,
        lang=lang,
        in_play=state.in_play,
        next_place=state.in_play,
        big_blind=status.big_blind if status is not None else None,
        clock=None
        if status is None
        else FloorClock(
            level=status.level,
            small=chips_text(status.small_blind),
            big=chips_text(status.big_blind),
            running=status.running,
            remaining_seconds=status.remaining_seconds,
        ),
        players=tuple(floor_player(p, offers) for p in state.in_players()),
    )
