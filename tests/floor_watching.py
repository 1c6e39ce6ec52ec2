"""The server's watcher for the floor's web tests: ``tdconsole.serve.watch`` when the one server
has it, else a watcher of the same shape over ``Tournament.poll``."""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tdconsole.service import Tournament


@dataclass(frozen=True)
class Snap:
    version: int
    state: Any
    read_at: datetime


class PollWatcher:
    """Polls the event file every ``interval`` seconds and hands each change on."""

    def __init__(self, path: Path, interval: float = 0.05) -> None:
        self.service = Tournament.open(path, role="floor")
        self.interval = interval
        self.latest = Snap(1, copy.deepcopy(self.service.state), self.service.now())
        self._changed = asyncio.Event()
        self._poked = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self.service.close()

    def poke(self) -> None:
        self._poked.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self.interval)
            self._poked.clear()
            if self.service.poll():
                self.latest = Snap(
                    self.latest.version + 1, copy.deepcopy(self.service.state), self.service.now()
                )
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    async def subscribe(self) -> AsyncIterator[Snap]:
        seen = 0
        while True:
            if self.latest.version != seen:
                seen = self.latest.version
                yield self.latest
            await self._changed.wait()
