"""What the forked processes' server preloads (``forked``): the console imported, its models
built and its commands run once, on throwaway events in a folder of its own, for every process
forked from it. Nothing of those events is left, nor kept in memory: each forked process
opens the test's own files, under the test's own data folder."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from pathlib import Path

from tdconsole.cli import main
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdhelpers import writer  # (the killed writers' work, and the random Director's driver)


class _Nobody:
    def send_bytes(self, buf: bytes) -> None:
        pass


def _warm_up() -> None:
    saved = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="tdc-forked-") as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        folder = Path(tmp) / "events"
        folder.mkdir()
        writer.play(folder, 0, 60, 40, _Nobody())  # a new event, snapshots and backups
        writer.play(folder, 0, 5, 40, _Nobody())  # and the same opened again
        event = Path(tmp) / "cli.tdc"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main(["new", str(event)])
            service = Tournament.open(event, actor="floor-a")
            service.execute(Register(names=["Ada"]))
            service.execute(Pay(names=["Ada"], food=True))
            service.close()
            for argv in (["state"], ["state", "--json"], ["register", "Bea"]):
                main(["--event", str(event), *argv])
    os.environ.clear()
    os.environ.update(saved)


_warm_up()
