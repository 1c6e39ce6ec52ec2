"""Fixtures of the copy: the floor's demo event (started, PINs set: ``floor_demo``), a copy of
it per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.support import demo_copy


@pytest.fixture
def event(tmp_path: Path, floor_demo: Path) -> Path:
    return demo_copy(floor_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)
