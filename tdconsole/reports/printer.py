"""A report to the system's printer: the one way the command line, the console and the season
print (docs/printing.md).

Where CUPS is (Linux, macOS) the report goes to ``lp`` as it is: CUPS lays out txt, csv and
pdf. Windows has no queue to pipe to: the report's PDF is written to a private file in the
data folder and handed to the system's print verb (the program registered to print PDF files
prints it on the default printer, or on the one named with ``printto``). So on Windows every
report prints as its PDF, which is the report laid out for paper; a txt given to Notepad would
print in whatever font and margins Notepad has. The program reads the file after the verb
returns, so the file stays a day and the next printing removes it.

Where neither is there, the refusal says in one line how to get the report on paper: write
it to a file, open it and print it (on Windows, the PDF already written is named).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Said, _
from tdconsole.store.faults import oserror_cause
from tdconsole.store.opening import shown
from tdconsole.store.paths import data_dir, folder_setting
from tdconsole.store.system import (
    make_folder,
    print_through_program,
    prints_through_program,
    remove_leftovers,
)

PRINTABLE = ("txt", "pdf", "csv")
"""The formats a printer takes (html has to be laid out by a browser)."""

PRINTS = "prints"
"""The folder beside the event file where its printouts go, unless ``print_dir`` says where."""

KEPT = 24 * 3600
"""How long, in seconds, a PDF handed to Windows' print verb is kept for its program to read."""


def print_folder(event: Path, print_dir: str = "") -> Path:
    """Where an event's printouts are written unless a path is given: its ``print_dir``
    setting, else ``prints/`` beside the event file (the Director finds them with the event,
    not in whichever folder the console was started from)."""
    event = Path(os.path.abspath(event))
    return folder_setting(event, print_dir) or event.parent / PRINTS


def check_printable(fmt: str, choose: Said) -> None:
    """Refuse a format no printer lays out; ``choose`` says how to pick another one."""
    if fmt not in PRINTABLE:
        raise RuleError(
            _(
                "the printer queue cannot lay out {fmt}: {choose}, or print the html page from "
                "a browser"
            ).format(fmt=fmt, choose=choose),
        )


def printed_format(fmt: str) -> str:
    """The format the printer is sent for a report asked for in ``fmt``: its PDF on Windows
    (the print verb prints documents through their program), else ``fmt`` itself."""
    return "pdf" if prints_through_program() else fmt


def send(data: bytes, title: str, printer: str, write: Said) -> str:
    """Print ``data`` (a ``printed_format`` report named ``title``) on ``printer``, or on the
    default printer when it is empty. Returns the queue's answer (``lp``'s job, or the PDF
    handed to Windows); a printer that cannot be reached is a refusal whose fallback is
    ``write`` (how to write the report to a file), never a crash."""
    if prints_through_program():
        return _print_verb(data, title, printer, write)
    return _lp(data, title, printer, write)


def _lp(data: bytes, title: str, printer: str, write: Said) -> str:
    lp = shutil.which("lp")
    if lp is None:
        raise RuleError(
            _(
                "no printer queue: lp is not installed (it comes with CUPS); {write}, then "
                "open it and print it"
            ).format(write=write),
        )
    command = [lp, "-t", title]
    if printer:
        command += ["-d", printer]
    try:
        done = subprocess.run(command, input=data, capture_output=True, timeout=60, check=False)
    except OSError as exc:  # lp cannot be run (not executable, gone since)
        raise _queue_failed(oserror_cause(exc), write) from None
    except subprocess.TimeoutExpired:
        raise _queue_failed(_("lp did not answer in a minute"), write) from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = (
            shown(lines[-1]) if lines else _("lp exited with {code}").format(code=done.returncode)
        )
        raise _queue_failed(detail, write)
    return done.stdout.decode("utf-8", "replace").strip()


def _queue_failed(detail: object, write: Said) -> RuleError:
    return RuleError(
        _("no printer queue: {detail}; {write}, then open it and print it").format(
            detail=detail, write=write
        ),
    )


def _print_verb(data: bytes, title: str, printer: str, write: Said) -> str:
    path = spool(data, title, write)
    try:
        print_through_program(path, printer)
    except OSError:  # no program registered to print PDF files (or to print to PRINTER)
        raise RuleError(
            _(
                "no program on this computer prints PDF files: the report is written to "
                "{path}; open it and print it"
            ).format(path=shown(path)),
        ) from None
    return str(path)


def spool_folder() -> Path:
    return data_dir() / "printing"


def spool(data: bytes, title: str, write: Said) -> Path:
    """``data`` in a new private file of the data folder (read and written by its owner
    alone); the PDFs handed over more than a day ago are removed first."""
    folder = spool_folder()
    try:
        make_folder(folder)
        remove_leftovers(folder, "", ".pdf", KEPT)
        stem = Path(title).stem or "report"
        fd, name = tempfile.mkstemp(prefix=f"{stem}-", suffix=".pdf", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise RuleError(
            _(
                "cannot write the PDF to print in {folder} ({why}); {write}, then open it and "
                "print it"
            ).format(folder=shown(folder), why=oserror_cause(exc), write=write),
        ) from None
    return Path(name)
