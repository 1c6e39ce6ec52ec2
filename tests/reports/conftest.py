"""Fixtures of the reports' tests: the event's state as ``state --json`` prints it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parent.parent):  # report_fixtures, and the package without installing
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from report_fixtures import (  # noqa: E402
    FIXTURES,
    event_in_progress,
    finished_event,
    seated_event,
)

from tdconsole.cli import print_cmds  # noqa: E402


@pytest.fixture(params=sorted(FIXTURES))
def any_event(request: pytest.FixtureRequest) -> dict[str, Any]:
    return FIXTURES[request.param]()


@pytest.fixture
def finished() -> dict[str, Any]:
    return finished_event()


@pytest.fixture
def in_progress() -> dict[str, Any]:
    return event_in_progress()


@pytest.fixture
def seated() -> dict[str, Any]:
    return seated_event()


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, finished: dict[str, Any], tmp_path: Path) -> Any:
    """Parse and run ``print ...`` against the finished event, whose print folder is
    ``prints`` in the test's folder."""
    monkeypatch.setattr(print_cmds, "load_state", lambda args: finished)
    monkeypatch.setattr(print_cmds, "printouts_folder", lambda args: tmp_path / "prints")

    def run(*argv: str, lang: str | None = None) -> int:
        parser = argparse.ArgumentParser()
        parser.add_argument("--lang")
        sub = parser.add_subparsers(dest="command")
        print_cmds.register(sub)
        args = parser.parse_args([*(["--lang", lang] if lang else []), "print", *argv])
        return int(args.func(args))

    return run
