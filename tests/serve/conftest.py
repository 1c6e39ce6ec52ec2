"""Fixtures of the served views: a started event with both PINs set."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.support import demo_copy, demo_template

FLOOR_PIN, DIRECTOR_PIN = "2468", "13579"


@pytest.fixture(scope="session")
def served_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The served views' event built once a session (each test gets its own copy)."""
    return demo_template(tmp_path_factory.mktemp("served-demo"), FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def event(tmp_path: Path, served_demo: Path) -> Path:
    """The demo event (24 players seated, started, the clock stopped) with both PINs."""
    return demo_copy(served_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)
