"""An event built once for a module's tests and copied for each (``copied``): each test reads
and changes a file of its own, made by the same commands, without making it again.

The event is built in a folder and a data folder of its own (its snapshot key, its backups),
never the user's nor a test's: a test's copy is an event from another terminal's folder, as
any file handed over is (its snapshot not trusted here: it is replayed, and checked, instead).
"""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def built(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """The event file ``name``.tdc that ``build(path)`` made (its output thrown away)."""
    folder = factory.mktemp(name)
    path = folder / f"{name}.tdc"
    with (
        pytest.MonkeyPatch.context() as patch,
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        patch.setenv("TDCONSOLE_DATA_DIR", str(folder / "data"))
        patch.delenv("TDCONSOLE_EVENT", raising=False)
        build(path)
    assert not Path(f"{path}-wal").exists(), "the event is still open"
    return path


def copied(template: Path, folder: Path) -> Path:
    """A copy of ``template`` in ``folder``, under the same name."""
    target = folder / template.name
    shutil.copyfile(template, target)
    return target
