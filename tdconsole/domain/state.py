"""The event's state: plain mutable records built by folding the log (see ``fold``).

Only events change a State (``EventBody.apply``); commands read it. Derived numbers (chips in
play, the second-stack amount, places due) are computed here from the records, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Literal, TypeVar

from tdconsole.domain.identity import SEPARATORS as SEPARATORS
from tdconsole.domain.identity import match_players as match_players
from tdconsole.domain.identity import name_key as name_key
from tdconsole.domain.identity import search_key as search_key
from tdconsole.domain.identity import typed_in as typed_in
from tdconsole.domain.identity import typed_key as typed_key
from tdconsole.domain.message import Message
from tdconsole.domain.numbers import round_chips
from tdconsole.domain.phases import GONE as GONE
from tdconsole.domain.phases import Phase as Phase
from tdconsole.domain.phases import Status as Status
from tdconsole.domain.phases import still_to_serve as still_to_serve
from tdconsole.domain.settings import Settings

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def card_for(seat: int, suit: str) -> str:
    """The card of ``seat`` at a table of ``suit``: seat 1 carries the ace, seat 2 the king, ...
    (Art. II.2)."""
    return f"{RANKS[seat - 1]}{suit}"


T = TypeVar("T")


def shallow(record: T) -> T:
    """A copy of a plain record (not frozen, no slots): its own attributes, their values
    shared. Six times quicker than ``copy.copy``, which a write pays for every player."""
    new = object.__new__(type(record))
    new.__dict__ = record.__dict__.copy()
    return new


@dataclass
class Player:
    name: str
    order: int
    """Registration order, 0-based (ties split leftovers in this order)."""
    status: Status = "registered"
    paid: bool = False
    food_paid: bool = False
    table: int | None = None
    seat: int | None = None
    chips: int | None = None
    counted: bool = False
    """``chips`` is a count the floor recorded (not just the starting stack issued)."""
    second_stack: int | None = None
    bonus: int | None = None
    place: int | None = None
    tied: bool = False
    prize: Decimal | None = None
    entry_refund: Decimal | None = None
    """The entry fee given back at his withdrawal (it left the prize pool, V.1)."""
    food_refund: Decimal | None = None
    """The food contribution given back at his withdrawal."""
    out_at: datetime | None = None
    """When his place was decided: his elimination, or the end for the winner."""
    handed_over: Decimal | None = None
    """The prize the Director recorded he handed over (I.7), None while it is only due."""
    handed_over_at: datetime | None = None
    suspended_orbits: int | None = None


@dataclass
class Seat:
    number: int
    card: str
    player: str | None = None
    """Key of the player sitting there (``name_key``), or None."""


@dataclass
class MovePlan:
    """A table's recorded closing plan (Art. IV.4): who goes where."""

    moves: list[tuple[str, int, int]]
    """(player key, destination table, destination seat), in the order drawn."""

    def copy(self) -> MovePlan:
        return MovePlan(list(self.moves))


@dataclass
class Table:
    number: int
    suit: str
    seats: list[Seat]
    open: bool = True
    final: bool = False
    button: int = 1
    """Art. II.4: the first dealer sits in seat 1 (the highest card)."""
    chips: int = 0
    """C_t, the chips in circulation at this table (Art. III.3)."""
    plan: MovePlan | None = None

    def seat(self, number: int) -> Seat:
        return self.seats[number - 1]

    def copy(self) -> Table:
        """A copy that shares nothing an event changes (``State.copy``)."""
        new = shallow(self)
        new.seats = [shallow(seat) for seat in self.seats]
        new.plan = None if self.plan is None else self.plan.copy()
        return new


@dataclass(frozen=True)
class Ruling:
    """One entry of the rulings log: a value, replaced whole when a suspension is served (a
    long log holds thousands, which ``State.copy`` then shares)."""

    id: int
    at: datetime
    kind: Literal["ruling", "sanction"]
    table: int | None
    players: list[str]
    articles: list[str]
    text: str
    director: str
    sanction: str | None = None
    orbits: int | None = None
    served: bool | None = None


@dataclass
class State:
    settings: Settings
    name: str = ""
    created_at: datetime | None = None
    phase: Phase = "registration"
    players: dict[str, Player] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=dict)
    stack: int | None = None
    """The starting stack S (Art. III.1), once started."""
    issued: int = 0
    """Every chip ever issued: starting stacks, second stacks, final bonuses."""
    removed: int = 0
    """Chips that left play with a disqualification (Art. VI.2)."""
    adjusted: int = 0
    """Net ledger adjustments accepted by the Director with a reason (Art. IV.4, VII.1)."""
    final_bonus: int | None = None
    clock: Any = None
    """The blind clock: ``tdconsole.domain.clock`` state once the event has started."""
    structure: Any = None
    """The blind structure (``tdconsole.domain.clock.Structure``) once started."""
    rulings: list[Ruling] = field(default_factory=list)
    vacated: list[int] = field(default_factory=list)
    """Places left empty by disqualifications (VI.2: places are counted among the others)."""
    pins: dict[str, str] = field(default_factory=dict)
    """The served views' PINs by kind (``floor``, ``director``): salted hashes (``access``)."""
    pin_weakness: dict[str, str] = field(default_factory=dict)
    """Why a PIN is too weak beyond this machine, by kind, as found when it was set
    (``pin_strength.pin_weakness``); a PIN set before that was looked at has none here."""
    pins_shared: bool = False
    """The floor's and the Director's PINs are the same (found when the last was set)."""
    phones_signed_out: int = 0
    """How many times the Director signed every phone out (``slices.sign_phones_out``): a
    phone's session names the count it was opened under."""
    staff: list[str] = field(default_factory=list)
    """The floor staff who acted in the log, undone actions too (on the floor, or lending
    their phone to the Director), each once, as first recorded: a newcomer whose name looks
    like one of theirs is refused (``identity.check_staff_name``)."""
    handovers: bool = False
    """Prizes are paid when the Director records he handed them over (I.7); an event recorded
    before that record existed counts a decided prize as paid (``EventCreated.handovers``)."""
    message: Message | None = None
    """The Director's message to the room, as last shown (past its time too: ``message_at``)."""
    last_seq: int = 0

    def copy(self) -> State:
        """This State to fold the next events into, while readers keep this one whole (the
        console paints it while its write is folded on a worker thread, ``state_cache``):
        every record an event changes in place is copied; the frozen values (settings, the
        structure, the clock, the message, the rulings) are shared."""
        new = shallow(self)
        new.players = {key: shallow(player) for key, player in self.players.items()}
        new.tables = {number: table.copy() for number, table in self.tables.items()}
        new.rulings = list(self.rulings)
        new.vacated = list(self.vacated)
        new.pins = dict(self.pins)
        new.pin_weakness = dict(self.pin_weakness)
        new.staff = list(self.staff)
        return new

    def message_at(self, now: datetime) -> Message | None:
        """The Director's message the screens show at ``now``, if any."""
        shown = self.message
        return shown if shown is not None and shown.shown_at(now) else None

    # -- players ---------------------------------------------------------------------------
    def find(self, name: str) -> Player | None:
        """The player of exactly this name (ignoring case); see ``match`` for typed names."""
        return self.players.get(name_key(name.strip()))

    def match(self, typed: str) -> list[Player]:
        """Every player ``typed`` may mean (``match_players``): one, several or none."""
        exact = self.find(typed)
        if exact is not None:
            return [exact]
        return match_players(self.players.values(), typed)

    def ordered_players(self) -> list[Player]:
        return sorted(self.players.values(), key=lambda p: p.order)

    def in_players(self) -> list[Player]:
        return [p for p in self.ordered_players() if p.status == "in"]

    @property
    def in_play(self) -> int:
        return sum(1 for p in self.players.values() if p.status == "in")

    @property
    def entrants(self) -> int:
        """Players who paid the entry fee and hold a place (Art. I.2, V.1)."""
        return sum(
            1
            for p in self.players.values()
            if p.paid and p.status in ("registered", "in", "out", "disqualified")
        )

    @property
    def registered_count(self) -> int:
        return sum(1 for p in self.players.values() if p.status == "registered")

    # -- tables and chips ------------------------------------------------------------------
    def open_tables(self) -> list[Table]:
        return [t for t in sorted(self.tables.values(), key=lambda t: t.number) if t.open]

    def players_at(self, table: Table) -> list[Player]:
        return [
            self.players[s.player]
            for s in table.seats
            if s.player is not None and self.players[s.player].status == "in"
        ]

    @property
    def chips_in_play(self) -> int:
        return sum(t.chips for t in self.tables.values() if t.open)

    @property
    def average_stack(self) -> int | None:
        n = self.in_play
        if n == 0 or self.stack is None:
            return None
        return self.average(self.chips_in_play, n)

    def average(self, chips: int, players: int) -> int:
        """An average stack, ``chips`` over ``players``, rounded to the chip unit as the
        regulation rounds the second stack (III.3's Decision) and the final's bonus (III.4)."""
        stacks = self.settings.stacks
        return round_chips(Decimal(chips) / players, stacks.chip_unit, stacks.second_stack_rounding)

    @property
    def prize_pool(self) -> Decimal:
        """Art. V.1: the entry fees collected."""
        return self.settings.registration.entry_fee * self.entrants

    @property
    def final_due(self) -> bool:
        """Art. IV.2: the elimination phase ends as soon as nine or fewer are in."""
        return self.phase == "elimination" and self.in_play <= self.settings.seating.final_seats

    def must_close(self, table: Table) -> bool:
        """Art. IV.4: a table closes when three or fewer of its players are still in."""
        # the table first: whether tables close at all counts every player
        return self.short_handed(table, len(self.players_at(table))) and self.tables_close

    @property
    def tables_close(self) -> bool:
        """Tables close in the elimination phase, until the final is due (IV.4)."""
        return self.phase == "elimination" and not self.final_due

    def short_handed(self, table: Table, players_in: int) -> bool:
        """An open table before the final with ``players_in`` at most ``close_at`` (IV.4)."""
        return table.open and not table.final and players_in <= self.settings.seating.close_at
