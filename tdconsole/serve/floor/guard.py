"""The floor's checks in one place: what each route needs, and the one middleware that checks it.

Each route of the floor declares its ``Needs`` (``tdconsole.serve.floor.web.ROUTES``): this page's
origin (``Origin``, ``Sec-Fetch-Site``: ``tdconsole.serve.streams.check_origin``), a session
(the signed cookie, 401), its CSRF token (a header, or the stream's query: 403) and a JSON body.
``guard`` checks them before the view runs, in that order, and hands the view the session
(``session_of``) and the body (``body_of``); a route under ``/floor/api/`` that declares nothing
is refused, so a new one cannot forget its checks.

PIN checks (scrypt) run in ``Lane``s: threads of their own, one lane for the sign-ins and one
for the Director's PIN of phones signed in, each taking at most the venue's ceiling
(``tdconsole.store.attempts.GUESSES_PER_MINUTE``) of checks at once: past it an attempt is
refused at once (429), never queued, and the phones signed in keep acting. The ceiling itself
is counted in the attempts file (``PinAttempts``: across processes and restarts), which refuses
an attempt past it unchecked.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import web

from tdconsole.domain.errors import RuleError
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.tokens import Session, csrf_ok
from tdconsole.serve.streams import check_origin
from tdconsole.store.attempts import GUESSES_PER_MINUTE, TooManyGuesses, too_many_guesses

API = "/floor/api/"
COOKIE = "tdc_floor"
DEPTH_LIMIT = 16
"""The deepest nesting of a body's JSON (the page sends 3 at most)."""

T = TypeVar("T")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Needs:
    """What a route needs before its view runs (everything, unless it says otherwise)."""

    origin: bool = True
    signed: bool = True
    csrf: str = "header"
    """Where its CSRF token is: "header" (``X-CSRF-Token``), "query" (a stream), "" none."""
    body: bool = False
    """A JSON object as its body (``body_of``)."""


OPEN = Needs(origin=False, signed=False, csrf="")
READ = Needs(csrf="")
CHANGE = Needs(body=True)

FLOOR = web.AppKey("floor", Floor)
POOL = web.AppKey("floor_pool", ThreadPoolExecutor)
NEEDS = web.AppKey("floor_needs", dict[Any, Needs])
SESSION = web.RequestKey("floor_session", Session)
BODY = web.RequestKey("floor_body", dict[str, Any])


async def in_pool(request: web.Request, call: Callable[[], T]) -> T:
    """``call`` in the floor's worker threads (SQLite never runs on the event loop)."""
    return await asyncio.get_running_loop().run_in_executor(request.app[POOL], call)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Check what the matched route needs (``Needs``) before its view runs."""
    needs = request.app[NEEDS].get(request.match_info.route)
    if needs is None:
        if request.path.startswith(API) and request.match_info.http_exception is None:
            raise json_error(404, "not-found")  # a route that declares no needs
        return await handler(request)
    if needs.origin:
        check_origin(request)
    if needs.signed:
        floor = request.app[FLOOR]
        cookie = request.cookies.get(COOKIE, "")
        session = await in_pool(request, lambda: floor.session(cookie)) if cookie else None
        if session is None:
            raise json_error(401, "signed-out")
        if needs.csrf == "query":
            token = request.query.get("csrf", "")
        else:
            token = request.headers.get("X-CSRF-Token", "")
        if needs.csrf and not csrf_ok(floor.secret, session.sid, token):
            raise json_error(403, "csrf")
        request[SESSION] = session
    if needs.body:
        request[BODY] = await read_body(request)
    return await handler(request)


def session_of(request: web.Request) -> Session:
    return request[SESSION]


def body_of(request: web.Request) -> dict[str, Any]:
    return request[BODY]


def json_error(status: int, code: str) -> web.HTTPException:
    classes: dict[int, type[web.HTTPException]] = {
        400: web.HTTPBadRequest,
        401: web.HTTPUnauthorized,
        403: web.HTTPForbidden,
        404: web.HTTPNotFound,
    }
    return classes[status](text=json.dumps({"error": code}), content_type="application/json")


def refused(exc: RuleError, lang: str) -> web.StreamResponse:
    """A refusal in one line with its article: 429 under the venue's PIN ceiling, else 409."""
    status = 429 if isinstance(exc, TooManyGuesses) else 409
    return web.json_response({"refused": exc.text(lang)}, status=status)


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


def too_deep(raw: bytes, limit: int = DEPTH_LIMIT) -> bool:
    """Whether ``raw``'s brackets (outside its strings) nest deeper than ``limit``: the
    parser is never handed what would make it recurse that far."""
    depth = 0
    for found in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        depth += 1 if found.group() in (b"[", b"{") else -1
        if depth > limit:
            return True
    return False


async def read_body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, read whole (``request.read``: the body the server-wide
    ``limits.whole_body`` read, within ``limits.BODY_MOST``), 400 for anything but a JSON
    object of a sane depth."""
    if request.content_type != "application/json":
        raise json_error(400, "bad-request")
    raw = await request.read()
    if too_deep(raw):
        raise json_error(400, "bad-request")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise json_error(400, "bad-request") from None
    if not isinstance(data, dict):
        raise json_error(400, "bad-request")
    return data


class Lane:
    """PIN checks of one kind (sign-ins, or the Director's PIN) in threads of their own, at
    most ``GUESSES_PER_MINUTE`` at once (checked, or waiting for a thread): past it an attempt
    is refused at once (``TooManyGuesses``), before it reaches a thread. More at once would
    only wait for the attempts file, which lets no more be checked in a minute; the lane
    counts nothing else."""

    def __init__(self, name: str, workers: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"tdconsole-{name}")
        self.checking = 0

    def close(self) -> None:
        self.pool.shutdown(wait=True)

    async def check(self, call: Callable[[], T]) -> T:
        """``call`` (a PIN check, then what it guards) in this lane's threads."""
        if self.checking >= GUESSES_PER_MINUTE:
            raise too_many_guesses(1.0)
        self.checking += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, call)
        finally:
            self.checking -= 1
