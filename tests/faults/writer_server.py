"""What the killed writers' forkserver preloads (``test_killed_writer``): the console imported,
its models built and its files' code paths run once, on a throwaway event in a folder of its
own, for every writer forked from it. Nothing of that event is left, nor kept in memory: the
writers open the test's own files, under the test's own data folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import writer


class _Nobody:
    def send_bytes(self, buf: bytes) -> None:
        pass


def _warm_up() -> None:
    saved = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="tdc-writer-") as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        folder = Path(tmp) / "events"
        folder.mkdir()
        writer.play(folder, 0, 60, 40, _Nobody())  # a new event, snapshots and backups
        writer.play(folder, 0, 5, 40, _Nobody())  # and the same opened again
    os.environ.clear()
    os.environ.update(saved)


_warm_up()
