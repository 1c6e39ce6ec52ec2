"""The suite never writes into the data folder of the person running it: a fixture wider than
one test (a module's event built once, a session's demo, a forked server) sees a folder of the
session's own, as every test sees its own (``data_dir``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from platformdirs import user_data_dir

from tdconsole.store import paths

REAL = Path(user_data_dir("tdconsole", appauthor=False))


@pytest.fixture(scope="module")
def module_folder() -> Iterator[Path]:
    """The data folder as a module-scoped fixture sees it (before any test's own is set)."""
    yield paths.data_dir()


def test_a_module_fixture_has_a_data_folder_of_the_session(module_folder: Path) -> None:
    assert module_folder != REAL
    assert module_folder.name.startswith("tdconsole-tests-data-")


def test_a_test_has_a_data_folder_of_its_own(data_dir: Path, module_folder: Path) -> None:
    assert paths.data_dir() == data_dir
    assert data_dir != module_folder
