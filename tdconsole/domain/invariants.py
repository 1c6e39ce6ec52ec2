"""What every State the live commands produce satisfies, checked in one place.

``check_state`` holds the invariants of a State (the chip ledger, seats, places, prizes, names);
the play tests assert it after every action of random evenings, so the live commands are known to
keep it. ``replay`` folds a log that did not come from this console's commands (an imported
export) command by command, checking before each event what the live command that records it
checks, and the State after each command: a log no sequence of live commands could have written
is refused whole, with the event at fault.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from pydantic import ValidationError

from tdconsole.domain.acting import floor_owns, role_of, who_of
from tdconsole.domain.authorship import at_event, check_command, check_summary
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import CommandNoted, Record, Redone, Signed, Undone
from tdconsole.domain.fold import History, apply_all, in_effect, is_control
from tdconsole.domain.identity import ReadAs, check_staff_name, same_person
from tdconsole.domain.numbers import chips_text
from tdconsole.domain.play_common import check_chip_unit, require_in
from tdconsole.domain.registration import check_new_player, clean_name
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.register import PlayerRegistered
from tdconsole.domain.state import Player, State
from tdconsole.i18n import Msg, _, ngettext

MAX_NUMBER = 10**18
"""No number the console records comes near this (chips, seconds, levels)."""
MAX_TEXT = 20_000
"""A ruling or a reason is a few thousand characters at most."""
MAX_EVENT_NAME = 200
LINE_BREAKS = "\n\t"
"""The only control characters a free text (a ruling, a reason) may hold; names hold none."""


def _broken(what: Msg, article: str | None = None) -> RuleError:
    return RuleError(what, article)


def _has_control(text: str, allowed: str = "") -> bool:
    if text.isprintable():  # the common case, at C speed: no Cc, Cf, Zl, Zp, Cs, Co, Cn
        return False
    return any(
        unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn") and ch not in allowed
        for ch in text
    )


def check_values(data: Any, record: Record | None = None) -> None:
    """Every text and number inside an event's data (walked without recursion): texts free of
    terminal control, bidi-override and zero-width characters and of sensible length, numbers
    of sensible size."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise _broken(
                    ngettext(
                        "it holds a text of {n} character (at most {limit})",
                        "it holds a text of {n} characters (at most {limit})",
                        len(item),
                    ).format(limit=MAX_TEXT)
                )
            if _has_control(item, LINE_BREAKS):
                raise _broken(_("it holds control characters in {text!r}").format(text=item[:30]))
        elif isinstance(item, bool):
            continue
        elif isinstance(item, (int, float)) and not abs(item) <= MAX_NUMBER:  # NaN too
            raise _broken(_("it holds a number beyond 10^18, more than any count or time"))


def check_state(state: State, names_seen: set[str] | None = None) -> None:
    """The invariants every live command keeps; raises ``RuleError`` naming the first broken.
    ``names_seen``: player names already found good (a replay checks each name once)."""
    if len(state.name) > MAX_EVENT_NAME or _has_control(state.name):
        raise _broken(
            _(
                "the event's name {name!r} has control characters or more than {limit} characters"
            ).format(name=state.name[:30], limit=MAX_EVENT_NAME)
        )
    for player in state.players.values():
        if names_seen is not None:
            if player.name in names_seen:
                continue
            names_seen.add(player.name)
        try:
            if clean_name(player.name) != player.name:
                raise RuleError(_("spaces around the name"))
        except RuleError as exc:
            raise _broken(
                _("the player name {name!r} is not one registration accepts ({why})").format(
                    name=player.name[:30], why=exc.said
                ),
                "I.1",
            ) from None
    _check_chips(state)
    _check_seats(state)
    _check_places(state)


def _check_chips(state: State) -> None:
    in_play = state.chips_in_play
    if in_play != state.issued - state.removed + state.adjusted:
        raise _broken(
            _(
                "the chip ledger does not add up: {in_play} in play, {issued} issued, "
                "{removed} removed, {adjusted} adjusted"
            ).format(
                in_play=in_play,
                issued=state.issued,
                removed=state.removed,
                adjusted=state.adjusted,
            ),
            "III.3",
        )
    for table in state.tables.values():
        if table.chips < 0:
            raise _broken(
                ngettext(
                    "table {table} holds {n} chip", "table {table} holds {n} chips", table.chips
                ).format(table=table.number),
                "III.3",
            )
    for player in state.players.values():
        if player.chips is not None and not 0 <= player.chips <= in_play:
            raise _broken(
                ngettext(
                    "{name} has a count of {chips}: counts go from 0 to the {n} chip in play",
                    "{name} has a count of {chips}: counts go from 0 to the {n} chips in play",
                    in_play,
                ).format(name=player.name, chips=chips_text(player.chips), n=chips_text(in_play)),
                "III.3",
            )
        if player.second_stack is not None and player.second_stack <= 0:
            raise _broken(
                _("{name}'s second stack is {chips}").format(
                    name=player.name, chips=chips_text(player.second_stack)
                ),
                "III.3",
            )


def _check_seats(state: State) -> None:
    seating = state.settings.seating
    for table in state.open_tables():
        seated = [s.player for s in table.seats if s.player is not None]
        limit = seating.final_seats if table.final else seating.table_seats
        if len(seated) != len(set(seated)) or len(seated) > limit:
            raise _broken(
                ngettext(
                    "table {table} seats a player twice or more than {n} player",
                    "table {table} seats a player twice or more than {n} players",
                    limit,
                ).format(table=table.number),
                "II.1",
            )
        for key in seated:
            player = state.players.get(key)
            if player is None or (player.status == "in" and player.table != table.number):
                raise _broken(
                    _("table {table} seats someone who is not there").format(table=table.number),
                    "II.1",
                )


def _check_places(state: State) -> None:
    # One pass over the players (a replay checks this after every command): the places, and
    # the prizes summed over those who hold one (no Decimal made for each of the others).
    by_place: dict[int, list[Player]] = {}
    prizes = Decimal(0)
    for player in state.players.values():
        if player.place is not None:
            by_place.setdefault(player.place, []).append(player)
        if player.prize:
            prizes += player.prize
    for place, holders in by_place.items():
        count = len(holders)
        if count > 1 and not all(p.tied for p in holders):
            raise _broken(
                ngettext(
                    "place {place} is given to {n} player who is not tied",
                    "place {place} is given to {n} players who are not tied",
                    count,
                ).format(place=place),
                "IV.6",
            )
    if prizes > state.prize_pool or (state.phase == "finished" and prizes != state.prize_pool):
        raise _broken(
            _("the prizes ({prizes}) do not match the prize pool ({pool})").format(
                prizes=prizes, pool=state.prize_pool
            ),
            "V.1",
        )


def check_signed(state: State, record: Record, history: History, proving: bool = False) -> None:
    """Who acted, as a live command records it (``acting``): the person the store's actor
    column names, a role, a phone only for the Director, a floor member under a name of his
    own, and an undo or a redo by the floor of its own action only. An older log's entry
    (no role) is read as its label says and checked no further. When ``proving`` (an import),
    an undo or a redo of an older log's too: the floor's, as its label tells, of its own action
    only; and the Director's names a Director the log named."""
    body = record.body
    if not isinstance(body, Signed):
        return
    if body.role is None and body.person is body.via is None:
        if proving and isinstance(body, (Undone, Redone)):
            _check_owner(record, body, state.settings.director, history)
        return
    if body.role is None or body.person != record.actor:
        raise _broken(_("it names who acted apart from the log's own record of it"), "VII.1")
    director = state.settings.director
    if body.role == "floor":
        if body.via is not None:
            raise _broken(_("it has the floor act through a phone"), "VII.1")
        if record.command != 1:  # (the event's Director is named by its first command)
            check_staff_name(body.person, director, on_floor=True)
    # The Director's own entries name him as the settings did (an undo or redo is checked
    # against a State that may lag behind its run: its command is checked when it is read).
    if isinstance(body, CommandNoted) and body.role == "director" and record.command != 1:
        if not same_person(body.person, director):
            raise _broken(
                _("it has {person} act as the Director, who was {director}").format(
                    person=body.person, director=director
                ),
                "VII.1",
            )
        if body.via is not None:
            check_staff_name(body.via, director, on_floor=True)
    if body.role == "floor" and isinstance(body, (Undone, Redone)):
        _check_owner(record, body, director, history)
    elif proving and isinstance(body, (Undone, Redone)):
        # The Director's undo or redo names a Director of the log (the State may lag).
        named = (director, *history.directors)
        if not any(same_person(body.person or "", d) for d in named):
            raise _broken(
                _("it has {person} act as the Director, who was {director}").format(
                    person=body.person, director=director
                ),
                "VII.1",
            )


def _check_owner(record: Record, body: Undone | Redone, director: str, history: History) -> None:
    """An undo or a redo by the floor (its role, or an older log's label that is not the
    Director's) of its own action only."""
    me = who_of(record)
    if role_of(me, director, history.directors) != "floor":
        return
    owned = floor_owns(me, history.actors.get(body.command), director, history.directors)
    if isinstance(body, Redone):
        owned = owned and floor_owns(
            me, history.undone_by.get(body.command), director, history.directors
        )
    if not owned:
        raise _broken(_("the floor undoes or redoes an action that is not its own"), "VII.1")


class _Registered:
    """The players' names of the State being replayed (``ReadAs``), kept as it grows: a
    player is never removed but by folding a fresh State (an undo), which starts it again."""

    def __init__(self) -> None:
        self._state: State | None = None
        self._read_as = ReadAs()

    def of(self, state: State) -> ReadAs:
        if state is not self._state or self._read_as.count > len(state.players):
            self._state, self._read_as = state, ReadAs()
        for player in list(state.players.values())[self._read_as.count :]:
            self._read_as.add(player.name)
        return self._read_as


def check_event(
    state: State,
    record: Record,
    history: History,
    registered: _Registered | None = None,
    proving: bool = False,
) -> None:
    """What the live command that records ``record`` checks before recording it; a player's
    name as ``Register`` checks it with ``registered`` (an import's), else as recorded;
    ``proving``: an import's (``check_signed``)."""
    check_signed(state, record, history, proving)
    body = record.body
    if registered is not None and isinstance(body, PlayerRegistered):
        check_new_player(state, body.name, read_as=registered.of(state))
    if isinstance(body, Undone):
        target = history.last_active
        if body.command != target or body.command == 1:
            raise _broken(
                _("it undoes command {command}, which is not the last one in effect").format(
                    command=body.command
                )
            )
    elif isinstance(body, Redone):
        if body.command != history.last_redoable:
            raise _broken(
                _("it redoes command {command}, which the last undo did not cancel").format(
                    command=body.command
                )
            )
    elif body.type == "event_created":
        if record.command != 1:
            raise _broken(_("it creates the event a second time"))
    elif body.type == "started":
        if state.phase != "seated":
            raise _broken(
                _("it starts a tournament that is not seated or has already started"), "III.1"
            )
    elif body.type == "chips_counted":
        for name, chips in getattr(body, "counts", {}).items():
            check_chip_unit(state, require_in(state, name).name, chips)


def applied(state: State, record: Record) -> None:
    """Apply ``record`` to ``state``, once ``check_event`` passed it: an event that names a
    player, a table or a seat the event does not hold (a file from elsewhere) is refused
    naming it, and one that cannot be applied otherwise is refused as such, never with the
    words of a Python error."""
    try:
        record.body.apply(state, record.at)
    except (RuleError, ValidationError):
        raise  # (a setting out of bounds is said by its field where it is caught)
    except LookupError as exc:
        missing = exc.args[0] if exc.args else ""
        raise _broken(
            _(
                "it names {missing!r}, which the event does not hold (no such player or table)"
            ).format(missing=missing)
        ) from None
    except Exception:
        raise _broken(_("it cannot be applied to the event as the log stands")) from None


def replay(
    records: Sequence[Record],
    settings: Settings | None = None,
    *,
    registering: bool = False,
    proving: bool = False,
) -> State:
    """Fold ``records`` checking each event before it is applied (``check_event``) and the
    State after each command (``check_state``); raises ``RuleError`` naming the event.
    ``registering``: players' names are checked as a registration checks them now (an
    import; an event file opened keeps the players an older console let in); ``proving``: see
    ``replay_log``."""
    return replay_log(records, settings, registering=registering, proving=proving)[0]


Start = Callable[[], tuple[State, History]]
"""A fresh copy of the State and History to go on from (a snapshot's), each time it is called."""


def _refold(state: State, records: Sequence[Record], history: History) -> State:
    """``state`` (a fresh one) with the commands of ``records`` still in effect applied."""
    apply_all(state, in_effect(records, history))
    if records:
        state.last_seq = records[-1].seq
    return state


def replay_log(
    records: Sequence[Record],
    settings: Settings | None = None,
    *,
    start: Start | None = None,
    registering: bool = False,
    proving: bool = False,
) -> tuple[State, History]:
    """``replay``, returning the History too. With ``start``, ``records`` are the events after
    a State already checked (a snapshot's; none of them undoes or redoes a command before it).
    ``proving`` (an import): every command proves its author and its summary too
    (``authorship.check_command``, ``check_summary``), and an older log's undo its owner
    (``check_signed``)."""
    replaying = Replaying(settings, start=start, registering=registering, proving=proving)
    replaying.extend(records)
    return replaying.result()


class Replaying:
    """A log replayed as it grows (``replay_log``'s checks): ``extend`` checks only the
    commands appended since (a copy following the log), ``result`` is the State and History
    after them. Once ``extend`` refused a command, the replay goes no further."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        start: Start | None = None,
        registering: bool = False,
        proving: bool = False,
    ) -> None:
        self._start, self._settings, self._proving = start, settings, proving
        self.records: list[Record] = []
        self.state, self.history = self._fresh()
        self._names_seen: set[str] = set()
        self._registered = _Registered() if registering else None
        # An undo or a redo returns to a State already checked: the State is folded again
        # (from the start, the History being fed as it goes) once it is next needed, so that a
        # run of undos and redos costs one fold, not one each; a run that leaves in effect the
        # commands in effect before it (an undo and its redo) costs none, its State being the
        # one before it (undo and redo record no event of the State, and only commands with a
        # number of their own were recorded so far: the State went as the fold goes).
        self._stale: Record | None = None
        self._in_effect: list[int] = []  # the commands in effect as the run of undos began
        self._unchanged = True  # and no event of the State was applied since (none of a command)
        self._numbered = True  # no command so far reused another's number

    def _fresh(self) -> tuple[State, History]:
        if self._start is not None:
            return self._start()
        return State(settings=self._settings or Settings()), History()

    def _refolded(self, upto: int) -> State:
        """The State after ``records[:upto]`` with the commands in effect now."""
        if self._numbered and self._unchanged and self.history.active == self._in_effect:
            self.state.last_seq = self.records[upto - 1].seq
            return self.state
        return _refold(self._fresh()[0], self.records[:upto], self.history)

    def extend(self, new: Sequence[Record]) -> None:
        """Check and fold ``new``, whole commands following the records replayed so far."""
        records, history = self.records, self.history
        at = len(records)
        records.extend(new)
        while at < len(records):
            end = at + 1
            while end < len(records) and records[end].command == records[at].command:
                end += 1
            group = records[at:end]
            record = group[0]
            try:
                control = any(is_control(r) for r in group)
                if self._stale is not None and not all(is_control(r) for r in group):
                    record = self._stale
                    self.state = self._refolded(at)
                    self._stale, record = None, group[0]
                if not control and record.command in history.summaries:
                    self._numbered = False
                elif control and self._stale is None:
                    self._in_effect, self._unchanged = list(history.active), True
                if self._proving and not control:
                    check_command(group, self.state.settings.director, history.directors)
                for record in group:
                    check_values(record.body.payload(), record)
                    check_values(record.actor, record)
                    check_event(self.state, record, history, self._registered, self._proving)
                    if not is_control(record):
                        applied(self.state, record)
                        self.state.last_seq = record.seq
                        self._unchanged = False
                    history.feed(record)
                if control:
                    self._stale = records[end - 1]
                else:
                    check_state(self.state, self._names_seen)
                    if self._proving:  # (its events' own faults said first; the entry named)
                        record = group[0]
                        check_summary(group, self.state)
            except RuleError as exc:
                raise at_event(record, exc) from None
            at = end

    def result(self) -> tuple[State, History]:
        """The State and History after every record replayed (a run of undos folded)."""
        if self._stale is not None:
            try:
                self.state = self._refolded(len(self.records))
            except RuleError as exc:
                raise at_event(self._stale, exc) from None
            self._stale = None
        return self.state, self.history
