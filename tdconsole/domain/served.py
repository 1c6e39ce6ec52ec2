"""The event as the served pages read it at one moment: the room's screen, the players' page
and the phones each get their own model from it (``room``, ``players_page``, ``floor_model``),
and the floor what it checks before it acts (the PINs, who may sign in, the players a name
typed on a phone means, the places a bust would give).

A ``Served`` holds a State no one changes (the service's, as published, or a copy of it) and
gives it out only as those models, names and numbers.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from tdconsole.domain.errors import RuleError
from tdconsole.domain.floor_model import FloorState, floor_state
from tdconsole.domain.identity import match_players, typed_in
from tdconsole.domain.phases import Phase
from tdconsole.domain.play import places_for
from tdconsole.domain.play_common import can_take_second_stack, second_stack_amount
from tdconsole.domain.players_page import PlayersPage, players_page
from tdconsole.domain.read_model import clock_status
from tdconsole.domain.registration import require_player
from tdconsole.domain.room import Room, Season, room
from tdconsole.domain.room_moves import Moved
from tdconsole.domain.state import Player, State
from tdconsole.i18n import _

FOUND_AT_MOST = 50
"""The players a search on a phone lists at most."""


class BustRow(NamedTuple):
    """One player a bust would put out: his place (shared when ``tied``) and the second stack
    he may still take instead (III.3), None when he may not."""

    name: str
    place: int
    tied: bool
    second_stack: int | None


class Served:
    """One moment of the event, as the served pages read it; see the module's docstring."""

    def __init__(self, state: State) -> None:
        self._state = state

    # -- the faces' models -------------------------------------------------------------------
    def room(self, moved: Moved | None, now: datetime, season: Season | None = None) -> Room:
        """The room's screen at ``now`` (``domain.room``)."""
        return room(self._state, clock_status(self._state, now), moved, now, season)

    def players_page(self, moved: Moved | None, shown: Room) -> PlayersPage:
        """The players' page beside the room's picture ``shown`` (``domain.players_page``)."""
        return players_page(self._state, moved, shown)

    def floor(self, now: datetime, staff: str, lang: str) -> FloorState:
        """What ``staff``'s phone shows, in ``lang``, at ``now`` (``domain.floor_model``)."""
        return floor_state(self._state, now, staff, lang)

    # -- what the floor checks ---------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The log's last event folded in."""
        return self._state.last_seq

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def director(self) -> str:
        """The Director the settings name now."""
        return self._state.settings.director

    @property
    def staff(self) -> list[str]:
        """The floor staff who acted in the log (``State.staff``)."""
        return list(self._state.staff)

    @property
    def phones_signed_out(self) -> int:
        """How many times the Director signed every phone out."""
        return self._state.phones_signed_out

    def pin(self, key: str) -> str | None:
        """The stored PIN ``key`` (``floor``, ``director``), None when none is set."""
        return self._state.pins.get(key)

    @property
    def clock_running(self) -> bool | None:
        """Whether the clock runs; None before the tournament starts it."""
        return None if self._state.clock is None else self._state.clock.running

    def in_play(self, typed: str) -> list[str]:
        """The names of the players in play ``typed`` is any part of, as people type names
        (the phone's search, ``identity.typed_in``)."""
        return [p.name for p in self._state.in_players() if typed_in(typed, p.name)]

    def found(self, typed: str) -> list[str]:
        """The players in play ``typed`` may mean, as the console's fields match names (every
        one for an empty text; at most ``FOUND_AT_MOST``)."""
        return [p.name for p in self._found(typed)]

    def _found(self, typed: str) -> list[Player]:
        if not typed.strip():
            return self._state.in_players()
        return match_players(self._state.in_players(), typed)[:FOUND_AT_MOST]

    def one(self, typed: str) -> str:
        """The recorded name of the one player ``typed`` means: the one in play it matches,
        else the one player of the event it names (``registration.require_player``: none or
        several are refused, the candidates listed)."""
        return self._one(typed).name

    def _one(self, typed: str) -> Player:
        found = self._found(typed)
        if len(found) != 1:
            return require_player(self._state, typed)
        return found[0]

    def bust(self, names: list[str], stacks: list[int | None]) -> list[BustRow]:
        """The places a bust of ``names`` (recorded names, ``one``) would give, ordered by
        ``stacks`` at the start of the hand (None: not given yet), and the second stack each
        may still take. A player not in play is refused."""
        state = self._state
        players = [state.find(name) or require_player(state, name) for name in names]
        for player in players:
            if player.status != "in":
                raise RuleError(_("{name} is not in play").format(name=player.name))
        outcome = {e.name: e for e in places_for(state, list(zip(players, stacks, strict=True)))}
        rows = []
        for player in players:
            out = outcome[player.name]
            table = state.tables.get(player.table) if player.table is not None else None
            offer = (
                second_stack_amount(state, table)
                if table is not None and can_take_second_stack(state, player)
                else None
            )
            rows.append(BustRow(player.name, out.place, out.tied, offer))
        return rows
