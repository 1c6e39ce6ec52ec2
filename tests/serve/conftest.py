"""Fixtures of the served views: a started event with both PINs set; ``browser`` and
``bench.served`` made importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support import demo_with_pins

HERE = Path(__file__).resolve().parent
for folder in (str(HERE), str(HERE.parent.parent)):  # ``browser``; ``bench.served``
    if folder not in sys.path:
        sys.path.insert(0, folder)

FLOOR_PIN, DIRECTOR_PIN = "2468", "13579"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The demo event (24 players seated, started, the clock stopped) with both PINs."""
    return demo_with_pins(tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)
