"""The State of one event file, folded from its log and kept current.

Opening starts from the latest snapshot of the State stored in the file (a derived cache, see
``store.snapshot``) and folds only the events after it; undo and redo refold from there, or
from a checkpoint kept in memory. What other processes append is folded in as it is read.

The State and History read here are never changed once published: new events are folded into
a copy (``State.copy``), or a new State is folded, and the pair is swapped in whole at the end.
A reader on another thread (the console paints while its write is folded on a worker) sees the
State before or after, never one half folded.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Record, Redone, Undone
from tdconsole.domain.fold import History, apply_all, is_control
from tdconsole.domain.invariants import replay_log
from tdconsole.domain.settings import Settings
from tdconsole.domain.state import State
from tdconsole.i18n import Msg, Said, _
from tdconsole.store import snapshot
from tdconsole.store.faults import UNNAMED, validation_words
from tdconsole.store.log import EventLog
from tdconsole.store.memory import IN_MEMORY
from tdconsole.store.opening import StoreError, damaged, shown

CHECKPOINT_EVERY = 100
"""Events between two of the State's checkpoints kept in memory (``StateCache._checkpoints``)."""
CHECKPOINTS_KEPT = 10
"""How many checkpoints are kept: an undo reaching back up to about a thousand events folds
from one of them rather than from the start of the log."""


class StateCache:
    """The State and History of ``store``'s log, as this process last read it."""

    def __init__(self, store: EventLog) -> None:
        self.store = store
        self._folded = (State(settings=Settings()), History())
        """The State and History published, swapped in as one (``_publish``)."""
        self.snapshot_seq = 0
        """The event of the stored snapshot this State was folded from (0: none)."""
        self._checkpoints: list[tuple[int, bytes]] = []
        """The folded State (with its History) at a few recent events, encoded as a snapshot
        is and kept in memory only: an undo or redo of a command after one of them refolds
        from there. The stored snapshot is written just after a command (``keep_snapshot``),
        so undoing that command cannot start from it; without these the whole log was folded
        again (thousands of events on a busy floor, in every process that reads the undo)."""

    @property
    def state(self) -> State:
        return self._folded[0]

    @property
    def _where(self) -> Path | Msg:
        """The log's file, or what names a log in memory, for a message."""
        return IN_MEMORY if self.store.path is None else self.store.path

    @property
    def history(self) -> History:
        return self._folded[1]

    def _publish(self, state: State, history: History) -> None:
        """Make ``state`` and ``history`` the ones read, in one assignment: they are whole."""
        self._folded = (state, history)

    def reload(self) -> None:
        """Fold the log (from the latest usable snapshot when there is one). Reading never
        writes the file: snapshots are stored after writes (``keep_snapshot``)."""
        after = self.state.last_seq  # (for the report of a bad event)
        try:
            if self._from_snapshot() is None and self._from_checkpoint() is None:
                records = self.store.read()
                after = 0
                # Checked as ``import`` checks an export (``invariants.replay_log``): a file
                # is data from anywhere, and a log no live commands could have written is
                # refused, not folded.
                self._publish(*replay_log(records))
                self.snapshot_seq = 0
        except StoreError:
            raise
        except RuleError as exc:  # an event no live command could have recorded
            raise damaged(self._where, exc.said) from None
        except Exception as exc:  # a stored event that cannot be applied: the log is damaged
            raise _unfoldable(self._where, after, exc) from None

    def absorb(self, records: list[Record]) -> None:
        """Fold in ``records``, the next events of the log (an undo or redo refolds)."""
        if not records:
            return
        if any(is_control(r) for r in records):
            self.reload()
            return
        state, history = self.state.copy(), self.history.copy()
        for record in records:
            history.feed(record)
        try:
            apply_all(state, records)
        except Exception as exc:  # another terminal's event that cannot be applied
            raise _unfoldable(self._where, state.last_seq, exc) from None
        self._publish(state, history)
        self._checkpoint()

    def catch_up(self) -> None:
        """Fold in what was appended since this State was read."""
        self.absorb(self.store.read(after=self.state.last_seq))

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
            self.snapshot_seq = seq
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

        state, history = replay_log(tail, start=start)
        if not tail:
            state.last_seq = seq
        self._publish(state, history)
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

    def keep_snapshot(self) -> None:
        """After a write: store a snapshot when SNAPSHOT_EVERY events came since the last."""
        if self.state.last_seq - self.snapshot_seq >= snapshot.SNAPSHOT_EVERY:
            self.save_snapshot()

    def save_snapshot(self) -> None:
        """Store the State as a snapshot in the file (unless the file cannot be written)."""
        seq = self.state.last_seq
        if seq <= self.snapshot_seq or self.store.blocked is not None:
            return
        row = self.store.row(seq)
        if row is None:
            return
        head = snapshot.head_digest(row)
        blob = snapshot.encode(self.state, self.history, head)
        stored = snapshot.seal(seq, head, blob)
        if stored is not None and self.store.save_snapshot(seq, stored, blob):
            self.snapshot_seq = seq


def _unfoldable(path: Path | Msg, after: int, exc: Exception) -> StoreError:
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
    invalid = validation_words(exc, "settings")
    if invalid is not None:
        return invalid
    return UNNAMED  # (never a Python error's words: the file is data from anywhere)
