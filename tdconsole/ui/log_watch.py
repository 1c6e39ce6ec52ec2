"""What the log tells that the State does not keep: who did what on another terminal, and the
latest moves of players (a closing, the final draw) with their time, for the room display.

The App owns one ``LogWatch`` and calls ``update`` whenever the State changed; it only reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from tdconsole.domain.acting import who_of
from tdconsole.domain.events import CommandNoted, Redone, Undone
from tdconsole.domain.fold import is_control
from tdconsole.domain.play import FinalDrawn, TableClosed
from tdconsole.domain.room_moves import Moved

__all__ = ["ACTIVITY_KEPT", "Activity", "LogWatch", "Moved", "group_by_command"]

if TYPE_CHECKING:
    from tdconsole.domain.acting import Who
    from tdconsole.domain.events import Record
    from tdconsole.service import Tournament

ACTIVITY_KEPT = 8
"""How many actions from other terminals the console keeps in its activity list."""


@dataclass(frozen=True)
class Activity:
    """One action recorded by another terminal: who, when, and its records."""

    at: datetime
    who: Who
    """Who recorded it (``acting``: the person, the role, the phone)."""
    summary: str
    """The command's summary as the log keeps it (English; translated when shown)."""
    records: tuple[Record, ...]
    kind: str = "command"
    """"command", or "undo" / "redo" of the command summarised."""


def group_by_command(records: list[Record]) -> list[Activity]:
    groups: dict[int, list[Record]] = {}
    for record in records:
        groups.setdefault(record.command, []).append(record)
    out = []
    for group in groups.values():
        first = group[0]
        body = first.body
        kind, summary = "command", body.type
        if isinstance(body, CommandNoted):
            summary = body.summary
        elif isinstance(body, (Undone, Redone)):
            kind, summary = ("undo" if isinstance(body, Undone) else "redo"), body.summary
        out.append(Activity(first.at, who_of(first), summary, tuple(group), kind))
    return out


@dataclass
class LogWatch:
    """Follows the log from the State's last event on; ``moves`` also reads it back once."""

    moves: bool = False
    seen: int | None = None
    moved: Moved | None = None
    activity: list[Activity] = field(default_factory=list)
    """Other terminals' actions, latest last (at most ``ACTIVITY_KEPT``)."""

    def update(self, service: Tournament) -> list[Activity]:
        """Fold in the new records; returns the other terminals' actions among them."""
        last = service.state.last_seq
        if self.seen is None:
            # Opening: what happened before is history, not news.
            self.seen = last
            if self.moves:
                self.moved = service.latest_moves()
            return []
        if last == self.seen:
            return []
        fresh = service.store.read(after=self.seen)
        self.seen = last
        if self.moves and any(
            is_control(r) or isinstance(r.body, (TableClosed, FinalDrawn)) for r in fresh
        ):
            self.moved = service.latest_moves()
        me = service.who
        news = [a for a in group_by_command(fresh) if a.who != me]
        self.activity = (self.activity + news)[-ACTIVITY_KEPT:]
        return news
