"""Commands for the event's data: ``export``, ``import``, ``backups``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tdconsole.cli.common import emit_json, event_path
from tdconsole.domain.errors import RuleError


def cmd_export(args: argparse.Namespace) -> int:
    from tdconsole.store.eventstore import EventStore
    from tdconsole.store.transfer import export_document

    path = event_path(args)
    store = EventStore(path)
    try:
        document = export_document(store)
    finally:
        store.close()
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    target = Path(args.output).expanduser()
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise RuleError(
            f"cannot write {target} ({exc.strerror or exc}): choose another path"
        ) from None
    print(f"exported {len(document['events'])} events of {document['name']!r} to {target}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from tdconsole.store.paths import remember_event, resolve_event_path
    from tdconsole.store.transfer import import_document, read_document

    source = Path(args.file).expanduser()
    target = resolve_event_path(args.to)
    document = read_document(source)
    count = import_document(document, target, source=str(source))
    remember_event(target)
    print(f"imported {count} events into {target}")
    return 0


def _backups_of(args: argparse.Namespace) -> tuple[Path, str, int]:
    """The event, its backup folder setting and ``keep`` (defaults when the event is
    unreadable: the backups are what rescue it)."""
    from tdconsole.domain.settings import BackupSettings
    from tdconsole.service import Tournament

    path = event_path(args)
    try:
        service = Tournament.open(path)
    except RuleError:
        defaults = BackupSettings()
        return path, defaults.folder, defaults.keep
    try:
        settings = service.state.settings.backup
    finally:
        service.close()
    return path, settings.folder, settings.keep


def cmd_backups(args: argparse.Namespace) -> int:
    from tdconsole.store.backup import backup_folder, list_backups, restore_backup, take_backup

    path, folder, keep = _backups_of(args)
    if args.action == "now":
        if not path.is_file():
            raise RuleError(f"no event file at {path}: nothing to back up")
        made = take_backup(path, folder, max(keep, 1))
        print(f"backup of {path.name} (event {made.seq}) at {made.path}")
        return 0
    backups = list_backups(path, folder)
    if args.action == "restore":
        if not args.which or not args.to:
            raise RuleError("restore needs a backup and a new path: backups restore N --to PATH")
        chosen = _choose(backups, args.which)
        from tdconsole.store.paths import resolve_event_path

        target = resolve_event_path(args.to)
        seq = restore_backup(chosen, target)
        print(f"restored {chosen.name} (up to event {seq}) into {target}")
        return 0
    rows: list[dict[str, Any]] = [
        {
            "number": i,
            "path": str(b.path),
            "seq": b.seq,
            "taken_at": b.taken_at.isoformat(),
            "bytes": b.size,
        }
        for i, b in enumerate(reversed(backups), start=1)
    ]
    if args.json:
        emit_json({"event": str(path), "folder": str(backup_folder(path, folder)), "backups": rows})
        return 0
    if not rows:
        print(f"no backups of {path.name} yet (folder {backup_folder(path, folder)})")
        return 0
    print(f"backups of {path.name}, newest first (folder {backup_folder(path, folder)})")
    for row in rows:
        stamp = row["taken_at"][:19].replace("T", " ")
        print(f"{row['number']:>3}.  {stamp} UTC  up to event {row['seq']:<6} {row['bytes']:>9} B")
    print("restore one with `tdconsole backups restore N --to PATH`")
    return 0


def _choose(backups: list[Any], which: str) -> Path:
    newest_first = list(reversed(backups))
    if which.isdigit() and 1 <= int(which) <= len(newest_first):
        chosen: Path = newest_first[int(which) - 1].path
        return chosen
    candidate = Path(which).expanduser()
    try:
        if "\x00" not in which and candidate.is_file():
            return candidate
    except OSError:
        pass
    raise RuleError(
        f"no backup {which!r}: give a number from `tdconsole backups` (1 = newest) or a file"
    )


def register(sub: Any) -> None:
    p = sub.add_parser("export", help="the event as one JSON document (every event of the log)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "import", help="create a new event file from an export (never replaces a file)"
    )
    p.add_argument("file", metavar="FILE", help="the exported JSON")
    p.add_argument("--to", required=True, metavar="PATH", help="the new event file")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser(
        "backups", help="list the event's automatic backups, take one now, or restore one"
    )
    p.add_argument("action", nargs="?", choices=("list", "now", "restore"), default="list")
    p.add_argument("which", nargs="?", metavar="N|FILE", help="restore: backup number or file")
    p.add_argument("--to", metavar="PATH", help="restore: the new event file")
    p.add_argument("--json", action="store_true", help="one JSON document on stdout")
    p.set_defaults(func=cmd_backups)
