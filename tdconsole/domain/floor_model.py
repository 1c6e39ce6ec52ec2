"""The event as the floor's phone reads it: typed, immutable models built once from the State
(written as JSON by ``read_model.to_json``, served by ``tdconsole.serve.floor``)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, NamedTuple

from tdconsole.domain.clock_status import ClockStatus
from tdconsole.domain.message import Message
from tdconsole.domain.numbers import chips_text
from tdconsole.domain.play_common import second_stack_offers
from tdconsole.domain.read_model import clock_status
from tdconsole.domain.state import Player, State, search_key

Stage = Literal["level", "break", "overtime", "stopped", "over"]
"""What the clock says to the floor: a level running, a break, overtime (the time is up, the
next level not yet announced), the clock stopped, the event over."""


class FloorPlayer(NamedTuple):
    """One player in play as the phone lists him."""

    name: str
    key: str
    """His name as people type it (``search_key``): the page finds any part of it."""
    table: int | None
    seat: int | None
    chips: int | None
    chips_text: str
    second_stack: int | None
    """The second stack he may still take now, his table's (III.2-III.3); None if none."""
    second_stack_text: str


class FloorClock(NamedTuple):
    stage: Stage
    level: int
    small: str
    big: str
    """The blinds in play (in a break: the level's before it)."""
    is_break: bool
    running: bool
    remaining_seconds: int
    overtime_seconds: int
    zero_at: datetime | None
    """When the time left reaches zero, while the clock runs (in overtime: when it did); the
    page counts from it, corrected by its offset from ``FloorState.sent_at``."""
    next_level: int | None
    next_small: str
    next_big: str
    """The level after this one (after a break: the one play resumes at); "" past the end."""
    next_is_break: bool
    """A break comes before ``next_level``."""


class FloorState(NamedTuple):
    seq: int
    event: str
    phase: str
    staff: str
    lang: str
    in_play: int
    """Players still in: also the place the next player out takes."""
    big_blind: int | None
    clock: FloorClock | None
    sent_at: datetime
    """The server's time when it built this: the page's offset from its clock."""
    players: tuple[FloorPlayer, ...]
    message: Message | None = None
    """The Director's message to the room (``slices.show_message``): hidden at its end."""


def floor_player(player: Player, offers: dict[int, int]) -> FloorPlayer:
    """``offers``: ``second_stack_offers``, each table's second stack now."""
    offer = None
    if player.table is not None and player.second_stack is None:
        offer = offers.get(player.table)
    return FloorPlayer(
        name=player.name,
        key=search_key(player.name),
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
        big_blind=status.big_blind if status is not None else None,
        clock=None if status is None else floor_clock(status, now),
        sent_at=now,
        players=tuple(floor_player(p, offers) for p in state.in_players()),
        message=state.message_at(now),
    )


def stage_of(status: ClockStatus) -> Stage:
    if status.finished:
        return "over"
    if status.pending_announcement:
        return "overtime"
    if status.is_break:
        return "break"
    return "level" if status.running else "stopped"


def floor_clock(status: ClockStatus, now: datetime) -> FloorClock:
    """The clock at ``now`` as the phone shows it."""
    zero_at = None
    if status.running and not status.finished:
        zero_at = now - status.overtime if status.pending_announcement else now + status.remaining
    nxt = status.next
    return FloorClock(
        stage=stage_of(status),
        level=status.level,
        small=chips_text(status.small_blind),
        big=chips_text(status.big_blind),
        is_break=status.is_break,
        running=status.running,
        remaining_seconds=status.remaining_seconds,
        overtime_seconds=status.overtime_seconds,
        zero_at=zero_at,
        next_level=nxt.level if nxt is not None else None,
        next_small=chips_text(nxt.small_blind) if nxt is not None else "",
        next_big=chips_text(nxt.big_blind) if nxt is not None else "",
        next_is_break=status.next_is_break,
    )
