"""The open live streams of the server (the room's screens, the floor's phones), ended at once
when the server is asked to stop: a stream never ends by itself, so without this Ctrl+C or
SIGTERM waited the whole shutdown timeout and more while every page kept its dead link."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

from aiohttp import web

STREAMS: web.AppKey[set[asyncio.Task[object]]] = web.AppKey("streams")


def setup(app: web.Application) -> None:
    app[STREAMS] = set()

    async def end_streams(app: web.Application) -> None:
        open_now: set[asyncio.Task[object]] = app[STREAMS]
        for task in list(open_now):
            task.cancel()

    app.on_shutdown.append(end_streams)


@contextlib.contextmanager
def held_open(request: web.Request) -> Iterator[None]:
    """While a stream's handler runs inside this, stopping the server ends it."""
    task = asyncio.current_task()
    assert task is not None
    streams = request.app[STREAMS]
    streams.add(task)
    try:
        yield
    finally:
        streams.discard(task)
