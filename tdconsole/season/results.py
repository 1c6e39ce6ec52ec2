"""One event's finishing places, read from its file read-only and never changed.

The file is checked as the store checks it (its marker, its format, a ``quick_check``) and its
log folded (``domain.finishes``), through a connection that cannot write. A closed event (no
``-wal`` beside it) is opened ``immutable``, so nothing is created in its folder; an event some
console has open right now (its ``-wal`` and ``-shm`` are there) is read through them, read-only.

Anything wrong with a file is never raised: the result says ``damaged`` with the reason (said
in the reader's language), and the season leaves it out.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Literal

import tdconsole.domain.catalog  # noqa: F401  (registers every event type)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import EVENT_TYPES, Record
from tdconsole.domain.finishes import Finish, Outcome, outcome
from tdconsole.i18n import Msg, Said, _, pgettext
from tdconsole.store.eventstore import APP_ID, FORMAT
from tdconsole.store.faults import own_words, sqlite_words

Status = Literal["finished", "unfinished", "damaged"]


@dataclass(frozen=True)
class EventResult:
    path: Path
    status: Status
    name: str = ""
    created: datetime | None = None
    phase: str = ""
    entrants: int = 0
    prize_pool: Decimal = Decimal(0)
    players: tuple[str, ...] = ()
    """Every name registered in the event (two of them may never become one person)."""
    finishes: tuple[Finish, ...] = ()
    problem: RuleError | None = field(default=None, compare=False)
    """Why a damaged event is left out."""

    @property
    def date(self) -> date | None:
        return self.created.date() if self.created else None


class _Damaged(Exception):
    def __init__(self, said: Msg) -> None:
        super().__init__(str(said))
        self.said = said


def read_event(path: Path) -> EventResult:
    """The event at ``path``: finished with its places, unfinished, or damaged (never raises
    for a bad file)."""
    try:
        return _result(path, _read_outcome(path))
    except _Damaged as exc:
        return _damaged(path, exc.said)
    except RuleError as exc:
        return _damaged(path, exc.said)
    except sqlite3.Error as exc:
        return _damaged(path, _("not a readable event file ({why})").format(why=own_words(exc)))
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError) as exc:
        # A log that passes the file checks but does not fold: a damaged or forged file.
        return _damaged(path, _("its log cannot be read ({why})").format(why=own_words(exc)))


def _damaged(path: Path, what: Said) -> EventResult:
    problem = RuleError(
        pgettext("a season's event left out", "{file}: {what}").format(file=path.name, what=what)
    )
    return EventResult(path=path, status="damaged", problem=problem)


def _read_outcome(path: Path) -> Outcome:
    if not path.is_file():
        raise _Damaged(_("no event file at {path}").format(path=path))

    def opened_elsewhere() -> bool:
        # A WAL (or, in a file's brief rollback mode, a journal): someone is writing it.
        return Path(f"{path}-wal").exists() or Path(f"{path}-journal").exists()

    live = opened_elsewhere()
    read = _fold(path, live=live)
    if not live and opened_elsewhere():
        # A console opened it while it was read as a closed file: read it again through its
        # log, now that its -wal and -shm are there.
        read = _fold(path, live=True)
    return read


def _fold(path: Path, *, live: bool) -> Outcome:
    uri = path.resolve().as_uri() + ("?mode=ro" if live else "?immutable=1")
    db = sqlite3.connect(uri, uri=True, timeout=30)
    try:
        (app,) = db.execute("PRAGMA application_id").fetchone()
        if app != APP_ID:
            raise _Damaged(_("not a tdconsole event file"))
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None:
            raise _Damaged(_("no format marker"))
        if int(row[0]) > FORMAT:
            raise _Damaged(_("written by a newer tdconsole: update the console"))
        problems = db.execute("PRAGMA quick_check(3)").fetchall()
        if problems != [("ok",)]:
            found = "; ".join(str(p[0]) for p in problems)
            raise _Damaged(_("damaged ({why})").format(why=sqlite_words(found)))
        rows = db.execute(
            "SELECT seq, command, type, at, actor, data FROM events ORDER BY seq"
        ).fetchall()
    finally:
        db.close()
    stamps: dict[str, datetime] = {}
    records = []
    for seq, command, type_name, at, actor, data in rows:
        kind = EVENT_TYPES.get(type_name)
        if kind is None:
            raise _Damaged(
                _("event {seq} is of a type unknown here ({type!r}): update the console").format(
                    seq=seq, type=type_name
                )
            )
        when = stamps.get(at)
        if when is None:
            when = stamps[at] = datetime.fromisoformat(at)
        records.append(Record(seq, command, when, actor, kind.model_validate_json(data)))
    return outcome(records)


def _result(path: Path, read: Outcome) -> EventResult:
    result = EventResult(
        path=path,
        status="unfinished" if read.finishes is None else "finished",
        name=read.name,
        created=read.created,
        phase=read.phase,
        entrants=read.entrants,
        prize_pool=read.prize_pool,
        players=read.players,
    )
    return result if read.finishes is None else replace(result, finishes=read.finishes)
