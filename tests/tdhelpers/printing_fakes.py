"""The systems' printers faked on Linux: an ``lp`` on a PATH of the test's own, and Windows
(``sys.platform`` and its print verb, ``os.startfile``), each recording what it was given."""

from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

RECORDS = 'echo "$@" > "{folder}/argv"\ncat > "{folder}/job"\necho "request id is q-1"\n'
"""An ``lp`` that keeps its arguments and its input, and answers as CUPS does."""


def fake_lp(monkeypatch: pytest.MonkeyPatch, folder: Path, body: str | None = None) -> Path:
    """An ``lp`` script in ``folder``, first on the PATH; by default it records (``RECORDS``)."""
    lp = folder / "lp"
    lp.write_text("#!/bin/sh\n" + (body or RECORDS.format(folder=folder)))
    lp.chmod(lp.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return lp


@dataclass
class PrintVerb:
    """Windows' ``os.startfile`` faked: each call, with the file's bytes and mode when called."""

    fails: OSError | None = None
    calls: list[tuple[str, str, str]] = field(default_factory=list)
    documents: list[bytes] = field(default_factory=list)
    modes: list[int] = field(default_factory=list)

    def startfile(self, path: str, operation: str = "open", arguments: str = "") -> None:
        self.calls.append((str(path), operation, arguments))
        self.documents.append(Path(path).read_bytes())
        self.modes.append(stat.S_IMODE(os.stat(path).st_mode))
        if self.fails is not None:
            raise self.fails


def fake_windows(monkeypatch: pytest.MonkeyPatch, fails: OSError | None = None) -> PrintVerb:
    """Windows, as far as printing asks: ``sys.platform`` and a recording print verb."""
    verb = PrintVerb(fails)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "startfile", verb.startfile, raising=False)
    return verb


NO_PDF_PROGRAM = OSError(22, "No application is associated with the specified file")
"""What Windows says when no program registered to print PDF files (WinError 1155)."""
