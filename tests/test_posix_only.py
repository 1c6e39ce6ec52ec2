"""The suite on Windows: the POSIX-only test files are skipped there, saying why, and the list
names files that exist (a file renamed would otherwise fail on Windows only)."""

from __future__ import annotations

import importlib
import multiprocessing
from pathlib import Path
from typing import Any

import pytest
from tdhelpers import posix_only

ROOT = Path(__file__).resolve().parent.parent


class _Item:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.markers: list[Any] = []

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.markers.append(marker)


def test_every_posix_only_path_exists() -> None:
    for path in posix_only.POSIX_ONLY:
        assert (ROOT / path).exists(), path


def test_on_windows_the_posix_only_files_are_skipped_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    killed = _Item(ROOT / "tests/faults/test_killed_writer.py")
    simulated = _Item(ROOT / "tests/portable/test_windows_like.py")
    plain = _Item(ROOT / "tests/domain/test_payouts.py")
    monkeypatch.setattr(posix_only, "ON_POSIX", False)
    posix_only.skip_posix_only([killed, simulated, plain])
    [skip] = killed.markers
    assert skip.kwargs["reason"] == "needs a POSIX system: a writer killed by SIGKILL"
    assert simulated.markers and not plain.markers


def test_on_posix_nothing_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    killed = _Item(ROOT / "tests/faults/test_killed_writer.py")
    monkeypatch.setattr(posix_only, "ON_POSIX", True)
    posix_only.skip_posix_only([killed])
    assert killed.markers == []


def test_the_process_helpers_import_where_there_is_no_forkserver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tdhelpers import forked

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    try:
        reloaded = importlib.reload(forked)
        assert reloaded.SERVER.get_start_method() == "spawn"
    finally:
        monkeypatch.undo()
        importlib.reload(forked)
