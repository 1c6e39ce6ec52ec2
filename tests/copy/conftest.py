"""Fixtures of the copy: the floor's demo event (started, PINs set), a copy of it per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.support import demo_copy, demo_template


@pytest.fixture(scope="session")
def copy_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_template(tmp_path_factory.mktemp("copy-demo"), FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def event(tmp_path: Path, copy_demo: Path) -> Path:
    return demo_copy(copy_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)
