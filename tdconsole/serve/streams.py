"""The live streams of the server (the room's screens, the floor's phones): Server-Sent Events,
sent by one piece of code for both through aiohttp-sse.

``send_events(request, events, beat=...)`` answers a stream request:

- refused (403) unless it comes from this server's own pages (``check_origin``; the Host header
  is checked for the whole server by ``tdconsole.serve.limits``);
- each ``Event`` of ``events`` sent with ``retry: RETRY_MS`` (the browser's first wait before it
  reconnects by itself) and, when it has one, its id: ``stream_id`` makes ids that differ from
  one start of the server to the next, so a browser reconnecting with ``Last-Event-ID`` is not
  sent again the event it already has, and is sent it after a restart;
- a comment line every ``PING_SECONDS`` (aiohttp-sse's ping: a dead link is found), and
  ``beat()`` at each wake when given (the room's server time, its page's sign the link lives);
- a browser that does not take what was sent within ``SEND_SECONDS`` is let go;
- ended at once when the server is asked to stop (a stream never ends by itself: without this
  Ctrl+C or SIGTERM waited the whole shutdown timeout and more while every page kept its dead
  link).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncGenerator, Callable, Iterator
from dataclasses import dataclass

from aiohttp import web
from aiohttp_sse import EventSourceResponse, sse_response

from tdconsole.serve.limits import SEND_SECONDS

STREAMS: web.AppKey[set[asyncio.Task[object]]] = web.AppKey("streams")
BOOT = web.AppKey("streams_boot", str)
PING_SECONDS = 10.0
"""A quiet stream gets a comment line this often."""
RETRY_MS = 1000
"""The browser's own first wait before reconnecting (the pages add their backoff)."""


@dataclass(frozen=True)
class Event:
    """One Server-Sent Event: its type, its data (JSON text) and its id when it has one."""

    name: str
    data: str
    id: str | None = None


def setup(app: web.Application) -> None:
    app[STREAMS] = set()
    app[BOOT] = secrets.token_urlsafe(6)

    async def end_streams(app: web.Application) -> None:
        open_now: set[asyncio.Task[object]] = app[STREAMS]
        for task in list(open_now):
            task.cancel()

    app.on_shutdown.append(end_streams)


def stream_id(app: web.Application, version: int) -> str:
    """The id of an event showing ``version`` (of the watcher, of the room's feed), unique to
    this start of the server."""
    return f"{app[BOOT]}-{version}"


def same_origin(request: web.Request) -> bool:
    """Whether ``request`` comes from this server's own pages: ``Origin`` (when the browser
    sends it) names this server as the request does, ``Sec-Fetch-Site`` (when sent) is
    same-origin; a change (not a GET) must say its ``Origin``."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return request.method == "GET"
    return origin == f"{request.scheme}://{request.host}"


def check_origin(request: web.Request) -> None:
    """Refuse (403) a request that does not come from this server's own pages."""
    if not same_origin(request):
        raise web.HTTPForbidden(
            text=json.dumps({"error": "origin"}), content_type="application/json"
        )


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


class _Events(EventSourceResponse):
    """aiohttp-sse's response, never kept by a cache (aiohttp-sse says ``no-cache``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.headers["Cache-Control"] = "no-store"


async def send_events(
    request: web.Request,
    events: AsyncGenerator[Event, None],
    *,
    beat: Callable[[], Event] | None = None,
) -> web.StreamResponse:
    """Stream ``events`` to the browser until they end, the browser goes or the server stops
    (see the module's docstring)."""
    check_origin(request)
    seen = request.headers.get("Last-Event-ID")
    with held_open(request):
        async with sse_response(
            request,
            send_timeout=SEND_SECONDS,
            ping_interval=PING_SECONDS,
            response_cls=_Events,
        ) as stream:
            pump = asyncio.create_task(_pump(stream, events, beat, seen))
            try:
                await stream.wait()  # the browser gone, or the pump ended
            finally:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
    return stream


async def _pump(
    stream: EventSourceResponse,
    events: AsyncGenerator[Event, None],
    beat: Callable[[], Event] | None,
    seen: str | None,
) -> None:
    coming = asyncio.ensure_future(anext(events))
    try:
        while True:
            done, _pending = await asyncio.wait(
                {coming}, timeout=PING_SECONDS if beat is not None else None
            )
            if beat is not None:
                told = beat()
                await stream.send(told.data, id=told.id, event=told.name)
            if coming in done:
                event = coming.result()
                coming = asyncio.ensure_future(anext(events))
                if event.id is not None and event.id == seen:
                    continue  # the browser has it: it said so reconnecting
                await stream.send(event.data, id=event.id, event=event.name, retry=RETRY_MS)
    except (ConnectionResetError, RuntimeError, TimeoutError, StopAsyncIteration):
        pass
    finally:
        coming.cancel()
        with contextlib.suppress(BaseException):
            await coming
        with contextlib.suppress(BaseException):
            await events.aclose()
        with contextlib.suppress(RuntimeError):
            stream.stop_streaming()
