"""The room's screen as web pages: ``/display`` (the page), ``/api/room`` (what it shows, as
JSON) and ``/api/room/stream`` (the same, pushed at every change: Server-Sent Events).

Read-only: nothing here writes the event file. Every picture comes from the one watcher
(``tdconsole.serve.watch``) and the one room model (``tdconsole.domain.room``), which the
terminal display uses too.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web
from aiohttp_sse import EventSourceResponse, sse_response

from tdconsole.serve.limits import SEND_SECONDS

if TYPE_CHECKING:
    from tdconsole.serve.app import ServeConfig
    from tdconsole.serve.watch import Snapshot, Watcher

STATIC = Path(__file__).parent / "static"
PING_SECONDS = 10.0
"""A comment line this often keeps the stream open through proxies and shows it alive."""
RETRY_MS = 1000
"""The browser's first wait before reconnecting (the page adds its own backoff)."""


def room_json(snap: Snapshot, now: datetime, lang: str) -> dict[str, Any]:
    """What ``/api/room`` answers for ``snap`` at ``now``."""
    from tdconsole.domain.view import clock_json

    state = snap.state
    return {
        "server_now": now.isoformat(),
        "version": snap.version,
        "lang": lang,
        "event": state.name,
        "in_play": state.in_play,
        "entrants": state.entrants,
        "clock": clock_json(state, now),
    }


def setup(app: web.Application, config: ServeConfig, watcher: Watcher) -> None:
    page = (STATIC / "room.html").read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html.escape(config.lang, quote=True))

    async def display(request: web.Request) -> web.StreamResponse:
        return web.Response(
            text=page, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def current(request: web.Request) -> web.StreamResponse:
        snap = watcher.latest
        if snap is None:
            raise web.HTTPServiceUnavailable(text="the event is being read\n")
        body = room_json(snap, _now(), config.lang)
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def stream(request: web.Request) -> web.StreamResponse:
        async with sse_response(
            request,
            send_timeout=SEND_SECONDS,
            ping_interval=PING_SECONDS,
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        ) as events:
            pump = asyncio.create_task(_pump(events, watcher, config.lang))
            try:
                await events.wait()  # the browser gone, or the pump ended
            finally:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump
        return events

    app.router.add_get("/display", display)
    app.router.add_get("/api/room", current)
    app.router.add_get("/api/room/stream", stream)
    app.router.add_static("/room/", STATIC, name="room-static")


async def _pump(events: EventSourceResponse, watcher: Watcher, lang: str) -> None:
    """Send each new picture of the room down one stream, until it fails."""
    try:
        async for snap in watcher.subscribe():
            body = room_json(snap, _now(), lang)
            await events.send(
                json.dumps(body, ensure_ascii=False, separators=(",", ":")),
                id=str(snap.version),
                event="room",
                retry=RETRY_MS,
            )
    except (ConnectionResetError, RuntimeError, TimeoutError):
        pass
    finally:
        with contextlib.suppress(RuntimeError):
            events.stop_streaming()


def _now() -> datetime:
    from tdconsole.service import utc_now

    return utc_now()
