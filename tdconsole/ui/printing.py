"""Printing from the console: a report rendered, then written to a file or queued with ``lp``.

Runs in a worker thread (``ConsoleApp.print_report``); every failure is a RuleError in both
languages, as on the command line (``tdconsole print``).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.reports import render
from tdconsole.store.output import write_free

QUEUE_FORMATS = ("txt", "pdf", "csv")
"""What the printer queue takes as it is (CUPS lays out txt and pdf; html it cannot)."""


def check_queue_format(fmt: str) -> None:
    if fmt not in QUEUE_FORMATS:
        raise RuleError(
            _(
                "the printer queue cannot lay out {fmt}: choose pdf or txt, "
                "or print the html page from a browser"
            ).format(fmt=fmt),
        )


def print_report(
    kind: str,
    state: Mapping[str, Any],
    fmt: str,
    lang: str,
    path: Path | None,
    protect: Path | None = None,
    warnings: list[str] | None = None,
) -> str:
    """Render ``kind`` and write it to ``path``, or queue it when ``path`` is None.

    A file is never replaced: when ``path`` is taken the report goes to the first free name
    after it (``standings-2.pdf``, …); ``protect`` (the event's file) is never written.
    Returns what to tell the Director: the file written, or the printer's answer; what the
    Director should know of the result goes to ``warnings`` (a PDF's letters printed as codes).
    """

    if path is None:
        check_queue_format(fmt)
    data = render(kind, state, fmt, lang=lang, warnings=warnings)
    if path is None:
        return send_to_printer(data, f"{kind}.{fmt}")
    return str(write_free(path, data, protect=protect, make_folder=True))


def send_to_printer(data: bytes, title: str) -> str:
    """Queue ``data`` with ``lp``; a missing or failing queue is a refusal, not a crash."""

    lp = shutil.which("lp")
    if lp is None:
        raise RuleError(
            _("no printer queue: `lp` is not installed; install CUPS or write a file"),
        )
    try:
        done = subprocess.run(
            [lp, "-t", title], input=data, capture_output=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuleError(
            _("no printer queue: {exc}; install CUPS or write a file").format(exc=exc),
        ) from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = lines[-1] if lines else f"lp exited with {done.returncode}"
        raise RuleError(
            _("no printer queue: {detail}; install CUPS or write a file").format(detail=detail),
        )
    return done.stdout.decode("utf-8", "replace").strip() or title
