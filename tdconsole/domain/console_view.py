"""The State as the Director's console reads it: the read model's view (``StateView``) and the
little the console's widgets draw beside it (each open table's seats as its card shows them,
the paid places, the final's size, the structure), built once per change of the State and read
by every widget and key of the console. Typed and immutable (named tuples), as the read model;
whether a key's command applies is asked of it (``Checks``), not of the State."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from tdconsole.domain.clock_state import ClockState
from tdconsole.domain.colour_up import next_chip
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.play_common import can_take_second_stack
from tdconsole.domain.read_model import PlayerView, StateView, TableView, state_view
from tdconsole.domain.settings import Settings
from tdconsole.domain.state import State
from tdconsole.domain.structure import Structure
from tdconsole.domain.structure_proposal import colour_up_break


class CardSeat(NamedTuple):
    seat: int
    card: str
    name: str | None
    """The player in play in the seat; None for an empty seat."""
    button: bool
    second_stack: bool
    """He has taken the second stack (VII.7)."""


class CardTable(NamedTuple):
    """An open table as its card shows it."""

    number: int
    suit: str
    final: bool
    players_in: int
    chips: int
    second_stack_now: int | None
    must_close: bool
    has_plan: bool
    seats: tuple[CardSeat, ...]


class Checks:
    """Whether a command applies on the State the console's model was built from, whatever
    its fields (``Command.check_applies``; at the clock's time, ``check_applies_at``): asked
    as the keys are drawn, each command once per moment."""

    __slots__ = ("_at", "_known", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._at: datetime | None = None
        self._known: dict[type[Command], RuleError | None] = {}

    def refusal(self, command: type[Command], now: datetime | None = None) -> RuleError | None:
        """Why ``command`` is refused now (at ``now``, when given), None when it may be
        given."""
        if now != self._at:
            self._at, self._known = now, {}
        if command not in self._known:
            try:
                if now is None:
                    command.check_applies(self._state)
                else:
                    command.check_applies_at(self._state, now)
                self._known[command] = None
            except RuleError as refused:
                self._known[command] = refused
        return self._known[command]


class ConsoleView(NamedTuple):
    view: StateView
    tables: tuple[CardTable, ...]
    """The open tables, by number."""
    final_seats: int
    """The players in play at which the final is drawn (IV.1)."""
    paid_places: int
    """The places the prize table pays (V.1)."""
    final_tables: frozenset[int]
    """The numbers of the final table (one, or none yet)."""
    chip_unit: int
    colour_up_after: int | None
    """The level after whose break the colour-up is due (the smallest chip no longer needed,
    a Decision), None when none is."""
    structure: Structure | None
    """The blind structure once started (III.1, III.5)."""
    tables_close: bool
    """Tables close now: the elimination phase, until the final is due (IV.4)."""
    second_stack_due: frozenset[str]
    """The players who may still take the second stack (III.2-III.3)."""
    checks: Checks

    def player(self, name: str) -> PlayerView | None:
        """The player of exactly this name."""
        return next((p for p in self.view.players if p.name == name), None)


def card_table(table: TableView, players: dict[str, PlayerView]) -> CardTable:
    seats = []
    for s in table.seats:
        player = players.get(s.player) if s.player is not None else None
        if player is not None and player.status != "in":
            player = None
        seats.append(
            CardSeat(
                seat=s.seat,
                card=s.card,
                name=player.name if player else None,
                button=table.button == s.seat,
                second_stack=player is not None and player.second_stack is not None,
            )
        )
    return CardTable(
        number=table.number,
        suit=table.suit,
        final=table.final,
        players_in=table.players_in,
        chips=table.chips or 0,
        second_stack_now=table.second_stack_now,
        must_close=table.must_close,
        has_plan=table.plan is not None,
        seats=tuple(seats),
    )


_colour_up: list[tuple[Structure, int, int, int | None]] = []
"""The last structure's colour-up break, by its unit and chip: a change of the State rarely
changes the structure (frozen), and working the break out again costs a third of the console's
model."""


def colour_up_after(state: State) -> int | None:
    """The level after whose break the plan marks the colour-up: the one after which the
    chip unit is no longer needed (``structure_proposal.colour_up_break``)."""
    chip = next_chip(state.settings)
    structure = state.structure
    if chip is None or structure is None:
        return None
    unit = state.settings.stacks.chip_unit
    for known, known_unit, known_chip, after in _colour_up:
        if (known_unit, known_chip) == (unit, chip) and (known is structure or known == structure):
            return after
    after = colour_up_break(structure, unit, chip)
    _colour_up[:] = [(structure, unit, chip, after)]
    return after


def console_view(state: State, now: datetime) -> ConsoleView:
    """The console's model of ``state`` at ``now`` (the clock's moment)."""
    view = state_view(state, now)
    players = {p.name: p for p in view.players}
    return ConsoleView(
        view=view,
        tables=tuple(card_table(t, players) for t in view.tables if t.open),
        final_seats=state.settings.seating.final_seats,
        paid_places=len(state.settings.prizes.percents),
        final_tables=frozenset(t.number for t in view.tables if t.final),
        chip_unit=state.settings.stacks.chip_unit,
        colour_up_after=colour_up_after(state),
        structure=state.structure,
        tables_close=state.tables_close,
        second_stack_due=frozenset(
            p.name for p in state.players.values() if can_take_second_stack(state, p)
        ),
        checks=Checks(state),
    )


class Planned(NamedTuple):
    """What the console's structure screen reads of the event: its settings, its structure
    and clock once started (None before), its players' numbers."""

    settings: Settings
    structure: Structure | None
    clock: ClockState | None
    entrants: int
    in_play: int
    chips_in_play: int


def planned(state: State) -> Planned:
    return Planned(
        settings=state.settings,
        structure=state.structure,
        clock=state.clock,
        entrants=state.entrants,
        in_play=state.in_play,
        chips_in_play=state.chips_in_play,
    )
