"""The command line run in-process, as the tests call it: its exit code and what it printed,
in English unless a test says otherwise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, lang: str | None = "en"
) -> tuple[int, str, str]:
    """``tdconsole --lang LANG ARGV`` (no ``--lang`` with ``lang=None``): its exit code,
    standard output and standard error."""
    code = main([*(["--lang", lang] if lang else []), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_typed(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``tdconsole ARGV`` as typed (no ``--lang``); what argparse ends from inside the parser
    (``--help``, a usage error such as a number out of its range) gives its exit code."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_on(
    capsys: pytest.CaptureFixture[str], event: Path | str, *argv: str
) -> tuple[int, str, str]:
    """``tdconsole --lang en --event EVENT ARGV``."""
    return run(capsys, "--event", str(event), *argv)


def new_event(
    capsys: pytest.CaptureFixture[str], path: Path, name: str, *, lang: str | None = None
) -> str:
    """``tdconsole new PATH --name NAME`` (with the shipped settings unless ``lang``), which
    must succeed: the event's path."""
    assert run(capsys, "new", str(path), "--name", name, lang=lang)[0] == 0
    return str(path)


def started_lines(event: str, names: list[str]) -> list[list[str]]:
    """The command lines that make ``event`` with ``names`` registered and paid in one
    command each, drawn (seed 3) and started (stack 4000, big blind 100)."""
    return [
        ["new", event, "--name", "Serata"],
        ["--event", event, "register", *names],
        ["--event", event, "pay", *names],
        ["--event", event, "draw", "--seed", "3"],
        ["--event", event, "start", "--stack", "4000", "--bb", "100"],
    ]


class Cli:
    """One event's command line in English: each call must end with ``code``; what it printed
    (its standard error when refused)."""

    def __init__(self, capsys: pytest.CaptureFixture[str], event: str) -> None:
        self.capsys, self.event = capsys, event

    def __call__(self, *argv: str, code: int = 0) -> str:
        got, out, err = run_on(self.capsys, self.event, *argv)
        assert got == code, (argv, out, err)
        return out if code == 0 else err

    def json(self, *argv: str) -> Any:
        return json.loads(self(*argv, "--json"))
