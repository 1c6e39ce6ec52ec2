"""One watcher of the event file for the whole ``tdconsole serve`` process.

The watcher keeps one read-only service on the event file and checks it every ``interval``
seconds with the store's cheap change test (``Tournament.poll``: one ``PRAGMA data_version``
when nothing changed, as the console's poll). On a change it folds the new events once, reads
what the log adds (the latest closing or final draw) and hands one ``Snapshot`` to every
subscriber. The room's pages and the floor's both subscribe; nobody else opens the file to
watch it.

Use::

    watcher = Watcher(path)           # build_app makes it and starts/stops it with the app
    watcher.latest                    # the newest Snapshot (None before start)
    async for snap in watcher.subscribe():
        ...                           # the latest at once, then one per change; a slow
                                      # subscriber skips to the newest (never a backlog)
    watcher.poke()                    # this process wrote the file: check now

A ``Snapshot``'s ``event`` is the event as the served pages read it (``domain.served``), on the
State the service published: never changed once published (``service.state_cache``), it is read
on the event loop while the next change is folded, uncopied. All reads of the file happen in
one worker thread of the watcher, so the event loop never waits on SQLite.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncGenerator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tdconsole.domain.room_moves import Moved
from tdconsole.i18n import Msg, Said, _
from tdconsole.serve.config import POLL_SECONDS
from tdconsole.service import Tournament

if TYPE_CHECKING:
    from tdconsole.domain.served import Served
    from tdconsole.store.copy_standing import CopyView

log = logging.getLogger("tdconsole.serve")


@dataclass(frozen=True)
class Snapshot:
    """The event as read after one change."""

    version: int
    """Counts the changes seen by this watcher, from 1: a subscriber compares it."""
    event: Served
    moved: Moved | None
    """The latest closing or final draw still in effect (the room shows its moves)."""
    read_at: datetime
    """The service's clock when it was read."""
    cannot_record: Msg | None = None
    """Why nothing can be recorded now, when it became so while serving (the event file was
    deleted, moved or replaced): the room's screen and the phones say it."""
    copy: CopyView | None = None
    """The copy on a second device (``tdconsole follow``), if one ever followed: the phones
    say where it stands."""


COPY_SECONDS = 0.5
"""How often, with no new entry, where the copy stands is read again."""


def not_recording(why: Said) -> Msg:
    """What the screens say while the event file cannot be written, ``why`` its cause."""
    return _(
        "the event file cannot be written ({why}): the floor shows the event but records "
        "nothing; ask the Director"
    ).format(why=why)


class Watcher:
    """Follows one event file; see the module's docstring."""

    def __init__(
        self,
        path: Path,
        *,
        interval: float = POLL_SECONDS,
        lang: str = "en",
        opener: Callable[[Path], Tournament] | None = None,
    ) -> None:
        self.path = path
        self.interval = interval
        self.lang = lang
        """The language of what the server says in its log."""
        self._opener = opener
        self._service: Tournament | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tdconsole-watch")
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._poked = asyncio.Event()
        self.latest: Snapshot | None = None
        self._copy_read = 0.0
        """When the copy's standing was last read (``_copy_changed``)."""
        self.subscribers = 0
        """How many ``subscribe`` iterators are open now."""

    # -- life --------------------------------------------------------------------------------
    async def start(self) -> None:
        """Open the file and read it once (a file that cannot be read fails here, loudly)."""
        loop = asyncio.get_running_loop()
        self.latest = await loop.run_in_executor(self._executor, self._open)
        self._task = asyncio.create_task(self._run(), name="tdconsole-watch")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        loop = asyncio.get_running_loop()
        if self._service is not None:
            await loop.run_in_executor(self._executor, self._service.close)
            self._service = None
        self._executor.shutdown(wait=True)

    def poke(self) -> None:
        """Check the file now, not at the next tick (after a write by this process)."""
        self._poked.set()

    # -- reading -----------------------------------------------------------------------------
    def _open(self) -> Snapshot:
        opener = self._opener or (lambda path: Tournament.open(path, role="floor"))
        self._service = opener(self.path)
        self._service.poll()  # note the file's version: the next poll sees only changes
        return self._snapshot(1)

    def _snapshot(self, version: int) -> Snapshot:
        service = self._service
        assert service is not None
        moved = service.latest_moves()
        event = service.served()
        blocked = service.write_blocked() if service.store.gone() else None
        why = None if blocked is None else not_recording(blocked)
        copy = service.copy()
        self._copy_read = time.monotonic()
        return Snapshot(version, event, moved, service.now(), why, copy)

    def _check(self) -> Snapshot | None:
        """A new snapshot when the file changed, or when it is found gone (looked at each
        time: deleted, moved or replaced, it changes no more, and nothing says so but this)."""
        service = self._service
        assert service is not None and self.latest is not None
        news = service.poll()
        if not news and (self.latest.cannot_record is not None or not service.store.gone()):
            return self._copy_changed(service)
        fresh = self._snapshot(self.latest.version + 1)
        if fresh.cannot_record is not None and self.latest.cannot_record is None:
            log.warning("tdconsole serve: %s", fresh.cannot_record.text(self.lang))
            saved = service.store.rescue()
            if saved is not None:
                said = _("all the event file held is saved in {copy}: go on with that file")
                log.warning("tdconsole serve: %s", said.format(copy=saved).text(self.lang))
        return fresh

    def _copy_changed(self, service: Tournament) -> Snapshot | None:
        """A new snapshot when the copy was attached, lost or fell behind since the last one
        (looked at every ``COPY_SECONDS``: a copy is lost by the clock, not by a write)."""
        assert self.latest is not None
        if time.monotonic() - self._copy_read < COPY_SECONDS:
            return None
        self._copy_read = time.monotonic()
        copy, before = service.copy(), self.latest.copy
        if copy is before or (copy and before and copy.key == before.key):
            return None
        return self._snapshot(self.latest.version + 1)

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self.interval)
            self._poked.clear()
            try:
                fresh = await loop.run_in_executor(self._executor, self._check)
            except Exception as exc:  # a busy or damaged file: said, and tried again
                log.warning("tdconsole serve: the event file could not be read: %s", exc)
                await asyncio.sleep(1.0)
                continue
            if fresh is not None:
                async with self._changed:
                    self.latest = fresh
                    self._changed.notify_all()

    # -- subscribing -------------------------------------------------------------------------
    async def _newer_than(self, seen: int) -> Snapshot:
        async with self._changed:
            await self._changed.wait_for(
                lambda: self.latest is not None and self.latest.version != seen
            )
            assert self.latest is not None
            return self.latest

    async def subscribe(self) -> AsyncGenerator[Snapshot, None]:
        """The latest snapshot at once, then each newer one as it comes. A subscriber that
        falls behind gets the newest next, never a queue of old ones."""
        self.subscribers += 1
        try:
            seen = 0
            while True:
                snap = await self._newer_than(seen)
                seen = snap.version
                yield snap
        finally:
            self.subscribers -= 1
