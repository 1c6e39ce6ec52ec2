"""The floor's web layer: the page at ``/floor``, its JSON API and its live stream.

- ``GET /floor``: the page (static HTML, CSS and JS shipped in the package: no CDN, no build).
- ``GET /floor/api/words``: the page's words in the event's language, and the forms of the
  Director's commands written in one module (``commands``).
- ``POST /floor/api/sign-in``: the floor PIN and the name → the session cookie (HttpOnly,
  SameSite=Strict, Secure under HTTPS, ``SESSION_HOURS`` at most) and the CSRF token.
- ``GET /floor/api/session``: who this phone is signed in as, and its CSRF token (a reload).
- ``POST /floor/api/sign-out``: ends this phone's session on the server (its cookie is refused
  from then on, across a restart too; its open streams end at once).
- ``GET /floor/api/state`` and ``/floor/api/stream`` (Server-Sent Events, from the one watcher
  of the event file): the event as the phone shows it, at once and at every change.
- ``POST /floor/api/<action>``: preview-bust, bust, second-stack, count, undo, redo, clock.
- ``POST /floor/api/command``: one of those commands, behind the Director's PIN.

``ROUTES`` is every route with what it needs (``guard.Needs``); the one middleware
``guard.guard`` checks it (the Origin, the session, the CSRF token, the body) before any view
runs. The Host header is checked for the whole server (``tdconsole.serve.limits``); the stream
is sent by the code that sends the room's (``tdconsole.serve.streams``). Blocking work (SQLite,
scrypt) runs in worker threads, never on the event loop; their pools live and end with the
application (``cleanup_ctx``).
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple, Protocol

from aiohttp import web

from tdconsole.serve.assets import Assets, Page
from tdconsole.serve.floor import actions, commands, views
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.guard import (
    CHANGE,
    FLOOR,
    NEEDS,
    OPEN,
    POOL,
    READ,
    Handler,
    Lane,
    Needs,
    guard,
)
from tdconsole.serve.floor.phone_json import SharedStates
from tdconsole.serve.floor.views import PARTS, Parts, Watching

log = logging.getLogger("tdconsole.serve")

STATIC = Path(__file__).parent / "static"
WORKERS = 2
PIN_WORKERS = 2
"""Threads checking sign-ins' PINs (scrypt); the Director's PIN has one of its own."""


class Config(Protocol):
    @property
    def event(self) -> Path: ...
    @property
    def lang(self) -> str: ...
    @property
    def public(self) -> bool: ...
    @property
    def wall(self) -> Callable[[], float]: ...


class Route(NamedTuple):
    method: str
    path: str
    view: Handler
    needs: Needs


ROUTES = (
    Route("GET", "/floor", views.show_page, OPEN),
    Route("GET", "/floor/api/words", views.words, OPEN),
    Route("POST", "/floor/api/sign-in", views.sign_in, Needs(signed=False, csrf="", body=True)),
    Route("GET", "/floor/api/session", views.session_info, READ),
    Route("POST", "/floor/api/sign-out", views.sign_out, Needs()),
    Route("GET", "/floor/api/state", views.current, READ),
    Route("GET", "/floor/api/find", views.find, READ),
    Route("GET", "/floor/api/stream", views.stream, Needs(csrf="query")),
    Route("POST", "/floor/api/preview-bust", views.preview, CHANGE),
    Route("POST", "/floor/api/bust", views.acting(actions.bust), CHANGE),
    Route("POST", "/floor/api/second-stack", views.acting(actions.second_stack), CHANGE),
    Route("POST", "/floor/api/count", views.acting(actions.count), CHANGE),
    Route("POST", "/floor/api/undo", views.acting(actions.undo), CHANGE),
    Route("POST", "/floor/api/redo", views.acting(actions.redo), CHANGE),
    Route("POST", "/floor/api/clock", views.acting(actions.clock, checks_pin=True), CHANGE),
    Route("POST", "/floor/api/command", views.acting(commands.command, checks_pin=True), CHANGE),
)
"""Every route of the floor and what it needs before its view runs."""


def setup(app: web.Application, config: Config, watcher: Watching) -> None:
    """Add the floor's routes to ``app`` (``tdconsole.serve.app.build_app`` calls it)."""
    page = (STATIC / "floor.html").read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html.escape(config.lang, quote=True))
    assets = Assets(STATIC, "/floor/static/")
    shown = Page.of(assets.page(page))

    async def running(app: web.Application) -> AsyncIterator[None]:
        pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="tdconsole-floor")
        lanes = Lane("pin", PIN_WORKERS), Lane("director-pin", 1)
        loop = asyncio.get_running_loop()
        try:
            floor = await loop.run_in_executor(
                pool, lambda: Floor(config.event, public=config.public, wall=config.wall)
            )
            app[POOL], app[FLOOR] = pool, floor
            if floor.cannot_record is not None:  # said where the Director started the server
                log.warning("tdconsole serve: %s", floor.cannot_record.text(config.lang))
            app[PARTS] = Parts(config.lang, shown, watcher, SharedStates(), *lanes)
            yield
            await loop.run_in_executor(pool, floor.close)
        finally:
            pool.shutdown(wait=True)
            for lane in lanes:
                lane.close()

    app.cleanup_ctx.append(running)
    app.middlewares.append(guard)
    needs = {}
    for route in ROUTES:
        needs[app.router.add_route(route.method, route.path, route.view)] = route.needs
    app[NEEDS] = needs
    assets.add_routes(app, "floor-static")
