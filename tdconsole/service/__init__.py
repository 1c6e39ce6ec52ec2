"""The one service every caller uses: the command line, the console and the floor terminals.

``Tournament.execute(command)`` re-reads the log inside the write transaction, lets the command
decide on the latest State, appends its events and folds them in. Undo and redo are events too,
written the same way (``Tournament._write``). The State is folded and kept by ``state_cache``;
every ``backup.every`` commands a backup of the file is taken (``auto_backups``). The log is the
event's file (``open``, ``create``), or memory (``in_memory``: a dry run, the domain's tests),
through one ``store.log.EventLog``.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypedDict, cast

from typing_extensions import TypeVar  # (a default: Python 3.13's typing has it)

from tdconsole.domain.acting import Who, floor_owns, label
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import (
    Command,
    CommandNoted,
    Context,
    EventBody,
    Record,
    Redone,
    Role,
    Undone,
)
from tdconsole.domain.fold import History
from tdconsole.domain.identity import actor_name as actor_name  # (the floor names it here)
from tdconsole.domain.identity import check_staff_name, same_person
from tdconsole.domain.next_event import Earlier, earlier
from tdconsole.domain.registration import require_player
from tdconsole.domain.room_moves import Moved, latest_moves
from tdconsole.domain.settings import Settings, check_local_folder
from tdconsole.domain.slices.change_settings import SettingChanged
from tdconsole.domain.slices.create_event import CreateEvent
from tdconsole.domain.state import State
from tdconsole.domain.summaries import summary_msg
from tdconsole.domain.texts import clean_text
from tdconsole.i18n import Msg, Said, _
from tdconsole.now import Clock, utc_now
from tdconsole.service.auto_backups import AutoBackups
from tdconsole.service.copy_wait import WAIT_SECONDS, wait_for_copy
from tdconsole.service.state_cache import StateCache
from tdconsole.store import copy_marks, local_folders
from tdconsole.store.copy_standing import CopyView, copy_view, standing
from tdconsole.store.eventstore import EventStore
from tdconsole.store.log import EventLog
from tdconsole.store.memory import MemoryStore
from tdconsole.store.output import place_new_file

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView, Planned
    from tdconsole.domain.form import Form
    from tdconsole.domain.roster import Roster
    from tdconsole.domain.served import Served
    from tdconsole.domain.slices.spec import Slice
    from tdconsole.service.console_face import ConsoleFace
    from tdconsole.service.faces import Faces

Log = TypeVar("Log", bound=EventLog, default=EventStore)
"""Where a Tournament keeps its log: the event's file unless said otherwise."""


def _faces() -> Faces:
    """The faces' models (``service.faces``), imported the first time a face asks."""
    # lazy: the pages', the console's and the dialogs' models, which a command line that
    # reads or writes the log does without
    from tdconsole.service.faces import FACES

    return FACES


def _console_face() -> ConsoleFace:
    """The console's models (``service.console_face``), imported the first time it asks."""
    # lazy: the console's model, which the command line and the served pages do without
    from tdconsole.service.console_face import CONSOLE_FACE

    return CONSOLE_FACE


def _creation(name: str, settings: Settings) -> CreateEvent:
    """The command that creates the event ``name`` with ``settings``, its local folders
    checked (``settings.check_local_folder``)."""
    for key, value in local_folders.named(settings).items():
        check_local_folder(key, value)
    return CreateEvent(name=name, settings=settings.model_dump(mode="json"))


def event_language(path: Path) -> str | None:
    """The language setting of the event at ``path``, or None when it cannot be read.

    For the messages of commands that do not otherwise open the event (export, the rulebook
    search, the calculators): the language is a courtesy and never stops a command.
    """
    try:
        service = Tournament.open(path)
    except Exception:  # a missing, damaged or foreign file: the command says so itself
        return None
    try:
        return service.state.settings.language
    finally:
        service.close()


class Signature(TypedDict):
    """Who acts, as the fields of a signed event (``events.Signed``)."""

    person: str
    role: Role | None
    via: str | None


@dataclass(frozen=True)
class LastAction:
    """The command an undo would cancel: its number in the log, its summary, who made it."""

    command: int
    summary: str
    who: Who

    @property
    def actor(self) -> Msg | str:
        """Who made it, as a reader sees it ("Direttore (via Anna)")."""
        return label(self.who)


class Tournament(Generic[Log]):
    """One event, opened from its file (or kept in memory: ``in_memory``)."""

    def __init__(
        self,
        store: Log,
        *,
        clock: Clock = utc_now,
        rng: random.Random | None = None,
        actor: str | None = None,
        role: Role = "director",
        via: str | None = None,
    ) -> None:
        try:
            checked = actor_name(actor) if actor is not None else None
            through = actor_name(via) if via is not None else None
        except RuleError:
            store.close()
            raise
        self._via = through
        """The staff member through whom the Director acts (his PIN typed on a phone)."""
        self.store = store
        self.clock = clock
        self.rng = rng or secrets.SystemRandom()
        self._actor = checked
        self._role: Role = role
        self.cache = StateCache(store)
        self.backups = AutoBackups(store)
        self._seen_version = -1
        self.last_records: list[Record] = []
        self.copy_seconds = WAIT_SECONDS
        """How long a write waits for the copy (``copy_wait``)."""
        self.copy_behind: Msg | None = None
        """Why the last write is not on the copy yet (it stands), or None."""
        self._known: list[str] | None = None
        """The names the club knows (``known_players``), read once."""
        self._last: list[str] | None = None
        """The last event's players (``last_event_players``), read once."""
        try:
            self.cache.reload()
            self._check_actor()
        except BaseException:
            store.close()  # a log that cannot be read: nothing stays open beside the file
            raise

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, **kwargs: Any) -> Tournament[EventStore]:
        return Tournament(EventStore(path), **kwargs)

    @classmethod
    def in_memory(cls, name: str, settings: Settings, **kwargs: Any) -> Tournament[MemoryStore]:
        """A new event kept in memory only (``store.memory``): the same commands, refusals,
        log and State as a file's, and nothing written anywhere (no file, no backups, no
        machine's choice of a folder): the events go with the store."""
        command = _creation(name, settings)
        service = Tournament(MemoryStore(), **kwargs)
        try:
            service.execute(command)
        except BaseException:
            service.close()
            raise
        return service

    @classmethod
    def create(
        cls, path: Path, name: str, settings: Settings, **kwargs: Any
    ) -> Tournament[EventStore]:
        """A new event file, made whole under a temporary name and then linked into place: a
        crash never leaves half an event, and an existing file is never replaced."""
        command = _creation(name, settings)

        def build(tmp: Path) -> int:
            service = Tournament(EventStore(tmp, create=True), **kwargs)
            try:
                service.execute(command)
                service.store.seal()
            finally:
                service.close()
            return service.state.last_seq

        place_new_file(path, build)
        for key, value in local_folders.named(settings).items():
            local_folders.choose_here(key, value)  # the settings file was chosen here
        return cls.open(path, **kwargs)

    def close(self) -> None:
        self.backups.wait()
        self.store.close()

    def wait_for_backup(self, timeout: float | None = None) -> None:
        """Return once the automatic backup under way, if any, is on disk (or has failed)."""
        self.backups.wait(timeout)

    @property
    def backup_error(self) -> str | None:
        """Why the last automatic backup failed (a full disk, a missing folder), if it did."""
        return self.backups.error

    def backup_error_text(self, lang: str = "en") -> str | None:
        """``backup_error`` in ``lang``."""
        return self.backups.error_text(lang)

    def folder_notices(self) -> list[Msg]:
        """The folders the event names that were chosen on another computer, said: the
        default is used instead (``store.local_folders``)."""
        return local_folders.folder_notices(self.state.settings)

    @property
    def state(self) -> State:
        """The event as this service last read the log."""
        return self.cache.state

    @property
    def history(self) -> History:
        """The log's commands as undo and redo see them (``fold.History``)."""
        return self.cache.history

    @property
    def actor(self) -> str:
        """Who acts, by name: ``--as`` normalised, the Director's own spelling when it names
        him (the staff member whose phone he uses is ``who.via``)."""
        return self.who.person

    @property
    def who(self) -> Who:
        """Who acts, as the log records it: the person, the role and, for the Director's PIN
        typed on a staff member's phone, that staff member (``acting``)."""
        director = self.state.settings.director
        role = self.role
        if self._actor is None or same_person(self._actor, director):
            return Who(director, role, self._via if role == "director" else None)
        return Who(self._actor, role)

    def _signature(self) -> Signature:
        """``who``'s fields as a signed event (a command's first one, an undo, a redo) keeps
        them."""
        who = self.who
        return Signature(person=who.person, role=who.role, via=who.via)

    @property
    def role(self) -> Role:
        """The floor when opened as the floor, or when ``--as`` names anyone but the event's
        Director (compared by ``same_person``): every face gets its role here, from the
        Director named in the settings now."""
        if self._role == "floor":
            return "floor"
        if self._actor is not None and not same_person(self._actor, self.state.settings.director):
            return "floor"
        return "director"

    def _check_actor(self) -> None:
        """Refuse to act under a name a reader could take for another's (``identity.
        check_staff_name``): one that holds or looks like the Director's without being it,
        or any Director's the log named, or like a staff member's already in the log; and
        the Director's own name signed in as floor staff (the floor acts under a name of its
        own; ``tdconsole floor`` without ``--as`` is the Director's own floor terminal)."""
        if self._actor is None:
            return
        check_staff_name(
            self._actor,
            self.state.settings.director,
            self.state.staff,
            on_floor=self._role == "floor",
            former=self.history.directors,
        )

    def _mine(self, owner: Who | None) -> bool:
        """``owner``'s action is this floor member's own (``acting.floor_owns``)."""
        return floor_owns(self.who, owner, self.state.settings.director, self.history.directors)

    def may_undo(self, last: LastAction) -> bool:
        """Whether this terminal may undo ``last``: the Director anything, the floor its own."""
        return self.role == "director" or self._mine(last.who)

    # -- reading ---------------------------------------------------------------------------
    def refresh(self) -> bool:
        """Fold in what other processes appended; True when something changed."""
        before = self.state.last_seq
        self.cache.catch_up()
        return self.state.last_seq != before

    def poll(self) -> bool:
        """Cheap check for other processes' appends (``PRAGMA data_version``), then refresh.

        Call it often (a console every quarter second): when nothing changed it costs one pragma.
        """
        version = self.store.data_version()
        if version == self._seen_version:
            return False
        self._seen_version = version
        return self.refresh()

    def now(self) -> datetime:
        return self.clock()

    def served(self) -> Served:
        """The event as the served pages read it, as this service last read the log (the room's
        screen, the players' page, the phones: ``domain.served``)."""
        return _faces().served(self.state)

    def console(self, now: datetime) -> ConsoleView:
        """The event as the Director's console reads it at ``now`` (``domain.console_view``),
        as this service last read the log."""
        return _console_face().console(self.state, now)

    def planned(self) -> Planned:
        """The event's settings, structure, clock and players' numbers, as the console's
        structure screen reads them (``console_view.Planned``)."""
        return _console_face().planned(self.state)

    @staticmethod
    def ready_faces() -> None:
        """The pages' and the dialogs' models imported now (``service.faces``): a console calls
        this off its UI thread once its data is shown, so its first dialog waits for none of
        it."""
        _faces()

    def roster(self) -> Roster:
        """The players as a console's dialog reads them, as this service last read the log
        (``domain.roster``)."""
        return _faces().roster(self.state)

    def form(self, declared: Slice) -> Form:
        """The command ``declared`` as its dialog asks for it, on the State as this service
        last read the log (``domain.form``)."""
        return _faces().form(declared, self.state)

    def earlier(self) -> Earlier:
        """This event as a new one "like the last one" copies it: its settings and starting
        structure, its players to offer (``next_event``)."""
        return earlier(self.state)

    def warned(self, records: list[Record]) -> list[Msg]:
        """What ``records``, just recorded here, warn of (``domain.warnings``): a draw outside
        the settings, names much alike. The command stands: the Director decides."""
        # lazy: the warnings read the draw's and the registration's models, for a write alone
        from tdconsole.domain.warnings import warnings_of

        behind = [self.copy_behind] if self.copy_behind is not None else []
        return [*warnings_of(records, self.state), *behind]

    def named(self, typed: Iterable[str]) -> list[str]:
        """The players' names as recorded, from names as typed (case and accents ignored, a
        unique prefix: ``registration.require_player``): what a command built from typed
        names records. An unknown or ambiguous name is refused (``RuleError``)."""
        return [require_player(self.state, raw).name for raw in typed]

    # -- acting ----------------------------------------------------------------------------
    def _write(
        self, decide: Callable[[Context], list[EventBody]], *, taking_over: bool = False
    ) -> list[Record]:
        """The one write path: under the write lock, refuse a copy being followed or an event
        that moved (``copy_marks``), fold in what others appended, check who acts, let
        ``decide`` say what to record on the latest State and append it; then fold it in,
        keep the snapshot near the end of the log and take a backup when one is due."""
        with self.store.transaction():
            copy_marks.check_writable(self.store, taking_over=taking_over)
            self.cache.catch_up()
            self._check_actor()
            ctx = Context(now=self.clock(), rng=self.rng, actor=self.who.person, role=self.role)
            records = self.store.append(decide(ctx), ctx.now, ctx.actor)
            if taking_over and isinstance(self.store, EventStore):
                copy_marks.clear_following(self.store)
        self.cache.absorb(records)
        self.cache.keep_snapshot()
        self.backups.after_write(self.state.settings, self.state.last_seq)
        if isinstance(self.store, EventStore):
            self.copy_behind = wait_for_copy(self.store, records[-1].seq, most=self.copy_seconds)
        return records

    def execute(self, command: Command) -> list[Record]:
        """Validate ``command`` against the latest log and append its events atomically."""
        if command.takes_over:  # (the address the copy followed, read here)
            address = copy_marks.following(self.store) or ""
            command = command.model_validate({**command.model_dump(), "address": address})

        def decide(ctx: Context) -> list[EventBody]:
            command.check_role(ctx)
            bodies = command.decide(self.state, ctx)
            if not bodies:
                raise RuleError(
                    _("{describe}: nothing to record").format(
                        describe=summary_msg(command.describe())
                    ),
                )
            return [CommandNoted(summary=command.describe(), **self._signature()), *bodies]

        records = self._write(decide, taking_over=command.takes_over)
        # A folder set here is this machine's choice (``store.local_folders``); an event in
        # memory makes none.
        if self.store.path is None:
            return records
        changed = {r.body.key for r in records if isinstance(r.body, SettingChanged)}
        for key, value in local_folders.named(self.state.settings).items():
            if key in changed:
                local_folders.choose_here(key, value)
        return records

    def check(self, command: Command) -> None:
        """Refuse ``command`` (``RuleError``) as ``execute`` would on the State this service
        holds, recording nothing: a face asks before it asks to confirm (the dice are not
        this service's: a dry run leaves them as they were)."""
        ctx = Context(now=self.clock(), rng=random.Random(0), actor=self.actor, role=self.role)
        command.check_role(ctx)
        command.decide(self.state, ctx)

    def last_action(self) -> LastAction | None:
        """The command an undo would cancel now (as this service last read the log), with who
        made it: what a face names before it undoes (``undo(expected=…)``)."""
        target = self.history.last_active
        if target is None or target == self.history.creation:
            return None
        return LastAction(
            target, self.history.summaries[target], self.history.actors.get(target, Who("", None))
        )

    def undo(self, reason: str = "", expected: int | None = None) -> str:
        """Cancel the whole last command in effect; returns what was undone.

        ``expected``: the command the caller named (``last_action``); when another terminal
        recorded or undid something meanwhile, nothing is undone and the refusal says what
        the last action is now."""
        reason = clean_text(reason, "reason").strip()
        (record,) = self._write(lambda _ctx: [self._undone(reason, expected)])
        return cast(Undone, record.body).summary

    def _undone(self, reason: str, expected: int | None) -> Undone:
        """The event that cancels the last command in effect, or why this terminal may not."""
        last = self.last_action()
        if last is None:
            raise RuleError(_("nothing to undo"))
        target = last.command
        if expected is not None and target != expected:
            raise RuleError(
                _(
                    "nothing undone: the last action is now {owner}'s ({summary}), "
                    "recorded meanwhile; undo again to undo that one"
                ).format(owner=last.actor, summary=summary_msg(last.summary)),
                "VII.1",
            )
        if not self.may_undo(last):
            raise RuleError(
                _("the last action was {owner}'s: only the Director may undo it").format(
                    owner=last.actor
                ),
                "VII.1",
            )
        return Undone(command=target, reason=reason, summary=last.summary, **self._signature())

    def redo(self) -> str:
        """Restore the command the last undo cancelled."""
        (record,) = self._write(lambda _ctx: [self._redone()])
        return cast(Redone, record.body).summary

    def _redone(self) -> Redone:
        """The event that restores the command the last undo cancelled, or why this terminal
        may not."""
        target = self.history.last_redoable
        if target is None:
            raise RuleError(
                _("nothing to redo: redo follows an undo with nothing in between"),
            )
        # Redo follows undo's ownership: the floor redoes only its own action that it undid
        # itself, never what the Director (or another) cancelled.
        if self.role != "director" and not (
            self._mine(self.history.actors.get(target))
            and self._mine(self.history.undone_by.get(target))
        ):
            raise RuleError(
                _("only the Director may redo an action that another made or undid"),
                "VII.1",
            )
        return Redone(command=target, summary=self.history.summaries[target], **self._signature())

    def copy(self) -> CopyView | None:
        """The copy on a second device (``tdconsole follow``) as the event file last recorded
        it: attached or lost, how far behind; None when no copy ever followed the event."""
        if not isinstance(self.store, EventStore):
            return None
        found = standing(self.store)
        if found is None:
            return None
        oldest = self.store.row(found.confirmed + 1)
        written = datetime.fromisoformat(oldest[4]).timestamp() if oldest is not None else None
        return copy_view(found, self.state.last_seq, written, time.time())

    def elsewhere(self) -> RuleError | None:
        """Why nothing is recorded in this file (``store.copy_marks``): the event moved to its
        copy on another device, or the file is that copy, following; None when it records."""
        try:
            copy_marks.check_writable(self.store)
        except RuleError as refused:
            return refused
        return None

    def moved(self) -> copy_marks.Moved | None:
        """Where the event went, once this file learned it moved (``copy_marks``)."""
        return copy_marks.moved(self.store)

    def write_blocked(self) -> Said | None:
        """Why the event file cannot be written now, when the store knows (a read-only
        medium, a full disk, the file deleted, moved or replaced while open); None
        otherwise."""
        self.store.gone()  # (looked at now)
        return self.store.blocked

    def log(self) -> list[Record]:
        return self.store.read()

    def latest_moves(self) -> Moved | None:
        """The moves of the last closing or final draw still in force (an undone one is left
        out): what the room's screen shows."""
        return latest_moves(self.log(), set(self.history.active))

    def known_players(self) -> list[str]:
        """The players the club already knows and this event has not registered: its seasons'
        and earlier events' (``season.known``), the most played first."""
        if self._known is None:
            self.read_known_players()
        return self._not_registered(self._known or [])

    def last_event_players(self) -> list[str]:
        """The players of the data folder's event changed last before this one ("like the
        last one"), the withdrawn and those registered here left out."""
        if self._last is None:
            self.read_known_players()
        return self._not_registered(self._last or [])

    def read_known_players(self) -> None:
        """Read the names the club knows (``known_players``) and the last event's players
        (``last_event_players``) now: the console does it off its thread when a registration
        opens, so neither ``i`` nor ``ctrl+l`` waits for a file."""
        # lazy: reading the other events' files waits for the first registration
        from tdconsole.season.known import known_names, latest_events

        path = self.store.path  # (an event in memory is in no data folder: none came before)
        latest = [] if path is None else latest_events(path)  # the folder listed once
        self._last = list(read_event(latest[0]).players) if latest else []
        self._known = [] if path is None else known_names(path, latest)

    def _not_registered(self, names: list[str]) -> list[str]:
        here = [p.name for p in self.state.players.values()]
        return [n for n in names if not any(same_person(n, h) for h in here)]


def read_event(path: Path) -> Earlier:
    """The event at ``path`` as a new one copies it (``next_event.Earlier``), read and
    closed."""
    if not path.is_file():
        raise RuleError(_("no event at {path}: check the name or the path").format(path=path))
    service = Tournament.open(path)
    try:
        return service.earlier()
    finally:
        service.close()
