"""Fixtures of the floor on a phone: the demo event (24 players seated, started, the clock
stopped) with a 6-digit floor PIN and a Director's PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.support import demo_copy

from tdconsole.serve.floor.core import Floor


@pytest.fixture
def event(tmp_path: Path, floor_demo: Path) -> Path:
    return demo_copy(floor_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def floor(event: Path) -> Iterator[Floor]:
    opened = Floor(event, public=True)
    yield opened
    opened.close()
