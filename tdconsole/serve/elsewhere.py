"""Where the event may go on when this laptop is gone: its copy on a second device
(``store.copy_marks``), as the served pages read it, and the question served laptops ask it.

- ``GET /copy/api/moved?event=ID`` (open, read-only): whether the event ``ID`` (its identity,
  ``copying.identity``) was taken over here, by which device and when.
- A server whose file knows where its copy serves (``copy_address``) asks the copy that
  question as it starts (before it listens: a laptop back after the take-over never serves a
  page as if nothing happened) and every ``ASK_SECONDS`` while the event has not moved, and
  at once when a copy attaches to its feed (``wake``: the pages know the copy's address from
  then on); the answer "taken over" is recorded in the file (``moved``): every command is
  refused there.
- The room's, the players' and the phones' documents carry ``copy_address``, ``moved`` and
  ``move_seconds``: the pages go on from the copy by themselves (``static/shared/page.js``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from aiohttp import web

from tdconsole.domain.slices.take_over import TakenOver
from tdconsole.i18n import Said
from tdconsole.store import copy_marks, copying
from tdconsole.store.eventstore import EventStore, StoreError

log = logging.getLogger("tdconsole.serve")

ASK_SECONDS = 5.0
"""How often a server whose event has a copy asks it whether the event moved there."""
ANSWER_SECONDS = 1.5
"""The longest the copy's answer is waited for (a laptop away from the room waits no more)."""
MOVE_SECONDS = 10.0
"""How long a page goes without hearing this server, the copy's address known, before it goes
on from the copy (``move_seconds`` in the documents)."""
PATH = "/copy/api/moved"
T = TypeVar("T")


@dataclass(frozen=True)
class Whereabouts:
    """Where the copy serves, and where the event went if it moved."""

    address: str | None = None
    moved: copy_marks.Moved | None = None

    def json(self) -> dict[str, Any]:
        """Their keys in the pages' documents."""
        return {
            "copy_address": self.address,
            "moved": None if self.moved is None else self.moved.to_json(),
            "move_seconds": MOVE_SECONDS,
        }

    def said(self) -> Said | None:
        """What the screens say once the event moved (the refusal of every command)."""
        return None if self.moved is None else copy_marks.moved_line(self.moved).said


def ask(address: str, event: str, seconds: float = ANSWER_SECONDS) -> copy_marks.Moved | None:
    """Whether the copy at ``address`` (its origin) says the event ``event`` was taken over
    there; None when it says not, or cannot be reached."""
    url = f"{address.rstrip('/')}{PATH}?event={quote(event)}"
    try:
        with urllib.request.urlopen(url, timeout=seconds) as answer:
            data = json.loads(answer.read(10_000))
    except (OSError, ValueError, urllib.error.URLError):
        return None
    moved = data.get("moved") if isinstance(data, dict) and data.get("event") == event else None
    if not isinstance(moved, dict):
        return None
    device, at = moved.get("device"), copy_marks.moved_at(moved.get("at"))
    if not isinstance(device, str) or at is None:
        return None
    return copy_marks.Moved(device[:100], address, at)


class Elsewhere:
    """What this server knows of the event's copy, kept up to date while it serves: its own
    connection to the event file, used in one thread of its own."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = Whereabouts()
        self.changed: list[Callable[[], Awaitable[None]]] = []
        """Called when ``now`` changed (the room's feed sends its picture again)."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tdconsole-copy")
        self._store: EventStore | None = None
        self._event = ""
        """The event's identity (``copying.identity``)."""
        self._seen = 0
        """The last entry looked at for a take-over (``taken_over``)."""
        self._taken: dict[str, str] | None = None
        self._woken = asyncio.Event()

    def json(self) -> dict[str, Any]:
        return self.now.json()

    async def _in_thread(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, call, *args)

    def _open(self) -> Whereabouts:
        self._store = EventStore(self.path)
        self._event = copying.identity(self._store)
        return self._look()

    def _look(self) -> Whereabouts:
        """Read the file's marks again and, while the event has not moved, ask the copy."""
        store = self._store
        assert store is not None
        where = Whereabouts(copy_marks.copy_address(store), copy_marks.moved(store))
        if where.address is None or where.moved is not None:
            return where
        moved = ask(where.address, self._event)
        if moved is None:
            return where
        log.warning("tdconsole serve: %s", copy_marks.moved_line(moved))
        try:
            copy_marks.record_moved(store, moved)
        except StoreError as exc:  # (a read-only file records nothing anyway; the pages go)
            log.warning("tdconsole serve: %s", exc)
        return Whereabouts(where.address, moved)

    def _taken_over(self, event: str) -> dict[str, Any]:
        """The answer of ``GET /copy/api/moved`` for the event ``event``: whether it was taken
        over here (the log read once, then only what was appended since)."""
        store = self._store
        assert store is not None
        for record in store.read(after=self._seen):
            if isinstance(record.body, TakenOver):
                self._taken = {"device": record.body.device, "at": record.at.isoformat()}
            self._seen = record.seq
        return {"event": self._event, "moved": self._taken if event == self._event else None}

    async def taken_over(self, event: str) -> dict[str, Any]:
        return await self._in_thread(self._taken_over, event)

    async def start(self) -> None:
        """What the file knows, and the copy's answer, before the server listens."""
        self.now = await self._in_thread(self._open)

    def wake(self) -> None:
        """Read the file's marks and ask the copy again now (a copy attached to the feed:
        where it serves was just recorded)."""
        self._woken.set()

    async def run(self) -> None:
        """Ask again every ``ASK_SECONDS``, or once woken (``wake``), until the event moved."""
        while self.now.moved is None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(ASK_SECONDS):
                    await self._woken.wait()
            self._woken.clear()
            try:
                fresh = await self._in_thread(self._look)
            except Exception as exc:  # a busy file: asked again at the next turn
                log.warning("tdconsole serve: the event file could not be read: %s", exc)
                continue
            if fresh != self.now:
                self.now = fresh
                for call in self.changed:
                    await call()

    async def stop(self) -> None:
        if self._store is not None:
            await self._in_thread(self._store.close)
            self._store = None
        self._executor.shutdown(wait=True)


ELSEWHERE = web.AppKey("elsewhere", Elsewhere)


def watch_copy(app: web.Application, path: Path) -> Elsewhere:
    """The server's ``Elsewhere`` (at ``app[ELSEWHERE]``, started with the app) and the
    question it answers."""
    elsewhere = Elsewhere(path)
    app[ELSEWHERE] = elsewhere

    async def running(app: web.Application) -> AsyncIterator[None]:
        await elsewhere.start()  # (before the pages' first picture: it carries the copy's)
        asking = asyncio.create_task(elsewhere.run(), name="tdconsole-elsewhere")
        yield
        asking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asking
        await elsewhere.stop()

    app.cleanup_ctx.append(running)

    async def moved(request: web.Request) -> web.StreamResponse:
        body = await elsewhere.taken_over(request.query.get("event", "")[:100])
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    app.router.add_get(PATH, moved)
    return elsewhere
