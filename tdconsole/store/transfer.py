"""An event as one JSON document (export), and back into a new event file (import).

The document holds every event of the log exactly as stored; importing it replays the same
log, so the state is identical. An import is checked completely (every event readable, the
numbering whole, the replay clean) before a file appears, and it never replaces a file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tdconsole.domain.catalog  # noqa: F401  (registers every event type)
from tdconsole.domain.authorship import check_times
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import (
    EVENT_TYPES,
    SCHEMA_VERSION,
    Record,
    event_from_data,
    event_from_json,
)
from tdconsole.domain.invariants import check_values, replay
from tdconsole.domain.texts import MULTILINE
from tdconsole.i18n import Msg, Said, _
from tdconsole.store.eventstore import EventStore, Row, StoreError
from tdconsole.store.faults import UNNAMED, own_words, validation_words
from tdconsole.store.opening import shown
from tdconsole.store.output import place_new_file
from tdconsole.store.reading import check_depth, read_input, too_deep

FORMAT_NAME = "tdconsole-event"
FORMAT_VERSION = 1


def export_document(store: EventStore, *, with_pins: bool = False) -> dict[str, Any]:
    """The whole log as a JSON-ready document. The PINs' salted hashes stay out of it unless
    ``with_pins`` (the Director's choice): a short PIN's hash is tried out in minutes. Without
    them an imported copy has no PINs (set again with ``set floor_pin=…``)."""
    events = [exported(row, store.path, with_pins=with_pins) for row in store.rows()]
    name = ""
    created = [e for e in events[:2] if e["type"] == "event_created"]
    if created and isinstance(created[0]["data"], dict):
        name = str(created[0]["data"].get("name", ""))
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": name,
        "with_pins": with_pins,
        "events": events,
    }


def exported(row: Row, where: object, *, with_pins: bool = False) -> dict[str, Any]:
    """One stored event as an export holds it (``export_document``); ``where``: the file."""
    seq, command, type_name, schema, at, actor, data = row
    try:
        payload = json.loads(data)
    except ValueError:
        raise StoreError(
            _("{path}: event {seq} is damaged; restore a backup").format(path=where, seq=seq),
        ) from None
    if type_name == "pin_changed" and isinstance(payload, dict) and not with_pins:
        payload["salted_hash"] = None
    without_folders(type_name, payload)
    return {
        "seq": seq,
        "command": command,
        "type": type_name,
        "schema": schema,
        "at": at,
        "actor": actor,
        "data": payload,
    }


def bad_document(source: str | Msg, what: Said) -> StoreError:
    """An export that cannot be imported: ``what`` is wrong."""
    return StoreError(
        _("{source} is not a usable tdconsole export: {what}").format(source=source, what=what)
    )


def rows_from_document(document: Any, source: str | Msg, first: int = 1) -> list[Row]:
    """Validate an export document completely; returns the rows to store. ``first``: the
    number of its first event (a copy's feed: the log's events after those it holds)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise bad_document(source, _('no "format": "{name}" marker').format(name=FORMAT_NAME))
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise bad_document(source, _('"version" is missing'))
    if version > FORMAT_VERSION:
        raise StoreError(
            _("{source} was exported by a newer tdconsole: update the console").format(
                source=source
            ),
        )
    events = document.get("events")
    if not isinstance(events, list) or not events:
        raise bad_document(source, _('"events" must be a non-empty list'))
    rows: list[Row] = []
    with_pins = document.get("with_pins") is True
    command_start = 0
    created = first > 1
    for index, item in enumerate(events, start=first):
        if not isinstance(item, dict):
            raise bad_document(source, _("event {index} is not an object").format(index=index))
        seq, command = item.get("seq"), item.get("command")
        if seq != index:
            raise bad_document(
                source,
                _("event {index} has seq {seq!r}: events must be numbered 1, 2, 3, ...").format(
                    index=index, seq=seq
                ),
            )
        if not isinstance(command, int) or isinstance(command, bool):
            raise bad_document(
                source, _("event {index}: command must be a number").format(index=index)
            )
        if command == seq:
            command_start = seq
        elif command != command_start:
            raise bad_document(
                source,
                _("event {index}: command {command} does not open the events before it").format(
                    index=index, command=command
                ),
            )
        type_name = item.get("type")
        if not isinstance(type_name, str) or type_name not in EVENT_TYPES:
            raise bad_document(
                source,
                _("event {index}: unknown event type {type!r}").format(index=index, type=type_name),
            )
        if command == 1 and type_name == "event_created":
            created = True
        schema = item.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or isinstance(schema, bool) or schema > SCHEMA_VERSION:
            raise bad_document(
                source,
                _("event {index}: schema {schema!r} is newer than this console").format(
                    index=index, schema=schema
                ),
            )
        at, actor = item.get("at"), item.get("actor")
        if not isinstance(at, str) or not isinstance(actor, str):
            raise bad_document(
                source, _("event {index}: at and actor must be text").format(index=index)
            )
        try:
            moment = datetime.fromisoformat(at)
        except ValueError:
            raise bad_document(
                source,
                _("event {index}: {at!r} is not an ISO 8601 time").format(index=index, at=at[:40]),
            ) from None
        if moment.tzinfo is None:
            raise bad_document(
                source,
                _("event {index}: the time {at!r} lacks its offset").format(index=index, at=at),
            )
        # The texts as the document holds them, before reading escapes what a terminal would
        # obey: an import carrying such characters is refused whole, not stored escaped.
        try:
            check_values(item.get("data"))
            check_values(actor)
            _one_line_fields(item.get("data"))
        except RuleError as exc:
            raise bad_document(
                source,
                _("event {index} ({type}): {why}").format(
                    index=index, type=type_name, why=exc.said
                ),
            ) from None
        without_folders(type_name, item.get("data"))
        if _pin_hash(type_name, item.get("data")) and not with_pins:
            raise bad_document(
                source,
                _(
                    "event {index} ({type}) holds a PIN's hash, and the export was made "
                    "without --with-pins: the Director exports it again with --with-pins"
                ).format(index=index, type=type_name),
            )
        try:
            body = event_from_data(EVENT_TYPES[type_name], item.get("data"))
        except ValueError as exc:
            raise bad_document(
                source,
                _("event {index} ({type}) cannot be read: {why}").format(
                    index=index, type=type_name, why=own_words(exc)
                ),
            ) from None
        data = json.dumps(body.payload(), ensure_ascii=False, separators=(",", ":"))
        rows.append((seq, command, type_name, schema, at, actor, data))
    if not created:
        raise bad_document(source, _("its first command does not create the event"))
    return rows


def _pin_hash(type_name: str, data: Any) -> bool:
    """Whether an event's data set a PIN (its hash: only an export ``--with-pins`` has one)."""
    return type_name == "pin_changed" and isinstance(data, dict) and bool(data.get("salted_hash"))


def brings_pins(document: Any) -> bool:
    """Whether importing ``document`` (an export made ``--with-pins``) brings PINs with it."""
    events = document.get("events") if isinstance(document, dict) else None
    return isinstance(events, list) and any(
        isinstance(e, dict) and _pin_hash(str(e.get("type")), e.get("data")) for e in events
    )


_FOLDERS = {"folder": ("backup", "folder"), "print_dir": ("printing", "print_dir")}


def without_folders(type_name: str, data: Any) -> None:
    """Empty, in the data of a stored event, the settings that name a folder of the machine
    that wrote it (``store.local_folders``): an export carries none away, and an import takes
    none in; the copy writes to the default folders until ``set`` chooses others."""
    if type_name not in ("event_created", "setting_changed") or not isinstance(data, dict):
        return
    settings = data.get("settings")
    for key, (section, field) in _FOLDERS.items():
        if isinstance(settings, dict) and isinstance(settings.get(section), dict):
            settings[section][field] = ""
        if type_name == "setting_changed" and data.get("key") == key:
            data["value"] = ""


def _one_line_fields(data: Any) -> None:
    """Line breaks only in prose (a ruling's text, a reason): never in a name or a setting."""
    if not isinstance(data, dict):
        return
    for field, value in data.items():
        if field in MULTILINE:
            continue
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str) and any(ch in item for ch in "\n\r\u2028\u2029"):
                raise RuleError(
                    _("its field {field!r} holds a line break").format(field=field),
                )


THE_FILE = _("the file")
"""How an import names a document that came from no file."""


def import_document(
    document: Any,
    target: Path,
    source: str | Msg = THE_FILE,
    *,
    force: bool | None = None,
    now: datetime | None = None,
) -> int:
    """Create the event file ``target`` from an export; returns the number of events. Its
    times are held to ``now`` (this machine's clock by default: ``authorship.check_times``)."""
    rows = rows_from_document(document, source)
    _check_replay(rows, source, datetime.now(UTC) if now is None else now)

    def build(tmp: Path) -> int:
        store = EventStore(tmp, create=True)
        try:
            with store.transaction():
                store.insert_rows(rows)
            store.seal()
        finally:
            store.close()
        return len(rows)

    return place_new_file(target, build, force=force)


def _check_replay(rows: list[Row], source: str | Msg, now: datetime) -> None:
    """Replay the imported log in memory with every check a live command makes (the domain's
    ``invariants.replay``), each command proving its author and its summary, and its times
    (``authorship``): a log no sequence of live commands could have written is refused."""
    records = records_of(rows)
    with replay_refusals(source):
        replay(records, registering=True, proving=True)
        check_times(records, now)


def records_of(rows: list[Row]) -> list[Record]:
    """The events of ``rows`` checked by ``rows_from_document``, as the replay reads them."""
    return [
        Record(
            seq,
            command,
            datetime.fromisoformat(at),
            actor,
            event_from_json(EVENT_TYPES[type_name], data),
        )
        for seq, command, type_name, _schema, at, actor, data in rows
    ]


@contextmanager
def replay_refusals(source: str | Msg) -> Iterator[None]:
    """A replay's refusal said as the refusal of ``source``, never with a Python error's words."""
    try:
        yield
    except RuleError as exc:
        raise bad_document(source, exc.said) from None
    except Exception as exc:  # a log this console cannot replay: say so, create nothing
        what = validation_words(exc) or UNNAMED  # (never a Python error's words)
        raise bad_document(
            source, _("its events do not replay ({what})").format(what=what)
        ) from None


MAX_EXPORT = 64 * 1024 * 1024
"""An export is about 400 bytes an event: 64 MiB is far more than any evening's log."""


def read_document(path: Path) -> Any:
    """The parsed JSON of an export: a regular file, at most ``MAX_EXPORT`` bytes, nested no
    deeper than ours (see ``store.reading``)."""
    try:
        raw = read_input(path, MAX_EXPORT, _("an export"))
    except FileNotFoundError:
        raise StoreError(
            _("{path} not found: give the exported file").format(path=shown(path)),
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise StoreError(
            _("cannot read {path} ({why})").format(path=shown(path), why=own_words(exc)),
        ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise bad_document(shown(path), _("not UTF-8 text")) from None
    try:
        document = json.loads(text)
    except RecursionError:
        raise too_deep(shown(path)) from None
    except ValueError as exc:
        raise bad_document(shown(path), _("not JSON ({why})").format(why=own_words(exc))) from None
    check_depth(document, shown(path))
    return document
