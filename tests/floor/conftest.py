"""Fixtures of the floor on a phone: the demo event (24 players seated, started, the clock
stopped) with a 6-digit floor PIN and a Director's PIN; ``browser`` (tests/serve, the one
place chromium is started) made importable."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_pins import DIRECTOR_PIN, FLOOR_PIN
from support import demo_copy, demo_template

from tdconsole.serve.floor.core import Floor

SERVE_TESTS = str(Path(__file__).resolve().parent.parent / "serve")
if SERVE_TESTS not in sys.path:
    sys.path.insert(0, SERVE_TESTS)


@pytest.fixture(scope="session")
def floor_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The floor's event built once a session (each test gets its own copy)."""
    return demo_template(tmp_path_factory.mktemp("floor-demo"), FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def event(tmp_path: Path, floor_demo: Path) -> Path:
    return demo_copy(floor_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def floor(event: Path) -> Iterator[Floor]:
    opened = Floor(event, public=True)
    yield opened
    opened.close()
