"""Title I: creating the event, registration with a cap and a waiting list, fees, settings."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.identity import ReadAs, accents_apart, much_alike
from tdconsole.domain.settings import (
    PinKind,
    Settings,
    is_pin_key,
    masked,
    validate_settings,
)
from tdconsole.domain.state import Player, Seat, State, card_for, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.domain.texts import check_line
from tdconsole.i18n import Msg, _

MAX_NAME = 60


def clean_name(raw: str) -> str:
    """A player's name as typed, trimmed; control characters and empty names are refused."""
    name = raw.strip()
    if not name:
        raise RuleError(
            _("a player's name cannot be empty: type the name"),
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        raise RuleError(
            _("the name {name!r} contains control characters: retype it").format(name=name),
        )
    if len(name) > MAX_NAME:
        raise RuleError(
            _("the name {name!r}… is longer than {MAX_NAME} characters: shorten it").format(
                name=name[:20], MAX_NAME=MAX_NAME
            ),
        )
    return name


def require_player(state: State, name: str) -> Player:
    """The one player ``name`` means as people type it (``State.match``: case and accents
    ignored, a unique prefix); none or several are refused, the candidates listed."""
    found = state.match(name)
    if not found:
        raise RuleError(
            _("no player named {strip!r}: check the spelling (see `standings`)").format(
                strip=name.strip()
            ),
        )
    if len(found) > 1:
        shown = ", ".join(p.name for p in found[:8]) + (", …" if len(found) > 8 else "")
        raise RuleError(
            _("{strip!r} may be {found} players: {shown}; type more of the name").format(
                strip=name.strip(), found=len(found), shown=shown
            ),
        )
    return found[0]


def check_new_player(
    state: State, name: str, given: Sequence[str] = (), read_as: ReadAs | None = None
) -> None:
    """The one check of a new player's name (``register``'s, and an import's of each player it
    brings): refuse a name not written as a registration records it (``check_written``), one
    that names a player of the event, or one ``given`` before it in the same registration, or
    that reads as one of them (``ReadAs``: ``Rоssi`` with a Cyrillic о beside ``Rossi``), so
    that no two players read alike on the standings, the slips or the room's screen (Art.
    I.1). Apart by accents or by a plainly written Latin letter they are two people
    (``Rossi I.`` and ``Rossi L.``): accepted, and ``accent_twins`` names those that read
    much alike. ``read_as``: the names of the event and of ``given``, when the caller keeps
    them."""
    check_written(name)
    existing = state.players.get(name_key(name))
    if existing is not None and existing.status != "withdrawn":
        raise RuleError(
            _("{name!r} is already registered: names must differ").format(name=existing.name),
        )
    if existing is not None:
        raise RuleError(
            _("{name!r} withdrew from this event: register under another name").format(
                name=existing.name
            ),
        )
    if any(name_key(name) == name_key(other) for other in given):
        raise RuleError(_("{name!r} is given twice: list each player once").format(name=name))
    if read_as is None:
        read_as = ReadAs([*(p.name for p in state.ordered_players()), *given])
    refusal = read_as.refusal(name)
    if refusal is not None:
        raise RuleError(refusal, "I.1")


def check_written(name: str) -> None:
    """Refuse a player's name not written as a registration records it: a control, invisible
    or blank character (``texts.check_line``), spaces around it, letters not composed (NFC),
    or a mark on no letter (an accent after a space or at the start)."""
    if check_line(name, "names") != name or clean_name(name) != name:
        raise RuleError(
            _("the name {name!r} has spaces around it or letters not composed: retype it").format(
                name=name
            ),
        )
    on_letter = False
    for ch in name:
        if unicodedata.category(ch).startswith("M"):
            if not on_letter:
                raise RuleError(
                    _("the name {name!r} has a mark on no letter ({code}): retype it").format(
                        name=name, code=f"U+{ord(ch):04X}"
                    ),
                )
        else:
            on_letter = ch.isalpha()


def accent_twins(state: State, name: str) -> list[Msg]:
    """A warning for each player registered before ``name`` whose name is his but for its
    accents (``Rossi``, then ``Rossí``: a search typed without accents finds them together) or
    reads much like his in ordinary letters (``Elia``, then ``Ella``): two people, as
    registered."""
    player = state.find(name)
    if player is None:
        return []
    said = []
    for other in state.ordered_players():
        if other.order >= player.order:
            continue
        if accents_apart(player.name, other.name):
            said.append(
                _(
                    "{name!r} differs from {other!r} only by accents: registered as another "
                    "player; if they are one person, undo it"
                ).format(name=player.name, other=other.name)
            )
        elif much_alike(player.name, other.name):
            said.append(
                _(
                    "{name!r} reads much like {other!r}: registered as another player; if "
                    "they are one person, undo it"
                ).format(name=player.name, other=other.name)
            )
    return said


# -- events ---------------------------------------------------------------------------------


class EventCreated(EventBody):
    type: ClassVar[str] = "event_created"
    name: str
    settings: dict[str, Any]
    handovers: bool = False
    """Prizes are paid when recorded as handed over (I.7): True since that record exists, so
    an older file, without it, keeps counting a decided prize as paid."""

    def apply(self, state: State, at: datetime) -> None:
        state.name = self.name
        state.created_at = at
        state.handovers = self.handovers
        state.settings = Settings.model_validate(self.settings)


class PlayerRegistered(EventBody):
    """Art. I.1: a place, or the waiting list once the places are taken."""

    type: ClassVar[str] = "player_registered"
    name: str
    waitlisted: bool = False

    def apply(self, state: State, at: datetime) -> None:
        state.players[name_key(self.name)] = Player(
            name=self.name,
            order=len(state.players),
            status="waitlisted" if self.waitlisted else "registered",
        )


class SettingChanged(EventBody):
    """A Director's change of a setting (Art. VII.1), with the settings it produced."""

    type: ClassVar[str] = "setting_changed"
    key: str
    value: str
    settings: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        state.settings = Settings.model_validate(self.settings)
        seats = state.settings.seating.table_seats
        for table in state.tables.values():
            if table.final or not table.open:
                continue
            while len(table.seats) < seats:
                number = len(table.seats) + 1
                table.seats.append(Seat(number, card_for(number, table.suit)))
            while len(table.seats) > seats and table.seats[-1].player is None:
                table.seats.pop()
        if state.phase == "registration":
            # More places (I.1): the waiting list moves up in order.
            free = state.settings.registration.max_players - state.registered_count
            waiting = [p for p in state.ordered_players() if p.status == "waitlisted"]
            for player in waiting[: max(free, 0)]:
                player.status = "registered"


def waiting_said(registered: PlayerRegistered) -> Msg | None:
    """A registration put on the waiting list (Art. I.1)."""
    if not registered.waitlisted:
        return None
    return _("{name}: waiting list").format(name=registered.name)


# -- commands -------------------------------------------------------------------------------


class CreateEvent(Command):
    name: str
    settings: dict[str, Any]

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ()}  # ("Torneo" for a name left empty)

    def describe(self) -> Summary:
        return summary_of(said.CREATE_EVENT, name=self.name)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.created_at is not None:
            raise RuleError(
                _("this event already exists: use `new` with another path"),
            )
        name = self.name.strip() or "Torneo"
        validate_settings(self.settings, source=_("the event's settings"))
        return [EventCreated(name=name, settings=self.settings, handovers=True)]


class Register(Command):
    names: list[str] = Field(min_length=1)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("player_registered.name",)}

    def describe(self) -> Summary:
        return summary_of(said.REGISTER, name=", ".join(n.strip() for n in self.names))

    @classmethod
    def check_applies(cls, state: State) -> None:
        if state.phase == "seated":
            raise RuleError(
                _(
                    "registration closed with the seat draw: for a latecomer, undo the draw, "
                    "register him and draw again"
                ),
                "I.1",
            )
        if state.phase != "registration":
            raise RuleError(
                _("registration closed with the seat draw: no new players now"),
                "I.1",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        cap = state.settings.registration.max_players
        taken = state.registered_count
        events: list[EventBody] = []
        given: list[str] = []
        read_as = ReadAs(p.name for p in state.ordered_players())
        for raw in self.names:
            name = clean_name(raw)
            check_new_player(state, name, given, read_as)
            given.append(name)
            read_as.add(name)
            waitlisted = taken >= cap
            if not waitlisted:
                taken += 1
            events.append(PlayerRegistered(name=name, waitlisted=waitlisted))
        return events


class ChangeSettings(Command):
    """``set KEY=VALUE ...``: Director only, logged (Art. VII.1)."""

    assignments: list[tuple[str, str]] = Field(min_length=1)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"setting": ()}  # (a PIN masked)

    def describe(self) -> Summary:
        return summary_of(said.SET, setting=" ".join(masked(k, v) for k, v in self.assignments))

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        settings = state.settings
        events: list[EventBody] = []
        pins: dict[PinKind, str] = {}
        for key, value in self.assignments:
            if is_pin_key(key):  # a PIN is logged only as a salted hash (``access``)
                # lazy: access (its PIN events) loads for a PIN's `set` alone: reading a log
                # loads only its event types' modules (tests/test_start_up.py)
                from tdconsole.domain.access import pin_change

                events.append(pin_change(key, value, ctx, state, pins))
                continue
            settings = settings.with_value(key.strip(), value)
            events.append(
                SettingChanged(
                    key=key.strip(), value=value, settings=settings.model_dump(mode="json")
                )
            )
        seats = settings.seating.table_seats
        for table in state.open_tables():
            occupied = [s.number for s in table.seats if s.player is not None]
            if not table.final and occupied and max(occupied) > seats:
                raise RuleError(
                    _("table {number} uses seat {occupied}: table_seats cannot go below it").format(
                        number=table.number, occupied=max(occupied)
                    ),
                    "IV.4",
                )
        return events
