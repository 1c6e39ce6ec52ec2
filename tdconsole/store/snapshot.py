"""Snapshots: the folded State and History at one point of the log, a derived, disposable cache.

The log stays the truth. A snapshot lets an opening skip the replay of what came before it. It
is data, never code: a JSON document read through pydantic models of the State (the same
validation as every other input), so a file from elsewhere can at worst hold a snapshot that is
refused. It is used only when it was written by this very version of the domain (a fingerprint
of its source), when it validates, and when it matches the log: its sequence number and a digest
of the event it was taken at (the log's head then). Anything else and it is ignored: the event
is folded from the start, as without a snapshot.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import os
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator, ValidationError

import tdconsole.domain as domain
from tdconsole.domain.acting import Who
from tdconsole.domain.clock import ClockState, Structure
from tdconsole.domain.commands import recorded
from tdconsole.domain.events import SCHEMA_VERSION
from tdconsole.domain.fold import History
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary
from tdconsole.store import system
from tdconsole.store.paths import data_dir

FORMAT = "json-1"
SNAPSHOT_EVERY = 500
"""Events folded past the last snapshot before another is written."""


class SnapshotError(Exception):
    """A snapshot that cannot be used (the caller folds the log instead)."""


@cache
def fingerprint() -> str:
    """Changes whenever the domain's code (and so the shape of State) may have changed."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}|{SCHEMA_VERSION}".encode())
    folder = Path(domain.__file__).parent
    for source in sorted(folder.rglob("*.py")):
        digest.update(source.relative_to(folder).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:32]


KEY_FILE = "snapshot.key"
"""In the console's data folder: the secret that seals the snapshots this machine wrote."""


def _key(create: bool) -> bytes | None:
    """This machine's sealing key (made once, readable by its owner only), or None when the
    data folder holds none and ``create`` is false, or cannot hold one."""
    path = data_dir() / KEY_FILE
    try:
        key = path.read_bytes()
        return key if len(key) == 32 else None
    except FileNotFoundError:
        if not create:
            return None
    except OSError:
        return None
    try:
        system.make_folder(path.parent)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | system.BINARY, 0o600)
    except FileExistsError:  # another terminal made it meanwhile
        return _key(create=False)
    except OSError:
        return None
    key = os.urandom(32)
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    return key


def _mac(key: bytes, seq: int, head: str, blob: bytes) -> str:
    message = f"{fingerprint()}|{seq}|{head}|".encode() + blob
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def seal(seq: int, head: str, blob: bytes) -> str | None:
    """What the snapshot row keeps as its fingerprint: this domain's, and the seal of this
    machine over the snapshot (``sealed``). None when no key can be kept (no snapshot)."""
    key = _key(create=True)
    return None if key is None else f"{fingerprint()}.{_mac(key, seq, head, blob)}"


def sealed(stored: str, seq: int, head: str, blob: bytes) -> bool:
    """The snapshot was written by this console on this machine for exactly this log's head,
    after the log before it was checked: the opening trusts its State and replays (checks)
    only the events after it. A snapshot from any other file or machine is not trusted."""
    key = _key(create=False)
    written_by, _dot, mac = stored.partition(".")
    if key is None or written_by != fingerprint():
        return False
    return hmac.compare_digest(mac, _mac(key, seq, head, blob))


def head_digest(row: tuple[object, ...]) -> str:
    """A digest of one stored event exactly as the file holds it."""
    return hashlib.sha256(repr(tuple(row)).encode("utf-8", "surrogatepass")).hexdigest()


def _stored(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and set(value) == {"text", "message", "fields"}:
        text, message, fields = value["text"], value["message"], value["fields"]
        if isinstance(text, str) and isinstance(message, str) and isinstance(fields, dict):
            return recorded(text, message, fields)
    raise ValueError("not a summary")


def _storing(value: str) -> object:
    if isinstance(value, Summary):
        return {"text": str.__str__(value), "message": value.message, "fields": value.fields}
    return value


StoredSummary = Annotated[str, PlainValidator(_stored), PlainSerializer(_storing)]
"""A summary kept with its data (``summaries.Summary``), or an older log's text alone."""


class _History(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    active: list[int]
    redoable: list[int]
    commands: list[int]
    """Every command, in order; ``summaries`` and ``actors`` follow the same order."""
    summaries: list[StoredSummary]
    actors: list[Who]
    undone_by: dict[int, Who]
    """Who undid each redoable command (redo follows undo's ownership)."""
    creation: int | None
    directors: list[str]
    """Every Director the log's settings have named (``History.directors``)."""


class _Document(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    seq: int
    head: str
    state: State
    clock: ClockState | None
    structure: Structure | None
    history: _History


def encode(state: State, history: History, head: str) -> bytes:
    """The snapshot of ``state`` and ``history`` (taken at ``state.last_seq``, whose stored
    event has the digest ``head``)."""
    document = _Document(
        seq=state.last_seq,
        head=head,
        # State types these two loosely (the domain keeps its clock apart): stored typed.
        state=dataclasses.replace(state, clock=None, structure=None),
        clock=state.clock,
        structure=state.structure,
        history=_History(
            active=history.active,
            redoable=history.redoable,
            commands=list(history.summaries),
            summaries=list(history.summaries.values()),
            actors=[history.actors.get(c, Who("", None)) for c in history.summaries],
            undone_by=history.undone_by,
            creation=history.creation,
            directors=sorted(history.directors),
        ),
    )
    return document.model_dump_json().encode()


def decode(blob: bytes, seq: int, head: str) -> tuple[State, History]:
    """The State and History a snapshot holds, if it is a valid one taken at event ``seq``
    whose stored event has the digest ``head``; else ``SnapshotError``."""
    try:
        document = _Document.model_validate_json(blob)
    except (ValidationError, ValueError) as exc:
        raise SnapshotError(f"an invalid snapshot ({type(exc).__name__})") from None
    state = document.state
    if document.seq != seq or state.last_seq != seq or document.head != head:
        raise SnapshotError("a snapshot that does not match the log")
    state.clock, state.structure = document.clock, document.structure
    _check_state(state)
    return state, _history(document.history, seq)


def _check_state(state: State) -> None:
    """What the types alone do not say: every key names what it indexes."""
    for key, player in state.players.items():
        if key != name_key(player.name):
            raise SnapshotError("a player filed under another name")
    for number, table in state.tables.items():
        if number != table.number:
            raise SnapshotError("a table filed under another number")
        for index, seat in enumerate(table.seats, start=1):
            if seat.number != index or (
                seat.player is not None and seat.player not in state.players
            ):
                raise SnapshotError("a seat out of place")
    if (state.clock is None) != (state.structure is None):
        raise SnapshotError("a clock without its structure")


def _history(saved: _History, seq: int) -> History:
    commands = saved.commands
    if not len(commands) == len(saved.summaries) == len(saved.actors):
        raise SnapshotError("a history out of step")
    known = set(commands)
    if (
        len(known) != len(commands)
        or any(not 0 < c <= seq for c in commands)
        or not set(saved.active) | set(saved.redoable) <= known
        or len(set(saved.active)) != len(saved.active)
        or len(set(saved.redoable)) != len(saved.redoable)
        or not set(saved.undone_by) <= set(saved.redoable)
        or (saved.creation is not None and saved.creation not in known)
    ):
        raise SnapshotError("a history naming commands that are not in the log")
    history = History()
    history.active = list(saved.active)
    history.redoable = list(saved.redoable)
    history.summaries = dict(zip(commands, saved.summaries, strict=True))
    history.actors = dict(zip(commands, saved.actors, strict=True))
    history.undone_by = dict(saved.undone_by)
    history.creation = saved.creation
    history.directors = set(saved.directors)
    return history
