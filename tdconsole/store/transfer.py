"""An event as one JSON document (export), and back into a new event file (import).

The document holds every event of the log exactly as stored; importing it replays the same
log, so the state is identical. An import is checked completely (every event readable, the
numbering whole, the replay clean) before a file appears, and it never replaces a file.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import tdconsole.domain.catalog  # noqa: F401  (registers every event type)
from tdconsole.domain.events import EVENT_TYPES, SCHEMA_VERSION, event_from_data, event_from_json
from tdconsole.store.eventstore import EventStore, Row, StoreError

FORMAT_NAME = "tdconsole-event"
FORMAT_VERSION = 1


def export_document(store: EventStore) -> dict[str, Any]:
    """The whole log as a JSON-ready document."""
    events = []
    for seq, command, type_name, schema, at, actor, data in store.rows():
        try:
            payload = json.loads(data)
        except ValueError:
            raise StoreError(
                f"{store.path}: event {seq} is damaged; restore a backup",
                it=f"{store.path}: la voce {seq} del registro è danneggiata; ripristina un backup",
            ) from None
        events.append(
            {
                "seq": seq,
                "command": command,
                "type": type_name,
                "schema": schema,
                "at": at,
                "actor": actor,
                "data": payload,
            }
        )
    name = ""
    created = [e for e in events[:2] if e["type"] == "event_created"]
    if created and isinstance(created[0]["data"], dict):
        name = str(created[0]["data"].get("name", ""))
    return {"format": FORMAT_NAME, "version": FORMAT_VERSION, "name": name, "events": events}


def _bad(source: str, what: str, what_it: str) -> StoreError:
    """An export that cannot be imported: ``what`` is wrong (``what_it`` in Italian)."""
    return StoreError(
        f"{source} is not a usable tdconsole export: {what}",
        it=f"{source} non è un'esportazione di tdconsole utilizzabile: {what_it}",
    )


def rows_from_document(document: Any, source: str) -> list[Row]:
    """Validate an export document completely; returns the rows to store."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise _bad(
            source,
            f'no "format": "{FORMAT_NAME}" marker',
            f'manca il contrassegno "format": "{FORMAT_NAME}"',
        )
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _bad(source, '"version" is missing', 'manca "version"')
    if version > FORMAT_VERSION:
        raise StoreError(
            f"{source} was exported by a newer tdconsole: update the console",
            it=f"{source} è stato esportato da un tdconsole più recente: aggiorna la console",
        )
    events = document.get("events")
    if not isinstance(events, list) or not events:
        raise _bad(
            source,
            '"events" must be a non-empty list',
            '"events" deve essere un elenco non vuoto',
        )
    rows: list[Row] = []
    command_start = 0
    created = False
    for index, item in enumerate(events, start=1):
        where, where_it = f"event {index}", f"la voce {index}"
        if not isinstance(item, dict):
            raise _bad(source, f"{where} is not an object", f"{where_it} non è un oggetto")
        seq, command = item.get("seq"), item.get("command")
        if seq != index:
            raise _bad(
                source,
                f"{where} has seq {seq!r}: events must be numbered 1, 2, 3, ...",
                f"{where_it} ha seq {seq!r}: le voci vanno numerate 1, 2, 3, ...",
            )
        if not isinstance(command, int) or isinstance(command, bool):
            raise _bad(
                source,
                f"{where}: command must be a number",
                f"{where_it}: command deve essere un numero",
            )
        if command == seq:
            command_start = seq
        elif command != command_start:
            raise _bad(
                source,
                f"{where}: command {command} does not open the events before it",
                f"{where_it}: command {command} non apre le voci che la precedono",
            )
        type_name = item.get("type")
        if not isinstance(type_name, str) or type_name not in EVENT_TYPES:
            raise _bad(
                source,
                f"{where}: unknown event type {type_name!r}",
                f"{where_it}: tipo di voce sconosciuto {type_name!r}",
            )
        if command == 1 and type_name == "event_created":
            created = True
        schema = item.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or isinstance(schema, bool) or schema > SCHEMA_VERSION:
            raise _bad(
                source,
                f"{where}: schema {schema!r} is newer than this console",
                f"{where_it}: lo schema {schema!r} è più recente di questa console",
            )
        at, actor = item.get("at"), item.get("actor")
        if not isinstance(at, str) or not isinstance(actor, str):
            raise _bad(
                source,
                f"{where}: at and actor must be text",
                f"{where_it}: at e actor devono essere testo",
            )
        try:
            moment = datetime.fromisoformat(at)
        except ValueError:
            raise _bad(
                source,
                f"{where}: {at[:40]!r} is not an ISO 8601 time",
                f"{where_it}: {at[:40]!r} non è un orario ISO 8601",
            ) from None
        if moment.tzinfo is None:
            raise _bad(
                source,
                f"{where}: the time {at!r} lacks its offset",
                f"{where_it}: all'orario {at!r} manca il fuso (offset)",
            )
        try:
            body = event_from_data(EVENT_TYPES[type_name], item.get("data"))
        except ValueError as exc:
            first = str(exc).splitlines()[0]
            raise _bad(
                source,
                f"{where} ({type_name}) cannot be read: {first}",
                f"{where_it} ({type_name}) non si può leggere: {first}",
            ) from None
        data = json.dumps(body.payload(), ensure_ascii=False, separators=(",", ":"))
        rows.append((seq, command, type_name, schema, at, actor, data))
    if not created:
        raise _bad(
            source,
            "its first command does not create the event",
            "il suo primo comando non crea l'evento",
        )
    return rows


def place_new_file(target: Path, build: Callable[[Path], int]) -> int:
    """Build a file under a temporary name beside ``target`` and link it into place: the
    target appears whole or not at all, and an existing file is never replaced."""
    try:
        target = target.resolve()
        exists = target.exists()
    except (OSError, ValueError) as exc:
        raise StoreError(
            f"cannot use {shown(target)} ({shown(str(exc))})",
            it=f"impossibile usare {shown(target)} ({shown(str(exc))})",
        ) from None
    if exists:
        raise _exists(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".{target.name}.{os.getpid()}.import.tmp"
    tmp.unlink(missing_ok=True)
    try:
        result = build(tmp)
        for suffix in ("-wal", "-shm", "-journal"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise _exists(target) from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
                raise
            # A file system without hard links (a USB stick): exclusive create, then copy.
            with open(tmp, "rb") as src, open(target, "xb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
    except OSError as exc:
        raise StoreError(
            f"cannot write {shown(target)} ({exc.strerror or exc})",
            it=f"impossibile scrivere {shown(target)} ({exc.strerror or exc})",
        ) from None
    finally:
        tmp.unlink(missing_ok=True)
    return result


def _exists(target: Path) -> StoreError:
    return StoreError(
        f"{shown(target)} already exists: choose another path (nothing was replaced)",
        it=f"{shown(target)} esiste già: scegli un altro percorso (nulla è stato sostituito)",
    )


def import_document(document: Any, target: Path, source: str = "the file") -> int:
    """Create the event file ``target`` from an export; returns the number of events."""
    rows = rows_from_document(document, source)
    _check_replay(rows, source)

    def build(tmp: Path) -> int:
        store = EventStore(tmp, create=True)
        try:
            with store.transaction():
                store.insert_rows(rows)
            store.seal()
        finally:
            store.close()
        return len(rows)

    return place_new_file(target, build)


def _check_replay(rows: list[Row], source: str) -> None:
    """Replay the imported log in memory: a log that cannot be folded is refused."""
    from tdconsole.domain.events import Record
    from tdconsole.domain.fold import fold

    records = [
        Record(
            seq,
            command,
            datetime.fromisoformat(at),
            actor,
            event_from_json(EVENT_TYPES[type_name], data),
        )
        for seq, command, type_name, _schema, at, actor, data in rows
    ]
    try:
        fold(records)
    except Exception as exc:  # a log this console cannot replay: say so, create nothing
        raise _bad(
            source,
            f"its events do not replay ({type(exc).__name__}: {exc})",
            f"le sue voci non si possono riapplicare ({type(exc).__name__}: {exc})",
        ) from None


def shown(path: Path | str) -> str:
    """A path for a one-line message: control characters escaped."""
    text = str(path)
    return text if text.isprintable() else repr(text)[1:-1]


def read_document(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StoreError(
            f"{shown(path)} not found: give the exported file",
            it=f"{shown(path)} non trovato: indica il file esportato",
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name, not UTF-8
        raise StoreError(
            f"cannot read {shown(path)} ({shown(str(exc))})",
            it=f"impossibile leggere {shown(path)} ({shown(str(exc))})",
        ) from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise _bad(shown(path), f"not JSON ({exc})", f"non è JSON ({exc})") from None
