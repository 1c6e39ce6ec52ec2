"""Fixtures of the floor on a phone: the demo event (24 players seated, started, the clock
stopped) with a 6-digit floor PIN and a Director's PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.demo import build_demo
from tdconsole.domain.registration import ChangeSettings
from tdconsole.serve.floor.core import Floor
from tdconsole.service import Tournament


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = build_demo(tmp_path / "serata.tdc")
    service = Tournament.open(path)
    try:
        service.execute(
            ChangeSettings(assignments=[("floor_pin", FLOOR_PIN), ("director_pin", DIRECTOR_PIN)])
        )
    finally:
        service.close()
    return path


@pytest.fixture
def floor(event: Path) -> Iterator[Floor]:
    opened = Floor(event, public=True)
    yield opened
    opened.close()
