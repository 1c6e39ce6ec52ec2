"""The one service every caller uses: the command line, the console and the floor terminals.

``Tournament.execute(command)`` re-reads the log inside the write transaction, lets the command
decide on the latest State, appends its events and folds them in. Undo and redo are events too.

Opening starts from the latest snapshot of the State stored in the file (a derived cache, see
``store.snapshot``) and folds only the events after it; undo and redo refold from there too.
Every ``backup.every`` commands a backup of the file is taken on a thread.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tdconsole.domain.acting import Who, floor_owns, label
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, CommandNoted, Context, Record, Redone, Role, Undone
from tdconsole.domain.fold import History, apply_all, is_control
from tdconsole.domain.identity import actor_name as actor_name  # (the floor names it here)
from tdconsole.domain.identity import check_staff_name, same_person
from tdconsole.domain.invariants import replay_log
from tdconsole.domain.registration import CreateEvent
from tdconsole.domain.settings import Settings, explain
from tdconsole.domain.state import State
from tdconsole.domain.summaries import summary_msg
from tdconsole.domain.texts import clean_text
from tdconsole.i18n import Msg, Said, _
from tdconsole.store import snapshot
from tdconsole.store.backup import BackupWorker, list_backups
from tdconsole.store.eventstore import EventStore, StoreError
from tdconsole.store.faults import own_words
from tdconsole.store.opening import damaged, shown
from tdconsole.store.output import place_new_file

Clock = Callable[[], datetime]

CHECKPOINT_EVERY = 100
"""Events between two of the State's checkpoints kept in memory (``Tournament._checkpoints``)."""
CHECKPOINTS_KEPT = 10
"""How many checkpoints are kept: an undo reaching back up to about a thousand events folds
from one of them rather than from the start of the log."""


def utc_now() -> datetime:
    return datetime.now(UTC)


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


class Tournament:
    """One event, opened from its file."""

    def __init__(
        self,
        store: EventStore,
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
        self.history = History()
        self.state = State(settings=Settings())
        self._seen_version = -1
        self.last_records: list[Record] = []
        self._snapshot_seq = 0
        self._backups: BackupWorker | None = None
        """Takes the automatic backups, from the first write on (a read never needs it)."""
        self._backup_seq: int | None = None
        self._checkpoints: list[tuple[int, bytes]] = []
        """The folded State (with its History) at a few recent events, encoded as a snapshot
        is and kept in memory only: an undo or redo of a command after one of them refolds
        from there. The stored snapshot is written just after a command (``_after_write``),
        so undoing that command cannot start from it; without these the whole log was folded
        again (thousands of events on a busy floor, in every process that reads the undo)."""
        try:
            self._reload()
            self._check_actor()
        except BaseException:
            store.close()  # a log that cannot be read: nothing stays open beside the file
            raise

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, **kwargs: Any) -> Tournament:
        return cls(EventStore(path), **kwargs)

    @classmethod
    def create(cls, path: Path, name: str, settings: Settings, **kwargs: Any) -> Tournament:
        """A new event file, made whole under a temporary name and then linked into place: a
        crash never leaves half an event, and an existing file is never replaced."""
        command = CreateEvent(name=name, settings=settings.model_dump(mode="json"))

        def build(tmp: Path) -> int:
            service = cls(EventStore(tmp, create=True), **kwargs)
            try:
                service.execute(command)
                service.store.seal()
            finally:
                service.close()
            return service.state.last_seq

        place_new_file(path, build)
        return cls.open(path, **kwargs)

    def close(self) -> None:
        if self._backups is not None:
            self._backups.wait()
        self.store.close()

    def wait_for_backup(self, timeout: float | None = None) -> None:
        """Return once the automatic backup under way, if any, is on disk (or has failed)."""
        if self._backups is not None:
            self._backups.wait(timeout)

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
        or like a staff member's already in the log; and the Director's own name signed in
        as floor staff (the floor acts under a name of its own; ``tdconsole floor`` without
        ``--as`` is the Director's own floor terminal)."""
        if self._actor is None:
            return
        check_staff_name(
            self._actor,
            self.state.settings.director,
            self.state.staff,
            on_floor=self._role == "floor",
        )

    def _mine(self, owner: Who | None) -> bool:
        """``owner``'s action is this floor member's own (``acting.floor_owns``)."""
        return floor_owns(self.who, owner, self.state.settings.director)

    def may_undo(self, last: LastAction) -> bool:
        """Whether this terminal may undo ``last``: the Director anything, the floor its own."""
        return self.role == "director" or self._mine(last.who)

    # -- reading ---------------------------------------------------------------------------
    def _reload(self) -> None:
        """Fold the log (from the latest usable snapshot when there is one). Reading never
        writes the file: snapshots are stored after writes (``_after_write``)."""
        try:
            if self._from_snapshot() is None and self._from_checkpoint() is None:
                records = self.store.read()
                self.state = State(settings=Settings())  # (for the report of a bad event)
                # Checked as ``import`` checks an export (``invariants.replay_log``): a file
                # is data from anywhere, and a log no live commands could have written is
                # refused, not folded.
                self.state, self.history = replay_log(records)
                self._snapshot_seq = 0
        except StoreError:
            raise
        except RuleError as exc:  # an event no live command could have recorded
            raise damaged(self.store.path, exc.said) from None
        except Exception as exc:  # a stored event that cannot be applied: the log is damaged
            raise _unfoldable(self.store.path, self.state.last_seq, exc) from None

    def _from_snapshot(self) -> int | None:
        """State and History from the latest usable snapshot plus the events after it; the
        number of events folded, or None when the whole log must be folded (no snapshot, one
        that does not validate or does not match the log, or an undo or redo after it that
        reaches back before it)."""
        found = self.store.load_snapshot()
        if found is None:
            return None
        seq, stored, blob = found
        row = self.store.row(seq)
        if row is None:
            return None
        head = snapshot.head_digest(row)
        if not snapshot.sealed(stored, seq, head, blob):
            return None  # not written by this console on this machine: the log is replayed
        tail = self.store.read(after=seq)
        for record in tail:
            if isinstance(record.body, (Undone, Redone)) and record.body.command <= seq:
                return None
        folded = self._fold_from(blob, seq, head, tail)
        if folded is not None:
            self._snapshot_seq = seq
        return folded

    def _fold_from(self, blob: bytes, seq: int, head: str, tail: Sequence[Record]) -> int | None:
        """State and History from the State encoded at event ``seq`` (a snapshot's or a
        checkpoint's) plus the events after it, checked as ``import`` checks them; the number
        of events folded, or None when the encoded State does not decode for the log as it is
        (its head ``head``)."""
        try:
            snapshot.decode(blob, seq, head)
        except snapshot.SnapshotError:
            return None

        def start() -> tuple[State, History]:  # a fresh copy each time replay_log asks
            return snapshot.decode(blob, seq, head)

        self.state, self.history = replay_log(tail, start=start)
        if not tail:
            self.state.last_seq = seq
        return len(tail)

    def _from_checkpoint(self) -> int | None:
        """State and History from the latest checkpoint in memory that no undo or redo after
        it reaches before; the number of events folded, or None when none serves."""
        if not self._checkpoints:
            return None
        records = self.store.read(after=self._checkpoints[0][0])  # read once, for them all
        reach = None  # the earliest command an undo or redo after a checkpoint names
        at = len(records)
        for seq, blob in reversed(self._checkpoints):
            while at > 0 and records[at - 1].seq > seq:
                at -= 1
                body = records[at].body
                if isinstance(body, (Undone, Redone)):
                    reach = body.command if reach is None else min(reach, body.command)
            if reach is not None and reach <= seq:
                continue
            row = self.store.row(seq)
            if row is None:
                continue
            # (decoded against the log's head: the log under it is still the same)
            folded = self._fold_from(blob, seq, snapshot.head_digest(row), records[at:])
            if folded is not None:
                return folded
        return None

    def _checkpoint(self) -> None:
        """Keep the State in memory when CHECKPOINT_EVERY events came since the last kept."""
        seq = self.state.last_seq
        last = self._checkpoints[-1][0] if self._checkpoints else 0
        if seq - last < CHECKPOINT_EVERY:
            return
        row = self.store.row(seq)
        if row is None:
            return
        blob = snapshot.encode(self.state, self.history, snapshot.head_digest(row))
        self._checkpoints = [*self._checkpoints, (seq, blob)][-CHECKPOINTS_KEPT:]

    def _save_snapshot(self) -> None:
        seq = self.state.last_seq
        if seq <= self._snapshot_seq or self.store.blocked is not None:
            return
        row = self.store.row(seq)
        if row is None:
            return
        head = snapshot.head_digest(row)
        blob = snapshot.encode(self.state, self.history, head)
        stored = snapshot.seal(seq, head, blob)
        if stored is not None and self.store.save_snapshot(seq, stored, blob):
            self._snapshot_seq = seq

    def _after_write(self) -> None:
        """Keep the snapshot near the end of the log, and take a backup when one is due."""
        if self.state.last_seq - self._snapshot_seq >= snapshot.SNAPSHOT_EVERY:
            self._save_snapshot()
        settings = self.state.settings.backup
        if settings.keep <= 0:
            return

        if self._backups is None:
            self._backups = BackupWorker()
        if self._backups.busy():
            return
        if self._backup_seq is None:
            taken = list_backups(self.store.path, settings.folder)
            self._backup_seq = taken[-1].seq if taken else 0
        if self.store.commands_after(self._backup_seq) >= settings.every:
            self._backup_seq = self.state.last_seq
            self._backups.request(self.store.path, settings.folder, settings.keep)

    @property
    def backup_error(self) -> str | None:
        """Why the last automatic backup failed (a full disk, a missing folder), if it did."""
        return self._backups.last_error if self._backups is not None else None

    def backup_error_text(self, lang: str = "en") -> str | None:
        """``backup_error`` in ``lang``."""
        if self._backups is None:
            return None
        failure = self._backups.failure
        return failure.text(lang) if failure is not None else None

    def _absorb(self, records: list[Record]) -> None:
        if not records:
            return
        if any(is_control(r) for r in records):
            self._reload()
            return
        for record in records:
            self.history.feed(record)
        try:
            apply_all(self.state, records)
        except Exception as exc:  # another terminal's event that cannot be applied
            raise _unfoldable(self.store.path, self.state.last_seq, exc) from None
        self._checkpoint()

    def refresh(self) -> bool:
        """Fold in what other processes appended; True when something changed."""
        before = self.state.last_seq
        self._absorb(self.store.read(after=before))
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

    # -- acting ----------------------------------------------------------------------------
    def execute(self, command: Command) -> list[Record]:
        """Validate ``command`` against the latest log and append its events atomically."""
        with self.store.transaction():
            self._absorb(self.store.read(after=self.state.last_seq))
            self._check_actor()
            who = self.who
            ctx = Context(now=self.clock(), rng=self.rng, actor=who.person, role=self.role)
            command.check_role(ctx)
            bodies = command.decide(self.state, ctx)
            if not bodies:
                raise RuleError(
                    _("{describe}: nothing to record").format(
                        describe=summary_msg(command.describe())
                    ),
                )
            noted = CommandNoted(
                summary=command.describe(), person=who.person, role=who.role, via=who.via
            )
            records = self.store.append([noted, *bodies], ctx.now, who.person)
        self._absorb(records)
        self._after_write()
        return records

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
        with self.store.transaction():
            self._absorb(self.store.read(after=self.state.last_seq))
            self._check_actor()
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
            who = self.who
            undone = Undone(
                command=target,
                reason=reason,
                summary=last.summary,
                person=who.person,
                role=who.role,
                via=who.via,
            )
            records = self.store.append([undone], self.clock(), who.person)
        self._absorb(records)
        self._after_write()
        return last.summary

    def redo(self) -> str:
        """Restore the command the last undo cancelled."""
        with self.store.transaction():
            self._absorb(self.store.read(after=self.state.last_seq))
            self._check_actor()
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
            summary = self.history.summaries[target]
            who = self.who
            redone = Redone(
                command=target, summary=summary, person=who.person, role=who.role, via=who.via
            )
            records = self.store.append([redone], self.clock(), who.person)
        self._absorb(records)
        self._after_write()
        return summary

    def session_secret(self) -> bytes:
        """The secret that signs the served floor's sessions (kept in the event file)."""
        return self.store.session_secret(secrets.token_bytes(32))

    def end_session(self, sid: str, until: int, now: int) -> None:
        """Record that the served floor's session ``sid`` was signed out (kept in the file)."""
        self.store.end_session(sid, until, now)

    def ended_sessions(self, now: int) -> set[str]:
        """The served floor's sessions signed out that have not expired yet."""
        return self.store.ended_sessions(now)

    def write_blocked(self) -> Said | None:
        """Why the event file cannot be written now, when the store knows (a read-only
        medium, a full disk); None otherwise."""
        return self.store.blocked

    def log(self) -> list[Record]:
        return self.store.read()


def _unfoldable(path: Path, after: int, exc: Exception) -> StoreError:
    """A log whose stored events cannot be applied in order: damaged, said in one line."""
    what = _fault(exc)
    return StoreError(
        _(
            "{path} is damaged (the event after {after} cannot be "
            "applied: {what}): restore a backup (`tdconsole backups`); "
            "the file was left untouched"
        ).format(path=shown(path), after=after, what=what),
    )


def _fault(exc: Exception) -> Said:
    """What is wrong with a stored event, in one line: a setting out of bounds (an older
    version let ``set entry_fee=1e30`` through) named with what it must be."""
    if isinstance(exc, RuleError):
        return exc.said
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        return _("{where}: {explanation}").format(where=where, explanation=explain(first))
    return own_words(exc, f"{type(exc).__name__}: {exc}".splitlines()[0])
