"""The floor's views: each runs once ``tdconsole.serve.floor.guard`` has checked what its route
needs (``tdconsole.serve.floor.web.ROUTES``), so none checks the origin, the session or the CSRF
token itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiohttp import web

from tdconsole.domain.errors import RuleError
from tdconsole.domain.served import Served
from tdconsole.i18n import Msg
from tdconsole.serve.assets import Page
from tdconsole.serve.elsewhere import ELSEWHERE
from tdconsole.serve.floor import actions, commands
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.guard import (
    COOKIE,
    FLOOR,
    Handler,
    Lane,
    body_of,
    in_pool,
    refused,
    session_of,
)
from tdconsole.serve.floor.phone_json import SharedStates, state_json
from tdconsole.serve.floor.tokens import SESSION_SECONDS, Session, csrf_token
from tdconsole.serve.streams import Event, send_events, stream_id
from tdconsole.store.copy_standing import CopyView
from tdconsole.words.floor import page_words


class Snap(Protocol):
    @property
    def version(self) -> int: ...
    @property
    def event(self) -> Served: ...
    @property
    def read_at(self) -> Any: ...
    @property
    def cannot_record(self) -> Msg | None: ...
    @property
    def copy(self) -> CopyView | None: ...


class Watching(Protocol):
    def subscribe(self) -> AsyncGenerator[Snap, None]: ...
    def poke(self) -> None: ...
    @property
    def latest(self) -> Snap | None: ...


@dataclass
class Parts:
    """What the views share, made once per server (``tdconsole.serve.floor.web.setup``)."""

    lang: str
    page: Page
    watcher: Watching
    shared: SharedStates
    sign_ins: Lane
    """The sign-ins' PIN checks."""
    director: Lane
    """The Director's PIN typed on phones signed in: never behind a crowd signing in."""
    ending: weakref.WeakValueDictionary[str, asyncio.Event] = field(
        default_factory=weakref.WeakValueDictionary
    )
    """Set when a session signs out: its open streams end at once (by session id)."""

    def ended(self, sid: str) -> asyncio.Event:
        found = self.ending.get(sid)
        if found is None:
            found = self.ending[sid] = asyncio.Event()
        return found


PARTS = web.AppKey("floor_parts", Parts)


def _parts(request: web.Request) -> tuple[Floor, Parts]:
    return request.app[FLOOR], request.app[PARTS]


def _signed_in(floor: Floor, session: Session, lang: str) -> dict[str, Any]:
    """Who the phone is signed in as, its CSRF token, and why it cannot record (if so)."""
    body: dict[str, Any] = {"staff": session.name, "csrf": csrf_token(floor.secret, session.sid)}
    if floor.cannot_record is not None:
        body["cannot_record"] = floor.cannot_record.text(lang)
    return body


async def show_page(request: web.Request) -> web.StreamResponse:
    return request.app[PARTS].page.response(request)


async def words(request: web.Request) -> web.StreamResponse:
    lang = request.app[PARTS].lang
    body = {**page_words(lang), "commands": commands.forms(lang)}
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def sign_in(request: web.Request) -> web.StreamResponse:
    floor, parts = _parts(request)
    body = body_of(request)
    pin, name = body.get("pin"), body.get("name")
    if not (isinstance(pin, str) and isinstance(name, str)) or len(pin) + len(name) > 400:
        return web.json_response({"error": "bad-request"}, status=400)
    phone = request.remote or "?"
    try:
        session, cookie = await parts.sign_ins.check(lambda: floor.sign_in(pin, name, phone))
    except RuleError as exc:
        return refused(exc, parts.lang)
    response = web.json_response(_signed_in(floor, session, parts.lang))
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
    floor, parts = _parts(request)
    return web.json_response(
        _signed_in(floor, session_of(request), parts.lang),
        headers={"Cache-Control": "no-store"},
    )


async def sign_out(request: web.Request) -> web.StreamResponse:
    floor, parts = _parts(request)
    session = session_of(request)
    await in_pool(request, lambda: floor.sign_out(session))
    parts.ended(session.sid).set()  # its streams still open end now
    response = web.json_response({"signed_out": True})
    response.del_cookie(COOKIE, path="/floor")
    return response


async def current(request: web.Request) -> web.StreamResponse:
    floor, parts = _parts(request)
    event = await in_pool(request, floor.latest)
    body = state_json(event, floor.clock(), session_of(request).name, parts.lang)
    _not_recording(body, parts.watcher.latest, parts.lang)
    body.update(request.app[ELSEWHERE].json())
    return web.json_response(body, headers={"Cache-Control": "no-store"})


async def find(request: web.Request) -> web.StreamResponse:
    floor, _ = _parts(request)
    typed = request.query.get("q", "")[:100]

    def found() -> list[str]:
        return floor.latest().in_play(typed)

    return web.json_response({"names": await in_pool(request, found)})


async def preview(request: web.Request) -> web.StreamResponse:
    floor, parts = _parts(request)
    body = body_of(request)
    try:
        done = await in_pool(request, lambda: actions.preview_bust(floor, body, parts.lang))
    except RuleError as exc:
        return refused(exc, parts.lang)
    return web.json_response(done)


Action = Callable[[Floor, Session, dict[str, Any], str, str], dict[str, Any]]


def acting(action: Action, *, checks_pin: bool = False) -> Handler:
    """The view of one of the phone's actions (``checks_pin``: behind the Director's PIN,
    checked in the Director's lane)."""

    async def handle(request: web.Request) -> web.StreamResponse:
        floor, parts = _parts(request)
        session, body = session_of(request), body_of(request)
        phone = request.remote or "?"

        def act() -> dict[str, Any]:
            return action(floor, session, body, parts.lang, phone)

        try:
            done = await (parts.director.check(act) if checks_pin else in_pool(request, act))
        except RuleError as exc:
            parts.watcher.poke()  # (the service may have taken in others' changes)
            return refused(exc, parts.lang)
        parts.watcher.poke()
        return web.json_response(done)

    return handle


async def stream(request: web.Request) -> web.StreamResponse:
    floor, parts = _parts(request)
    states = _states(request.app, floor, session_of(request), parts)
    return await send_events(request, states)


async def _states(
    app: web.Application, floor: Floor, session: Session, parts: Parts
) -> AsyncGenerator[Event, None]:
    """The phone's state at once and at every change, until its session ends."""
    ended = parts.ended(session.sid)
    async with contextlib.aclosing(parts.watcher.subscribe()) as changes:
        while True:
            snap = await _next_unless(changes, ended)
            if snap is None or not floor.session_valid(session, snap.event):
                yield Event("signed-out", "{}")
                return
            body = parts.shared.body(snap, snap.event, snap.read_at, session.name, parts.lang)
            _not_recording(body, snap, parts.lang)
            body.update(app[ELSEWHERE].json())  # (where the copy serves: the page goes there)
            body["sent_at"] = floor.clock().isoformat()  # (a phone's offset from this clock)
            text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
            yield Event("state", text, stream_id(app, snap.version))


def _not_recording(body: dict[str, Any], snap: Snap | None, lang: str) -> None:
    """Say in the phone's state why nothing can be recorded, when it became so while serving
    (the event file deleted, moved or replaced), and where the copy on a second device stands
    (``tdconsole follow``), if one ever followed."""
    why = None if snap is None else snap.cannot_record
    if why is not None:
        body["cannot_record"] = why.text(lang)
    copy = None if snap is None else snap.copy
    if copy is not None:
        body["copy"] = {**copy.to_json(), "said": copy.said().text(lang)}


async def _next_unless(changes: AsyncIterator[Snap], ended: asyncio.Event) -> Snap | None:
    """The next change, or None as soon as ``ended`` is set (the session signed out)."""
    following = asyncio.ensure_future(anext(changes))
    ending = asyncio.ensure_future(ended.wait())
    try:
        await asyncio.wait({following, ending}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        ending.cancel()
        if not following.done():
            following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await following  # (the changes are closed after it, never while it runs)
    return None if following.cancelled() else following.result()
