"""The event's backups: ``backups`` (list, take one now, restore one); and the event's
language for commands that do not open it (``follow_event_language``). ``export`` and
``import`` are ``transfer_cmds``.

Their messages follow ``--lang``, else the event's language, else Italian, like every command.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from tdconsole.cli.common import emit_json, event_path, said, say
from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import BackupSettings
from tdconsole.i18n import _
from tdconsole.service import Tournament, event_language
from tdconsole.store.backup import backup_folder, list_backups, restore_backup, take_backup
from tdconsole.store.local_folders import backup_folder_here
from tdconsole.store.paths import resolve_event_path


def follow_event_language(args: argparse.Namespace, path: Path | None = None) -> None:
    """Remember the language of the event at ``path`` (default: the command's event) on
    ``args``, for the messages and refusals of a command that does not open the event itself.
    Nothing to do when ``--lang`` chose; an unreadable or missing event keeps the default."""
    if getattr(args, "lang", None) is not None:
        return
    if path is None:
        if "event_lang" in vars(args):  # already known (or already looked for)
            return
        try:
            path = event_path(args)
        except Exception:  # no event chosen, or a path that cannot be: Italian, the default
            return

    args.event_lang = event_language(path)


def new_event_path(raw: str) -> Path:
    """Where a new event file goes: a bare name in the data folder (as ``resolve_event_path``),
    any other path as written, its last part not resolved (a symbolic link there is refused,
    never followed)."""

    expanded = os.path.expanduser(raw)
    if Path(expanded).parent == Path(".") and not raw.startswith("."):
        return resolve_event_path(raw)
    return Path(os.path.abspath(expanded))


def _backups_of(args: argparse.Namespace) -> tuple[Path, str, int]:
    """The event, its backup folder setting and ``keep`` (defaults when the event is
    unreadable: the backups are what rescue it). Remembers the event's language on ``args``."""

    path = event_path(args, missing_ok=True)
    try:
        service = Tournament.open(path)
    except RuleError:
        defaults = BackupSettings()
        return path, defaults.folder, defaults.keep
    try:
        settings = service.state.settings
        args.event_lang = settings.language
    finally:
        service.close()
    return path, backup_folder_here(settings), settings.backup.keep


def cmd_backups(args: argparse.Namespace) -> int:
    path, folder, keep = _backups_of(args)
    if args.action == "now":
        if not path.is_file():
            raise RuleError(
                _("no event file at {path}: nothing to back up").format(path=path),
            )
        made = take_backup(path, folder, max(keep, 1))
        say(
            args,
            _("backup of {name} (event {seq}) at {path}").format(
                name=path.name, seq=made.seq, path=made.path
            ),
        )
        return 0
    backups = list_backups(path, folder)
    if args.action == "restore":
        if not args.which or not args.to:
            raise RuleError(
                _("restore needs a backup and a new path: backups restore N --to PATH"),
            )
        chosen = _choose(backups, args.which)
        target = new_event_path(args.to)
        seq = restore_backup(chosen, target, force=args.force)
        say(
            args,
            _("restored {name} (up to event {seq}) into {target}").format(
                name=chosen.name, seq=seq, target=target
            ),
        )
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
    where = backup_folder(path, folder)
    if not rows:
        say(
            args,
            _("no backups of {name} yet (folder {folder})").format(name=path.name, folder=where),
        )
        return 0
    say(
        args,
        _("backups of {name}, newest first (folder {folder})").format(name=path.name, folder=where),
    )
    up_to = said(args, _("up to event"))
    for row in rows:
        stamp = row["taken_at"][:19].replace("T", " ")
        print(f"{row['number']:>3}.  {stamp} UTC  {up_to} {row['seq']:<6} {row['bytes']:>9} B")
    say(
        args,
        _("restore one with `tdconsole backups restore N --to PATH`"),
    )
    return 0


def _choose(backups: list[Any], which: str) -> Path:
    newest_first = list(reversed(backups))
    number = which.isascii() and which.isdigit() and len(which) <= 6  # (not 5,000 nines)
    if number and 1 <= int(which) <= len(newest_first):
        chosen: Path = newest_first[int(which) - 1].path
        return chosen
    candidate = Path(os.path.expanduser(which))
    try:
        if "\x00" not in which and candidate.is_file():
            return candidate
    except OSError:
        pass
    raise RuleError(
        _(
            "no backup {which!r}: give a number from `tdconsole backups` (1 = newest) or a file"
        ).format(which=which if len(which) <= 60 else which[:60] + "…"),
    )


FORCE_HELP = _("replace the file if it exists (never an event file, a link, a folder or a device)")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "backups", help=_("list the event's automatic backups, take one now, or restore one")
    )
    p.add_argument("action", nargs="?", choices=("list", "now", "restore"), default="list")
    p.add_argument(
        "which", nargs="?", metavar=_("N|FILE"), help=_("restore: backup number or file")
    )
    p.add_argument("--to", metavar=_("PATH"), help=_("restore: the new event file"))
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    p.add_argument(
        "--force", action="store_true", help=_("restore: {force}").format(force=FORCE_HELP)
    )
    p.set_defaults(func=cmd_backups)
