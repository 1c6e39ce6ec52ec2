"""State = fold over the log, with undo and redo resolved first.

Undo cancels the whole last effective command; redo restores the most recently undone one as
long as no new command came after it. The fold is a pure function of the records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tdconsole.domain.acting import Who, who_of
from tdconsole.domain.events import CommandNoted, Record, Redone, Signed, Undone
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.change_settings import SettingChanged
from tdconsole.domain.slices.create_event import EventCreated
from tdconsole.domain.state import State, shallow


class History:
    """Which commands are in effect, and which can be redone, after a run of records."""

    def __init__(self) -> None:
        self.active: list[int] = []
        self.redoable: list[int] = []
        self.summaries: dict[int, str] = {}
        """Each command's summary (``summaries.Summary`` when the log keeps it as data)."""
        self.creation: int | None = None
        """The command that created the event (never undone)."""
        self.actors: dict[int, Who] = {}
        """Who made each command (``acting``: fields, never a label)."""
        self.undone_by: dict[int, Who] = {}
        """Who undid each command now redoable (redo follows undo's ownership)."""
        self.directors: set[str] = set()
        """Every Director the log's settings have named, undone or not: an older log's label
        that looks like any of them is a Director's (``acting.role_of``)."""

    def copy(self) -> History:
        """A copy to feed the next records into while readers keep this one (``State.copy``)."""
        new = shallow(self)
        new.active, new.redoable = list(self.active), list(self.redoable)
        new.summaries, new.actors = dict(self.summaries), dict(self.actors)
        new.undone_by, new.directors = dict(self.undone_by), set(self.directors)
        return new

    def feed(self, record: Record) -> None:
        body = record.body
        if isinstance(body, (EventCreated, SettingChanged)):
            named = body.settings.get("director")
            if isinstance(named, str):
                self.directors.add(named)
        if isinstance(body, Undone):
            if body.command in self.active:
                self.active.remove(body.command)
                self.redoable.append(body.command)
                self.undone_by[body.command] = who_of(record)
        elif isinstance(body, Redone):
            if body.command in self.redoable:
                self.redoable.remove(body.command)
                self.active.append(body.command)
                self.undone_by.pop(body.command, None)
        elif record.command not in self.summaries:
            self.active.append(record.command)
            self.redoable.clear()
            self.undone_by.clear()
            self.summaries[record.command] = (
                body.said() if isinstance(body, CommandNoted) else body.type
            )
            self.actors[record.command] = who_of(record)
        if isinstance(body, EventCreated):
            self.creation = record.command

    def who(self, record: Record) -> Who:
        """Who made ``record``, read from the recorded fields: its own when it says who acted
        (a command's first event, an undo, a redo), else its command's (a count's chips, a
        setting's new value), never its actor label against today's Director."""
        if isinstance(record.body, Signed):
            return who_of(record)
        return self.actors.get(record.command) or who_of(record)

    @property
    def last_active(self) -> int | None:
        return self.active[-1] if self.active else None

    @property
    def last_redoable(self) -> int | None:
        return self.redoable[-1] if self.redoable else None


def is_control(record: Record) -> bool:
    return isinstance(record.body, (Undone, Redone))


def in_effect(records: Iterable[Record], history: History) -> Iterable[Record]:
    """The records a fold applies: those of the commands in effect, and the first record of
    every command (it changes nothing but the staff seen in the log, undone or not)."""
    effective = set(history.active)
    return (
        r
        for r in records
        if (r.command in effective or isinstance(r.body, CommandNoted)) and not is_control(r)
    )


def fold(
    records: Sequence[Record], settings: Settings | None = None, *, into: State | None = None
) -> tuple[State, History]:
    """Build the State from the whole log (in the fresh State ``into``, when given: its
    ``last_seq`` tells how far the fold went should an event fail to apply)."""
    history = History()
    for record in records:
        history.feed(record)
    state = into if into is not None else State(settings=settings or Settings())
    apply_all(state, in_effect(records, history))
    if records:
        state.last_seq = records[-1].seq
    return state, history


def apply_all(state: State, records: Iterable[Record]) -> None:
    for record in records:
        record.body.apply(state, record.at)
        state.last_seq = record.seq
