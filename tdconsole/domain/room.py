"""What the room's screen shows: one pure model for the terminal display and the web page.

Pure: no I/O and no clock read (the time is passed in).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from tdconsole.domain.clock_status import plan_live
from tdconsole.domain.collation import name_key
from tdconsole.domain.colour_up import next_chip
from tdconsole.domain.numbers import money_said
from tdconsole.domain.play_common import second_stack_offers
from tdconsole.domain.read_model import paid_beyond_the_table, paid_players, payouts, results
from tdconsole.domain.room_tables import TableShown, open_tables
from tdconsole.domain.structure_proposal import colour_up_break

if TYPE_CHECKING:
    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.domain.message import Message
    from tdconsole.domain.room_moves import Moved
    from tdconsole.domain.state import State


Stage = Literal[
    "waiting", "seats", "level", "last_minute", "pending", "paused", "break", "moves",
    "final", "winner", "over",
]  # fmt: skip
"""What the room's screen is about now (docs/room.md):

- ``waiting``: no clock yet (registration);
- ``seats``: the seats are drawn, play has not started;
- ``level``, ``last_minute`` (its colour changes), ``pending`` (time is up, the change not yet
  announced: overtime, and the level to come, never "now"), ``paused``;
- ``break``: its end, the level after it, the colour-up if due, the season where it says so;
- ``moves``: for ``MOVES_SHOWN`` after a closing or the final draw (until the first
  elimination after the final draw), who sits where (the clock stays on the screen);
- ``final``: the final table in play (seat, name, chips) beside the clock;
- ``winner``: for ``WINNER_SHOWN`` after the last elimination, then ``over``.
"""
Chime = Literal["level", "break", "resume", "minute", "time_up"]

LAST_MINUTE = timedelta(minutes=1)
MOVES_SHOWN = timedelta(minutes=5)
"""How long the moves stay on the screen after a closing or the final draw."""
WINNER_SHOWN = timedelta(minutes=20)
UPCOMING = 4
"""Levels listed ahead of the one in play."""


@dataclass(frozen=True)
class Blinds:
    level: int
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True)
class Upcoming:
    """One period ahead: a level (its blinds) or a break."""

    level: int
    is_break: bool
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    starts_at: datetime | None
    """When it starts if the clock runs on (None: the clock is stopped)."""


@dataclass(frozen=True)
class SeatShown:
    name: str
    table: int
    seat: int
    card: str
    """The seat's card ("A♥"): its suit is drawn in colour."""
    final: bool
    chips: int | None
    moved: bool = False
    """Moved by the latest closing."""


@dataclass(frozen=True)
class Place:
    place: int
    name: str | None
    amount: Decimal | None
    """Beside a name, what that player receives (his share when tied, V.1); None for a
    disqualified player (VI.2); a place nobody holds yet: its own amount."""
    tied: bool = False
    disqualified: bool = False


@dataclass(frozen=True)
class SeasonRow:
    place: int
    tied: bool
    player: str
    points: str


@dataclass(frozen=True)
class Season:
    """The season's first places, when the season shows them in the room (read by the caller)."""

    name: str
    rows: tuple[SeasonRow, ...]


@dataclass(frozen=True)
class Room:
    """What the room's screen shows at ``now``: see ``room``."""

    stage: Stage
    now: datetime
    event: str
    currency: str
    # the clock
    level: int | None = None
    is_break: bool = False
    running: bool = False
    blinds: Blinds | None = None
    """The blinds in play (during a break: None)."""
    remaining_seconds: int = 0
    overtime_seconds: int = 0
    zero_at: datetime | None = None
    """When the time shown reaches zero, if the clock runs (past it: overtime)."""
    next: Blinds | None = None
    """The level after this one (after the break, when a break comes first)."""
    next_is_break: bool = False
    next_break_at: datetime | None = None
    upcoming: tuple[Upcoming, ...] = ()
    colour_up: int | None = None
    """During the break the plan marks for it: the chip that leaves play."""
    colour_up_to: int | None = None
    # the room's numbers
    in_play: int = 0
    entrants: int = 0
    average_stack: int | None = None
    average_bb: float | None = None
    """The average in big blinds of the level in play (in a break: of the level after it)."""
    prize_pool: Decimal = Decimal(0)
    payouts: tuple[Place, ...] = ()
    second_stacks: tuple[tuple[int, int], ...] = ()
    """(table, amount) of the second stack at each open table, while one can be taken."""
    tables: tuple[TableShown, ...] = ()
    """Every open table, its players by seat (the room's tables screen), in every stage."""
    voice: bool = True
    """The screens say aloud what they chime (the event's setting ``voice``)."""
    # what the stage adds
    seats: tuple[SeatShown, ...] = ()
    closed_table: int | None = None
    final_drawn: bool = False
    counted_at: datetime | None = None
    """At the final table: when its chips were last counted (the final draw's, or a count's)."""
    winner: str | None = None
    places: tuple[Place, ...] = ()
    season: Season | None = None
    message: Message | None = None
    """The Director's message to the room, shown at every stage (``slices.show_message``)."""
    changes_at: datetime | None = None
    """The next instant at which the picture changes with the time alone (the last minute,
    zero, the moves leaving the screen, the message's end): a live screen asks again then."""
    ran_into_last_minute: bool = True
    """The period's countdown had more than a minute at its latest start (a level's, a
    resume, a clock set): its last minute is one to announce, a set to less is not."""

    @property
    def clock_shown(self) -> bool:
        return self.level is not None and self.stage not in ("winner", "over")


def room(
    state: State,
    status: ClockStatus | None,
    moved: Moved | None,
    now: datetime,
    season: Season | None = None,
) -> Room:
    """What the room's screen shows: a pure function of the State, the clock's status at
    ``now``, the log's latest moves and the season's standings (None: not shown)."""
    base = _numbers(state, status, now)
    if state.phase == "finished":
        return _result(state, now, base)
    clock = _clock(state, status, now) if status is not None else {}
    stage: Stage
    changes: list[datetime] = []
    recent = (
        moved is not None
        and state.phase in ("elimination", "final")
        and now - moved.at < MOVES_SHOWN
        and not (moved.closed is None and moved.busted_since)
    )
    if status is None:
        stage = "seats" if state.phase == "seated" else "waiting"
    elif state.phase == "seated":
        stage = "seats"
    elif status.is_break and not status.pending_announcement:
        stage = "break"  # (a break is the break, even just after a closing)
    elif status.pending_announcement:
        stage = "pending"
    elif recent:
        stage = "moves"
    elif not status.running:
        stage = "paused"
    elif state.phase == "final":
        stage = "final"
    elif status.remaining <= LAST_MINUTE:
        stage = "last_minute"
    else:
        stage = "level"
    if stage == "moves" and moved is not None:
        changes.append(moved.at + MOVES_SHOWN)
    zero = clock.get("zero_at")
    if isinstance(zero, datetime) and status is not None and not status.pending_announcement:
        if zero - LAST_MINUTE > now:  # (a break's last minute chimes too)
            changes.append(zero - LAST_MINUTE)
        changes.append(zero)
    changes += _message_ends(base["message"])
    seats: tuple[SeatShown, ...] = ()
    if stage in ("seats", "moves", "final"):
        seats = _seats(state, moved if stage == "moves" else None)
    return Room(
        stage=stage,
        now=now,
        seats=seats,
        closed_table=moved.closed if stage == "moves" and moved is not None else None,
        final_drawn=stage == "moves" and moved is not None and moved.closed is None,
        counted_at=moved.counted_at if stage == "final" and moved is not None else None,
        season=season if stage == "break" else None,
        changes_at=min(changes) if changes else None,
        ran_into_last_minute=_ran_into_last_minute(state),
        **base,
        **clock,
    )


def _ran_into_last_minute(state: State) -> bool:
    """The running period had more than a minute left at its latest transition."""
    clock = state.clock
    if clock is None or clock.ends_at is None or clock.as_of is None:
        return True
    return bool(clock.ends_at - clock.as_of > LAST_MINUTE)


def _message_ends(message: Message | None) -> list[datetime]:
    """When the message leaves the screens by itself, if it does."""
    return [message.until] if message is not None and message.until is not None else []


def _numbers(state: State, status: ClockStatus | None, now: datetime) -> dict[str, Any]:
    average = state.average_stack
    big = None
    if status is not None:
        big = status.next.big_blind if status.is_break and status.next else status.big_blind
    rows = payouts(state)
    held = [
        Place(
            row.player_place or row.place,
            row.player,
            row.prize if row.player else row.amount,
            row.tied,
            row.disqualified,
        )
        for row in rows
    ]
    # Tied with the last paid place's holder: they share its prize (V.1).
    beyond = paid_beyond_the_table(rows, results(state))
    held += [Place(r.place, r.player, r.prize, True) for r in beyond]
    return {
        "event": state.name,
        "currency": state.settings.currency,
        "in_play": state.in_play,
        "entrants": state.entrants,
        "average_stack": average,
        "average_bb": round(average / big, 1) if average is not None and big else None,
        "prize_pool": state.prize_pool,
        "payouts": tuple(held),
        "second_stacks": tuple(second_stack_offers(state).items()),
        "message": state.message_at(now),
        "tables": open_tables(state),
        "voice": state.settings.display.voice,
    }


def _clock(state: State, status: ClockStatus, now: datetime) -> dict[str, Any]:
    zero_at: datetime | None = None
    if status.running:
        zero_at = now - status.overtime if status.pending_announcement else now + status.remaining
    nxt = status.next
    upcoming: list[Upcoming] = []
    next_break_at: datetime | None = None
    if not status.finished and state.structure is not None:
        rows = plan_live(
            state.clock,
            state.structure,
            now,
            players=max(1, state.in_play),
            chips_in_play=max(1, state.chips_in_play),
            count=12,
            auto_announce=state.settings.clock.auto_announce,
        )[1:]
        for row in rows[:UPCOMING]:
            starts = row.starts_at if status.running else None
            upcoming.append(
                Upcoming(
                    row.level,
                    row.is_break,
                    row.small_blind,
                    row.big_blind,
                    row.ante,
                    row.minutes,
                    starts,
                )
            )
        if status.running and not status.is_break:
            next_break_at = next((r.starts_at for r in rows if r.is_break), None)
    chip, chip_to = (None, None)
    structure = state.structure
    if status.is_break and structure is not None and structure.period(status.index).is_break:
        chip, chip_to = _colour_up(state, status.level)  # (not in a break called now)
    return {
        "level": status.level,
        "is_break": status.is_break,
        "running": status.running,
        "blinds": None
        if status.is_break
        else Blinds(status.level, status.small_blind, status.big_blind, status.ante),
        "remaining_seconds": status.remaining_seconds,
        "overtime_seconds": status.overtime_seconds,
        "zero_at": zero_at,
        "next": None
        if nxt is None
        else Blinds(nxt.level, nxt.small_blind, nxt.big_blind, nxt.ante),
        "next_is_break": status.next_is_break,
        "next_break_at": next_break_at,
        "upcoming": tuple(upcoming),
        "colour_up": chip,
        "colour_up_to": chip_to,
    }


def _colour_up(state: State, break_after: int) -> tuple[int | None, int | None]:
    """(the chip that leaves, the one that replaces it) at the break the plan marks for the
    colour-up (the Decision in ``colour_up``); else (None, None)."""
    chip = next_chip(state.settings)
    if chip is None or state.structure is None:
        return None, None
    unit = state.settings.stacks.chip_unit
    if colour_up_break(state.structure, unit, chip) != break_after:
        return None, None
    return unit, chip


def _seats(state: State, moved: Moved | None) -> tuple[SeatShown, ...]:
    movers = {name for name, _table, _seat in moved.moves} if moved is not None else set()
    out = []
    for p in state.in_players():
        if p.table is None or p.seat is None:
            continue
        table = state.tables[p.table]
        out.append(
            SeatShown(
                p.name,
                p.table,
                p.seat,
                table.seat(p.seat).card,
                table.final,
                p.chips,
                p.name in movers,
            )
        )
    if state.phase == "final":
        out.sort(key=lambda s: s.seat)
    else:
        out.sort(key=lambda s: name_key(s.name))
    return tuple(out)


def _result(state: State, now: datetime, base: dict[str, Any]) -> Room:
    places = [Place(p.place or 0, p.name, p.prize, p.tied) for p in paid_players(state)]
    winner = next((p.name for p in state.players.values() if p.place == 1), None)
    if winner is not None and not any(p.place == 1 for p in places):
        places.insert(0, Place(1, winner, None))
    ended = state.clock.as_of if state.clock is not None else None
    shown = ended is not None and now - ended < WINNER_SHOWN
    changes: list[datetime] = [ended + WINNER_SHOWN] if shown and ended is not None else []
    changes += _message_ends(base["message"])
    return Room(
        stage="winner" if shown else "over",
        now=now,
        winner=winner,
        places=tuple(places),
        changes_at=min(changes) if changes else None,
        **base,
    )


def chime(before: Room | None, after: Room) -> Chime | None:
    """The sound the room hears between two pictures: a level changed, a break started or
    ended, one minute left (of a level or a break), the time up. None at the first picture, or
    when nothing of that happened."""
    if before is None or not before.clock_shown or not after.clock_shown:
        return None
    if after.is_break and not before.is_break:
        return "break"
    if before.is_break and not after.is_break:
        return "resume"
    if after.level != before.level:
        return "level"
    if after.stage == "pending" and before.stage != "pending":
        return "time_up"
    # One minute left: the countdown ran into its last minute (not a clock set to less).
    ran = after.ran_into_last_minute
    if ran and after.stage == "last_minute" and before.stage == "level":
        return "minute"
    if ran and _break_ending(after) and not _break_ending(before):
        return "minute"
    return None


def _break_ending(shown: Room) -> bool:
    """A running break in its last minute."""
    zero = shown.zero_at
    return (
        shown.stage == "break"
        and shown.running
        and zero is not None
        and timedelta(0) < zero - shown.now <= LAST_MINUTE
    )


def room_json(shown: Room) -> dict[str, Any]:
    """``shown`` as the room's web page reads it (``/api/room``): times in ISO 8601 UTC,
    money said with its currency ("1 680 scudi"), chips as numbers."""

    def plain(value: Any) -> Any:
        if isinstance(value, datetime):
            return value.isoformat()
        if isinstance(value, Decimal):
            return money_said(value, shown.currency)
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    document = {key: plain(value) for key, value in asdict(shown).items()}
    document["clock_shown"] = shown.clock_shown
    return document


SEASON_ROWS = 10
"""The season's places shown in the room."""


def season_from(document: dict[str, Any] | None) -> Season | None:
    """The season's board from its ``season --json`` document: None when there is none, or
    when the season does not show itself in the room (``room_display``)."""
    if not document or not document.get("room_display") or not document.get("standings"):
        return None
    rows = tuple(
        SeasonRow(int(r["place"]), bool(r["tied"]), str(r["player"]), str(r["points"]))
        for r in document["standings"][:SEASON_ROWS]
    )
    return Season(str(document["season"]), rows)
