"""The copy's feed on ``tdconsole serve``: the log for ``tdconsole follow`` on a second device.

- ``POST /copy/api/attach`` ``{pin, device, port?, holds?: {event, seq, hash}}``: the Director's
  PIN (checked as a phone's Director command checks it: the same lane, the same count of wrong
  PINs) and what the copy holds → ``{event, token, last}``; a copy serving its pages says its
  ``port``: where it serves (``copy_marks.copy_address``) is recorded from the address the
  request came from (a copy that says none serves nowhere); a copy of another event, or one whose
  entry differs from this event's, is refused in one line (409).
- ``POST /copy/api/log`` ``{device, after, hash}`` with the token (``X-Copy-Token``): the copy
  holds every entry up to ``after`` written (recorded as where it stands, ``store.copying``);
  answers the entries after it at once, or as soon as one is written (within ``WAIT``), and the
  event's last entry: ``{entries, last}``.
- ``POST /copy/api/detach`` ``{device}`` with the token: the copy stopped (``follow``'s Ctrl+C):
  the event's writes no longer wait for it nor say it lost.

One middleware (``copy_guard``) reads the body and checks the token before a view runs; the
token is signed with the floor's session secret and the Director's PIN (a new PIN ends it). All
the file's work runs in one worker thread of its own, never on the event loop nor in the
floor's threads (a phone's write waits for the copy there: its confirmation must not wait
behind it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _
from tdconsole.serve.elsewhere import ELSEWHERE
from tdconsole.serve.floor.guard import FLOOR, Handler, json_error, read_body, refused
from tdconsole.serve.floor.tokens import pin_tag, sign
from tdconsole.serve.floor.views import PARTS
from tdconsole.serve.floor.web import Config
from tdconsole.serve.watch import Watcher
from tdconsole.store import copy_marks, copy_standing, copying
from tdconsole.store.eventstore import EventStore, StoreError

API = "/copy/api/"
TOKEN = "X-Copy-Token"
WAIT = 1.0
"""How long the feed holds a request open for new entries (the copy is heard as often)."""
LOOK = 0.005
"""How often a request held open looks for new entries (one pragma: the copy's lag is about
this, where the watcher's pace would add 50 ms to every write)."""

T = TypeVar("T")


class Feed:
    """The feed's one worker thread and its connection to the event file."""

    def __init__(self, event: Path, wall: Callable[[], float], watcher: Watcher) -> None:
        self.event = event
        self.watcher = watcher
        self.wall = wall
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tdconsole-copy")
        self._store: EventStore | None = None
        self._version = -1

    @property
    def store(self) -> EventStore:
        if self._store is None:
            self._store = EventStore(self.event)
        return self._store

    async def run(self, call: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, call)

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def resume(self, event: str | None, seq: int, hashed: str) -> Msg | None:
        """Why a copy holding ``seq`` (hash ``hashed``) of ``event`` cannot follow, or None."""
        if event is not None and event != copying.identity(self.store):
            return _("the copy belongs to another event: give --to another file for this one")
        if seq > 0 and copying.held_hash(self.store, seq) != hashed:
            return _("the copy differs from this event at entry {seq}").format(seq=seq)
        return None

    def news(self, after: int, *, fresh: bool = False) -> list[dict[str, Any]]:
        """The entries after ``after``, read only once the file changed since the last look
        (one pragma if not), or at once when ``fresh``."""
        version = self.store.data_version()
        if version == self._version and not fresh:
            return []
        self._version = version
        return copying.feed(self.store, after)

    def heard(self, device: str, confirmed: int, serves: str | None = None) -> None:
        """Record where the copy stands (and where it serves its pages, ``serves``: "" for
        nowhere); a file busy or that cannot be written keeps what it held (the copy is served
        all the same, and said behind or lost)."""
        found = copy_standing.Standing(device, confirmed, self.wall())
        with contextlib.suppress(StoreError):
            self.store.set_meta(copy_standing.COPY, found.to_meta())
            if serves is not None:
                copy_marks.record_copy_address(self.store, serves)


FEED = web.AppKey("copy_feed", Feed)
DEVICE = web.RequestKey("copy_device", str)
BODY = web.RequestKey("copy_body", dict[str, Any])


def token_for(secret: bytes, device: str, director_pin: str | None) -> str:
    return sign(secret, "copy", f"{device}\n{pin_tag(director_pin)}".encode())


def _director_pin(request: web.Request) -> str | None:
    latest = request.app[FEED].watcher.latest
    return None if latest is None else latest.event.pin("director")


@web.middleware
async def copy_guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The feed's checks: a JSON body, a device named, and past ``attach`` the token (the
    feed's routes alone: ``GET /copy/api/moved`` is open, ``serve.elsewhere``)."""
    if request.path not in ROUTES or request.method != "POST":
        return await handler(request)
    body = await read_body(request)
    device = body.get("device")
    if not isinstance(device, str) or not 0 < len(device) <= 100:
        raise json_error(400, "bad-request")
    if request.path != API + "attach":
        secret = request.app[FLOOR].secret
        expected = token_for(secret, device, _director_pin(request))
        if not hmac.compare_digest(request.headers.get(TOKEN, "").encode(), expected.encode()):
            raise json_error(401, "signed-out")
    request[BODY], request[DEVICE] = body, device
    return await handler(request)


def _number(raw: object) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise json_error(400, "bad-request")
    return raw


def _text(raw: object) -> str:
    if not isinstance(raw, str) or len(raw) > 200:
        raise json_error(400, "bad-request")
    return raw


def serves_at(remote: str | None, port: object) -> str | None:
    """Where a copy that said its ``port`` serves its pages (``http://HOST:PORT``, the
    address its request came from), or None (it serves none, or said no port)."""
    if remote is None or isinstance(port, bool) or not isinstance(port, int):
        return None
    if not 0 < port < 65536:
        return None
    host = f"[{remote}]" if ":" in remote else remote
    return f"http://{host}:{port}"


async def attach(request: web.Request) -> web.StreamResponse:
    body, device = request[BODY], request[DEVICE]
    feed, parts, floor = request.app[FEED], request.app[PARTS], request.app[FLOOR]
    pin, holds = body.get("pin"), body.get("holds") or {}
    if not isinstance(pin, str) or len(pin) > 100 or not isinstance(holds, dict):
        raise json_error(400, "bad-request")
    held_event = holds.get("event")
    seq, hashed = _number(holds.get("seq", 0)), _text(holds.get("hash", ""))
    if held_event is not None:
        held_event = _text(held_event)
    latest = feed.watcher.latest
    if latest is None:  # (the watcher reads the file before the server listens)
        raise json_error(404, "not-found")
    if latest.event.pin("director") is None:
        said = _(
            "a copy follows only behind a Director PIN: set one with `tdconsole set "
            "director_pin=NNNNNN`, then follow again"
        )
        return web.json_response({"refused": said.text(parts.lang)}, status=409)
    phone = request.remote or "?"
    try:
        await parts.director.check(
            lambda: floor.check_director_pin(latest.event, pin, phone, device)
        )
    except RuleError as exc:
        return refused(exc, parts.lang)

    def attached() -> dict[str, Any] | Msg:
        why = feed.resume(held_event, seq, hashed)
        if why is not None:
            return why
        feed.heard(device, seq, serves_at(request.remote, body.get("port")) or "")
        return {"event": copying.identity(feed.store), "last": feed.store.last_seq()}

    done = await feed.run(attached)
    if not isinstance(done, dict):
        return web.json_response({"refused": done.text(parts.lang)}, status=409)
    request.app[ELSEWHERE].wake()  # (the pages carry where the copy serves from now on)
    done["token"] = token_for(floor.secret, device, latest.event.pin("director"))
    return web.json_response(done)


async def detach(request: web.Request) -> web.StreamResponse:
    feed = request.app[FEED]
    await feed.run(lambda: copy_standing.detached(feed.store))
    return web.json_response({})


async def log(request: web.Request) -> web.StreamResponse:
    body, device = request[BODY], request[DEVICE]
    feed, parts = request.app[FEED], request.app[PARTS]
    after, hashed = _number(body.get("after")), _text(body.get("hash", ""))

    def confirmed() -> Msg | list[dict[str, Any]]:
        why = feed.resume(None, after, hashed)
        if why is not None:
            return why
        feed.heard(device, after)
        return feed.news(after, fresh=True)

    entries = await feed.run(confirmed)
    if not isinstance(entries, list):
        return web.json_response({"refused": entries.text(parts.lang)}, status=409)
    loop = asyncio.get_running_loop()
    until = loop.time() + WAIT
    while not entries and loop.time() < until:
        await asyncio.sleep(LOOK)
        entries = await feed.run(lambda: feed.news(after))
    last = await feed.run(feed.store.last_seq)
    return web.json_response({"entries": entries, "last": last})


ROUTES: dict[str, Handler] = {API + "attach": attach, API + "log": log, API + "detach": detach}
"""The feed's routes (each a ``POST``), the ones ``copy_guard`` checks."""


def setup(app: web.Application, config: Config, watcher: Watcher) -> None:
    """Add the feed's routes to ``app`` (after the floor's: it checks PINs as the floor)."""

    async def running(app: web.Application) -> Any:
        feed = Feed(config.event, config.wall, watcher)
        app[FEED] = feed
        try:
            yield
            await feed.run(feed.close)
        finally:
            feed.pool.shutdown(wait=True)

    app.cleanup_ctx.append(running)
    app.middlewares.append(copy_guard)
    for path, view in ROUTES.items():
        app.router.add_post(path, view)
