"""An event built once for a module's tests and copied for each (``copied``, ``created``):
each test reads and changes a file of its own, made by the same commands, without making it
again.

The event is built in a folder and a data folder of its own (its snapshot key, its backups),
never the user's nor a test's: a test's copy is an event from another terminal's folder, as
any file handed over is (its snapshot not trusted here: it is replayed, and checked, instead).
"""

from __future__ import annotations

import atexit
import contextlib
import io
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament


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


_NEW: dict[tuple[str, str, object], Path] = {}


def created(path: Path, name: str, settings: Settings, **kwargs: Any) -> Tournament:
    """``Tournament.create(path, name, settings, **kwargs)``, the new file a copy of one made
    once by the same command for the same name, settings and instant (``kwargs``' clock), in
    a folder of its own: cheaper than a new file, its schema, sealed."""
    clock = kwargs.get("clock")
    key = (name, settings.model_dump_json(), clock() if clock is not None else None)
    if key not in _NEW:
        folder = Path(tempfile.mkdtemp(prefix="tdc-new-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        made = {"clock": (lambda: key[2])} if clock is not None else {}
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("TDCONSOLE_DATA_DIR", str(folder / "data"))
            Tournament.create(folder / "new.tdc", name, settings, **made).close()
        _NEW[key] = folder / "new.tdc"
    shutil.copyfile(_NEW[key], path)
    return Tournament.open(path, **kwargs)
