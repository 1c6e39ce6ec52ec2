"""Fixtures of the season's tests: three finished evenings on disk, copied afresh for each test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tdhelpers.season_events import three_evenings


@pytest.fixture(scope="session")
def evenings_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("evenings")
    three_evenings(folder)
    return folder


@pytest.fixture
def evenings(evenings_master: Path, tmp_path: Path) -> list[Path]:
    """The three evenings in a folder of this test's own (``sera-1.tdc`` .. ``sera-3.tdc``)."""
    folder = tmp_path / "events"
    shutil.copytree(evenings_master, folder)
    return sorted(folder.glob("sera-*.tdc"))
