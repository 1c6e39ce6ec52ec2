"""Fixtures of the served views: a started event with both PINs set; ``browser`` and
``bench.served`` made importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tdconsole.demo import build_demo
from tdconsole.domain.registration import ChangeSettings
from tdconsole.service import Tournament

HERE = Path(__file__).resolve().parent
for folder in (str(HERE), str(HERE.parent.parent)):  # ``browser``; ``bench.served``
    if folder not in sys.path:
        sys.path.insert(0, folder)

FLOOR_PIN, DIRECTOR_PIN = "2468", "13579"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The demo event (24 players seated, started, the clock stopped) with both PINs."""
    path = build_demo(tmp_path / "serata.tdc")
    service = Tournament.open(path)
    try:
        service.execute(
            ChangeSettings(assignments=[("floor_pin", FLOOR_PIN), ("director_pin", DIRECTOR_PIN)])
        )
    finally:
        service.close()
    return path
