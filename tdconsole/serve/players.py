"""Each player's own page: ``/players`` (a phone's page, no PIN, read-only), ``/api/players``
(what it shows, as JSON) and ``/api/players/stream`` (the same at every change: Server-Sent
Events).

One public document for every player (``tdconsole.domain.players_page``): the phone keeps the
rows of the name chosen on it, so choosing another name is only another view, never a sign-in.
The document follows the room's pictures (``RoomFeed``): made at most once per picture, when a
page first asks for it, and sent as the same text to every open page; so the players' pages see
the clock, the moves and the results when the TV does, and cost the server one text per change.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING

import segno
from aiohttp import web

from tdconsole.domain.players_page import players_json
from tdconsole.serve.assets import STATIC, Assets, Page
from tdconsole.serve.room import FEED, RoomFeed, filled_page, server_time
from tdconsole.serve.streams import Event, send_events, stream_id
from tdconsole.words.players import page_words

if TYPE_CHECKING:
    from tdconsole.serve.config import ServeConfig
    from tdconsole.serve.watch import Watcher

PATH = "/players"


class PlayersFeed:
    """The players' document for the room's latest picture, made once and kept."""

    def __init__(self, room: RoomFeed, lang: str) -> None:
        self.room = room
        self.lang = lang
        self.version = 0
        """The room's picture the kept text was made from (0: none yet)."""
        self.text = ""
        self.made = 0
        """How many documents were made (the tests and the bench read it)."""

    def latest(self) -> tuple[int, str] | None:
        """(the room's version, the players' document as JSON) of the room's latest picture;
        None before the first."""
        room = self.room
        if room.shown is None or room.snap is None:
            return None
        if room.version != self.version:
            page = room.snap.event.players_page(room.snap.moved, room.shown)
            body = players_json(page)
            body["lang"] = self.lang
            if room.elsewhere is not None:  # (where the copy serves: the page goes on there)
                body.update(room.elsewhere.now.json())
            self.version, self.text = room.version, json.dumps(body, ensure_ascii=False)
            self.made += 1
        return self.version, self.text

    async def pictures(self) -> AsyncGenerator[tuple[int, str], None]:
        """(version, JSON) of the latest document at once, then of each newer one."""
        async with contextlib.aclosing(self.room.pictures()) as pictures:
            async for _version, _text in pictures:
                latest = self.latest()
                if latest is not None:
                    yield latest


PLAYERS = web.AppKey("players_feed", PlayersFeed)


def setup(app: web.Application, config: ServeConfig, watcher: Watcher) -> None:
    page = filled_page("players.html", config.lang, page_words(config.lang))
    assets = Assets(STATIC, "/players/", only="players.")
    shown_page = Page.of(assets.page(page))
    feed = PlayersFeed(app[FEED], config.lang)
    app[PLAYERS] = feed

    async def players(request: web.Request) -> web.StreamResponse:
        return shown_page.response(request)

    async def current(request: web.Request) -> web.StreamResponse:
        latest = feed.latest()
        if latest is None:
            raise web.HTTPServiceUnavailable(text="the event is being read\n")
        return web.Response(
            text=latest[1], content_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def stream(request: web.Request) -> web.StreamResponse:
        return await send_events(request, _documents(request.app, feed), beat=server_time)

    async def qr(request: web.Request) -> web.StreamResponse:
        return web.Response(body=qr_svg(config.public_url), content_type="image/svg+xml")

    app.router.add_get(PATH, players)
    app.router.add_get("/api/players", current)
    app.router.add_get("/api/players/stream", stream)
    app.router.add_get("/api/players/qr.svg", qr)
    assets.add_routes(app, "players-static")


def qr_svg(public_url: str, border: int = 2) -> bytes:
    """The QR code of the players' page at ``public_url`` (the TV's, the seat slips')."""
    out = io.BytesIO()
    segno.make(public_url + PATH, error="m").save(out, kind="svg", border=border)
    return out.getvalue()


async def _documents(app: web.Application, feed: PlayersFeed) -> AsyncGenerator[Event, None]:
    async with contextlib.aclosing(feed.pictures()) as pictures:
        async for version, text in pictures:
            yield Event("players", text, stream_id(app, version))
