"""The test files that prove what only a POSIX system can be asked (signals, FIFOs, modes,
links made freely), skipped on Windows saying why: there ``tests/portable`` is moot and
``tests/store/test_system.py`` runs the Windows branches for real. CI runs them all (Linux)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import pytest

ROOT = Path(__file__).resolve().parents[2]
ON_POSIX = os.name == "posix"

POSIX_ONLY = {
    "tests/copy/test_night_killed.py": "a server killed by SIGKILL, follow stopped by SIGINT",
    "tests/faults/test_floor_terminals.py": "terminals forked from one server (fork)",
    "tests/faults/test_hostile_import.py": "a named FIFO and processes forked from one server",
    "tests/faults/test_killed_writer.py": "a writer killed by SIGKILL",
    "tests/faults/test_outputs.py": "hard links, symbolic links and a named FIFO",
    "tests/faults/test_storage_faults.py": "SIGKILL and POSIX file modes",
    "tests/rules/test_rules_index_cache.py": "symbolic links and POSIX file modes",
    "tests/rules/test_rules_index_leftovers.py": "symbolic links",
    "tests/season/test_files.py": "symbolic links",
    "tests/serve/test_sessions.py": "a server stopped by SIGKILL and SIGTERM",
    "tests/store/test_durability.py": "a writer killed by SIGKILL",
    "tests/store/test_remember_event.py": "processes forked from one server",
    "tests/takeover/test_night_moves.py": "a server killed by SIGKILL, follow stopped by SIGINT",
    "tests/takeover/test_room_moves.py": "a server killed by SIGKILL, its children from /proc",
    "tests/portable/": "Windows simulated on a POSIX system (on Windows the suite is the real one)",
}
"""Each file (or folder) from the top of the checkout, and what it needs of POSIX."""


class Item(Protocol):
    @property
    def path(self) -> Path: ...
    def add_marker(self, marker: pytest.MarkDecorator) -> None: ...


def why_posix_only(path: Path) -> str | None:
    """What the test file at ``path`` needs of POSIX, or None when it runs anywhere."""
    shown = path.resolve().relative_to(ROOT).as_posix()
    return next((why for where, why in POSIX_ONLY.items() if shown.startswith(where)), None)


def skip_posix_only(items: Sequence[Item]) -> None:
    """Off POSIX, mark the tests of ``POSIX_ONLY``'s files skipped, with the reason."""
    if ON_POSIX:
        return
    for item in items:
        why = why_posix_only(Path(str(item.path)))
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=f"needs a POSIX system: {why}"))
