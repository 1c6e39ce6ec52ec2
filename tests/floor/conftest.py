"""Fixtures of the floor on a phone: the demo event (24 players seated, started, the clock
stopped) with a 6-digit floor PIN and a Director's PIN; ``browser`` (tests/serve, the one
place chromium is started) made importable."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_pins import DIRECTOR_PIN, FLOOR_PIN
from support import demo_with_pins

from tdconsole.serve.floor.core import Floor

SERVE_TESTS = str(Path(__file__).resolve().parent.parent / "serve")
if SERVE_TESTS not in sys.path:
    sys.path.insert(0, SERVE_TESTS)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return demo_with_pins(tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def floor(event: Path) -> Iterator[Floor]:
    opened = Floor(event, public=True)
    yield opened
    opened.close()
