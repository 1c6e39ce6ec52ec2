"""The floor's web layer: the page at ``/floor``, its JSON API and its live stream.

- ``GET /floor``: the page (static HTML, CSS and JS shipped in the package: no CDN, no build).
- ``GET /floor/api/words``: the page's words in the event's language.
- ``POST /floor/api/sign-in``: the floor PIN and the name → the session cookie (HttpOnly,
  SameSite=Strict, Secure under HTTPS, ``SESSION_HOURS`` at most) and the CSRF token.
- ``GET /floor/api/session``: who this phone is signed in as, and its CSRF token (a reload).
- ``GET /floor/api/state`` and ``/floor/api/stream`` (Server-Sent Events, from the one watcher
  of the event file): the event as the phone shows it, at once and at every change.
- ``POST /floor/api/<action>``: preview-bust, bust, second-stack, count, undo, redo, clock.

Every change and every stream needs the session's CSRF token and, when the browser says where
the request comes from (``Origin``, ``Sec-Fetch-Site``), this very page
(``tdconsole.serve.streams.check_origin``); the Host header is checked for the whole server
(``tdconsole.serve.limits``). The stream is sent by the code that sends the room's
(``tdconsole.serve.streams``). Blocking work (SQLite, scrypt) runs
in worker threads, never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
from collections.abc import AsyncGenerator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from tdconsole.domain.errors import RuleError
from tdconsole.serve.floor import actions
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.tokens import SESSION_SECONDS, Session, csrf_ok, csrf_token
from tdconsole.serve.floor.view import SharedStates, page_words, state_json
from tdconsole.serve.streams import Event, check_origin, send_events, stream_id

log = logging.getLogger("tdconsole.serve")

STATIC = Path(__file__).parent / "static"
COOKIE = "tdc_floor"
BODY_LIMIT = 16 * 1024
"""The largest request body the floor reads."""
WORKERS = 2
PIN_WORKERS = 2


class Config(Protocol):
    @property
    def event(self) -> Path: ...
    @property
    def lang(self) -> str: ...
    @property
    def public(self) -> bool: ...
    @property
    def wall(self) -> Callable[[], float]: ...


class Snap(Protocol):
    @property
    def version(self) -> int: ...
    @property
    def state(self) -> Any: ...
    @property
    def read_at(self) -> Any: ...


class Watching(Protocol):
    def subscribe(self) -> AsyncGenerator[Snap, None]: ...
    def poke(self) -> None: ...


FLOOR = web.AppKey("floor", Floor)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def setup(app: web.Application, config: Config, watcher: Watching) -> None:
    """Add the floor's routes to ``app`` (``tdconsole.serve.app.build_app`` calls it)."""
    pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="tdconsole-floor")
    # PIN checks (scrypt, 0.2 s each) have threads of their own: actions never queue behind a
    # crowd signing in.
    pins = ThreadPoolExecutor(max_workers=PIN_WORKERS, thread_name_prefix="tdconsole-pin")
    lang = config.lang
    shared = SharedStates()
    page = (STATIC / "floor.html").read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html.escape(lang, quote=True))

    async def opened(app: web.Application) -> None:
        loop = asyncio.get_running_loop()
        app[FLOOR] = await loop.run_in_executor(
            pool, lambda: Floor(config.event, public=config.public, wall=config.wall)
        )

    async def closed(app: web.Application) -> None:
        floor = app.get(FLOOR)
        if floor is not None:
            await asyncio.get_running_loop().run_in_executor(pool, floor.close)
        pool.shutdown(wait=True)
        pins.shutdown(wait=True)

    app.on_startup.append(opened)
    app.on_cleanup.append(closed)

    async def run(call: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(pool, call)

    async def run_pin(call: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(pins, call)

    async def show_page(request: web.Request) -> web.StreamResponse:
        return web.Response(
            text=page,
            content_type="text/html",
            headers={
                "Cache-Control": "no-store",
                "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
                "X-Frame-Options": "DENY",
                "Referrer-Policy": "no-referrer",
            },
        )

    async def words(request: web.Request) -> web.StreamResponse:
        return web.json_response(page_words(lang), headers={"Cache-Control": "no-store"})

    async def signed(request: web.Request) -> tuple[Floor, Session]:
        floor = request.app[FLOOR]
        cookie = request.cookies.get(COOKIE, "")
        found = await run(lambda: floor.session(cookie)) if cookie else None
        if found is None:
            raise _json_error(401, "signed-out")
        return floor, found

    async def sign_in(request: web.Request) -> web.StreamResponse:
        check_origin(request)
        body = await _body(request)
        floor = request.app[FLOOR]
        pin, name = body.get("pin"), body.get("name")
        if not (isinstance(pin, str) and isinstance(name, str)) or len(pin) + len(name) > 400:
            raise _json_error(400, "bad-request")
        phone = request.remote or "?"
        try:
            session, cookie = await run_pin(lambda: floor.sign_in(pin, name, phone))
        except RuleError as exc:
            return _refused(exc, lang)
        response = web.json_response(
            {"staff": session.name, "csrf": csrf_token(floor.secret, session.sid)}
        )
        response.set_cookie(
            COOKIE,
            cookie,
            max_age=SESSION_SECONDS,
            path="/floor",
            httponly=True,
            samesite="Strict",
            secure=request.secure,
        )
        return response

    async def session_info(request: web.Request) -> web.StreamResponse:
        floor, session = await signed(request)
        return web.json_response(
            {"staff": session.name, "csrf": csrf_token(floor.secret, session.sid)},
            headers={"Cache-Control": "no-store"},
        )

    async def sign_out(request: web.Request) -> web.StreamResponse:
        check_origin(request)
        floor, session = await signed(request)
        _csrf(request, floor, session)
        response = web.json_response({"signed_out": True})
        response.del_cookie(COOKIE, path="/floor")
        return response

    async def current(request: web.Request) -> web.StreamResponse:
        floor, session = await signed(request)
        state = await run(floor.latest)
        body = state_json(state, floor.clock(), session.name, lang)
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def find(request: web.Request) -> web.StreamResponse:
        floor, _ = await signed(request)
        typed = request.query.get("q", "")[:100]

        def found() -> list[str]:
            return [p.name for p in floor.find(floor.latest(), typed)]

        return web.json_response({"names": await run(found)})

    Action = Callable[[Floor, Session, dict[str, Any], str, str], dict[str, Any]]

    def acting(action: Action, *, checks_pin: bool = False) -> Handler:
        async def handle(request: web.Request) -> web.StreamResponse:
            check_origin(request)
            floor, session = await signed(request)
            _csrf(request, floor, session)
            body = await _body(request)
            phone = request.remote or "?"
            try:
                runner = run_pin if checks_pin else run
                done = await runner(lambda: action(floor, session, body, lang, phone))
            except RuleError as exc:
                watcher.poke()  # (the service may have taken in others' changes)
                return _refused(exc, lang)
            watcher.poke()
            return web.json_response(done)

        return handle

    async def preview(request: web.Request) -> web.StreamResponse:
        check_origin(request)
        floor, session = await signed(request)
        _csrf(request, floor, session)
        body = await _body(request)
        try:
            return web.json_response(await run(lambda: actions.preview_bust(floor, body, lang)))
        except RuleError as exc:
            return _refused(exc, lang)

    async def stream(request: web.Request) -> web.StreamResponse:
        check_origin(request)
        floor, session = await signed(request)
        if not csrf_ok(floor.secret, session.sid, request.query.get("csrf", "")):
            raise _json_error(403, "csrf")
        states = _states(request.app, floor, session, watcher, shared, lang)
        return await send_events(request, states)

    app.router.add_get("/floor", show_page)
    app.router.add_get("/floor/api/words", words)
    app.router.add_post("/floor/api/sign-in", sign_in)
    app.router.add_get("/floor/api/session", session_info)
    app.router.add_post("/floor/api/sign-out", sign_out)
    app.router.add_get("/floor/api/state", current)
    app.router.add_get("/floor/api/find", find)
    app.router.add_get("/floor/api/stream", stream)
    app.router.add_post("/floor/api/preview-bust", preview)
    app.router.add_post("/floor/api/bust", acting(actions.bust))
    app.router.add_post("/floor/api/second-stack", acting(actions.second_stack))
    app.router.add_post("/floor/api/count", acting(actions.count))
    app.router.add_post("/floor/api/undo", acting(actions.undo))
    app.router.add_post("/floor/api/redo", acting(actions.redo))
    app.router.add_post("/floor/api/clock", acting(actions.clock, checks_pin=True))
    app.router.add_static("/floor/static/", STATIC, name="floor-static")


async def _states(
    app: web.Application,
    floor: Floor,
    session: Session,
    watcher: Watching,
    shared: SharedStates,
    lang: str,
) -> AsyncGenerator[Event, None]:
    """The phone's state at once and at every change, until its session ends."""
    async with contextlib.aclosing(watcher.subscribe()) as changes:
        async for snap in changes:
            if not floor.session_valid(session, snap.state):
                yield Event("signed-out", "{}")
                return
            body = shared.body(snap, snap.state, snap.read_at, session.name, lang)
            text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
            yield Event("state", text, stream_id(app, snap.version))


def _json_error(status: int, code: str) -> web.HTTPException:
    classes: dict[int, type[web.HTTPException]] = {
        400: web.HTTPBadRequest,
        401: web.HTTPUnauthorized,
        403: web.HTTPForbidden,
        413: web.HTTPRequestEntityTooLarge,
    }
    cls = classes[status]
    if cls is web.HTTPRequestEntityTooLarge:
        return web.HTTPRequestEntityTooLarge(max_size=BODY_LIMIT, actual_size=BODY_LIMIT + 1)
    return cls(text=json.dumps({"error": code}), content_type="application/json")


def _refused(exc: RuleError, lang: str) -> web.StreamResponse:
    return web.json_response({"refused": exc.text(lang)}, status=409)


def _csrf(request: web.Request, floor: Floor, session: Session) -> None:
    if not csrf_ok(floor.secret, session.sid, request.headers.get("X-CSRF-Token", "")):
        raise _json_error(403, "csrf")


async def _body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise _json_error(400, "bad-request")
    if request.content_length is not None and request.content_length > BODY_LIMIT:
        raise _json_error(413, "too-large")
    raw = await request.content.read(BODY_LIMIT + 1)
    if len(raw) > BODY_LIMIT:
        raise _json_error(413, "too-large")
    try:
        data = json.loads(raw)
    except ValueError:
        raise _json_error(400, "bad-request") from None
    if not isinstance(data, dict):
        raise _json_error(400, "bad-request")
    return data
