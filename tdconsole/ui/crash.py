"""An unexpected error in the console: a crash report beside the event's backups, one line said.

The report names the error and where it happened (files, lines, functions, the source lines):
never a variable's value (Textual's own report prints each frame's locals, which hold the
State, the PIN typed in a sign-in field, the log's PIN hashes). What the error says is kept,
with anything shaped like a stored PIN hash removed. Every action acknowledged on screen is
already in the event file (each is committed before it is shown): the report says so.
"""

from __future__ import annotations

import platform
import re
import sys
import traceback
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

from textual.worker import WorkerFailed

from tdconsole.i18n import _
from tdconsole.store.backup import backup_folder
from tdconsole.store.local_folders import backup_folder_here
from tdconsole.store.output import place_new
from tdconsole.store.paths import data_dir

if TYPE_CHECKING:
    from tdconsole.service import Tournament

_HASH = re.compile(r"scrypt\$[^\s'\"]*|\b[0-9a-fA-F]{32,}\b")


def _redacted(text: str) -> str:
    return _HASH.sub("…", text)


def crash_folder(service: Tournament | None) -> Path:
    """Beside the event's backups (its own folder of them); without an event, the backups'
    base folder."""

    if service is None:
        return data_dir() / "backups"
    return backup_folder(service.store.path, backup_folder_here(service.state.settings))


def report_text(error: BaseException, service: Tournament | None, now: datetime) -> str:
    def installed(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "?"

    lines = [
        "tdconsole crash report",
        f"time: {now:%Y-%m-%d %H:%M:%S} UTC",
        f"tdconsole {installed('tdconsole')}, textual {installed('textual')}, "
        f"rich {installed('rich')}, Python {platform.python_version()} on {sys.platform}",
    ]
    if service is not None:
        lines.append(f"event: {service.store.path}")
        lines.append(f"last event recorded: {service.state.last_seq}")
    lines.append("")
    # A worker's failure carries the error that failed it, with the frames that tell where.
    cause = error.error if isinstance(error, WorkerFailed) else error
    for exc_line in traceback.format_exception(cause, chain=True):
        lines.append(_redacted(exc_line.rstrip("\n")))
    return "\n".join(lines) + "\n"


def write_crash_report(error: BaseException, service: Tournament | None) -> Path | None:
    """Write the report under a new name (never over another); None when it cannot be written
    (the one line said then says so)."""

    now = datetime.now(UTC)
    try:
        text = report_text(error, service, now)
        folder = crash_folder(service)
    except Exception:  # the report must never raise: the console is already closing
        return None
    stamp = f"{now:%Y%m%dT%H%M%SZ}"
    for n in range(1, 100):
        target = folder / (f"crash-{stamp}.txt" if n == 1 else f"crash-{stamp}-{n}.txt")
        if target.exists():
            continue
        try:
            place_new(target, lambda tmp: tmp.write_text(text, "utf-8"), make_folder=True)
        except Exception:
            return None
        return target
    return None


def crash_line(error: BaseException, report: Path | None, lang: str) -> str:
    """The one line the console says on its way out, in ``lang``."""
    what = type(error).__name__
    if report is None:
        return (
            _(
                "tdconsole stopped on an unexpected error ({what}); no crash report could be "
                "written. Every action recorded is in the event file: open it again."
            )
            .format(what=what)
            .text(lang)
        )
    return (
        _(
            "tdconsole stopped on an unexpected error ({what}); crash report: {path}. Every "
            "action recorded is in the event file: open it again."
        )
        .format(what=what, path=report)
        .text(lang)
    )
