"""The room's screen as web pages: ``/display`` (the page), ``/api/room`` (what it shows, as
JSON) and ``/api/room/stream`` (the same, pushed at every change: Server-Sent Events).

Read-only: nothing here writes the event file. Every picture comes from the one watcher
(``tdconsole.serve.watch``) through the one room model (``tdconsole.domain.room``), which the
terminal display draws too. One ``RoomFeed`` per process computes each picture once, at each
change of the file and at each moment the model names (the last minute, zero, the moves
leaving the screen), and every open stream sends that same text.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from collections.abc import AsyncGenerator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tdconsole.domain.errors import RuleError
from tdconsole.domain.room import Room, Season, chime, room_json, season_from
from tdconsole.i18n import Msg
from tdconsole.now import utc_now
from tdconsole.serve.assets import STATIC, Assets, Page
from tdconsole.serve.elsewhere import ELSEWHERE, Elsewhere, Whereabouts
from tdconsole.serve.streams import Event, send_events, stream_id
from tdconsole.words.room import page_words, spoken

if TYPE_CHECKING:
    from tdconsole.serve.config import ServeConfig
    from tdconsole.serve.watch import Snapshot, Watcher


def filled_page(name: str, lang: str, words: dict[str, str]) -> str:
    """The static page ``name`` with its language and its words (JSON) filled in."""
    page = (STATIC / name).read_text(encoding="utf-8")
    page = page.replace("{{lang}}", html.escape(lang, quote=True))
    return page.replace("{{words}}", html.escape(json.dumps(words, ensure_ascii=False), quote=True))


def picture(snap: Snapshot, now: datetime, season: Season | None = None) -> Room:
    """The room model for ``snap`` at ``now``."""
    return snap.event.room(snap.moved, now, season)


def document(
    shown: Room,
    lang: str,
    sound: str | None = None,
    cannot_record: Msg | None = None,
    where: Whereabouts | None = None,
) -> dict[str, Any]:
    """What the page reads: the model, its sound and what it says aloud (``speech``: the
    page speaks it when the event's ``voice`` is on), and the server's time when sent.
    ``cannot_record``: why nothing can be recorded any more (the event file deleted, moved
    or replaced while served), shown in the message's band in place of the Director's;
    so is where the event went once it moved (``where``: the copy's address, the page goes
    on from there)."""
    body = room_json(shown)
    if cannot_record is not None:
        body["message"] = {"text": cannot_record.text(lang), "until": None}
    if where is not None:
        body.update(where.json())
        if (moved := where.said()) is not None:
            body["message"] = {"text": moved.text(lang), "until": None}
    body["chime"] = sound
    body["speech"] = spoken(sound, shown, lang)
    body["lang"] = lang
    return body


def read_season(event: Path, lang: str) -> Season | None:
    """The first season counting ``event``, when it shows itself in the room (reads files)."""
    # lazy: the season's modules, read as a break begins (in an executor's thread)
    from tdconsole.season.load import load, season_json, seasons_for

    try:
        found = seasons_for(event)
        if not found:
            return None
        return season_from(season_json(load(found[0]), "en" if lang == "en" else "it"))
    except (RuleError, OSError, ValueError):
        return None  # a refused season file: the Director reads why with `season`


class RoomFeed:
    """The room's pictures for every open stream: one computed per change, sent to all."""

    def __init__(
        self, watcher: Watcher, event: Path, lang: str, elsewhere: Elsewhere | None = None
    ) -> None:
        self.watcher = watcher
        self.elsewhere = elsewhere
        """Where the event's copy serves (its pictures carry it)."""
        self.event = event
        self.lang = lang
        self.version = 0
        self.text = ""
        """The latest picture as the stream sends it (JSON)."""
        self.shown: Room | None = None
        self.snap: Snapshot | None = None
        """The event as read for ``shown`` (the players' page reads both)."""
        self._season: Season | None = None
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="tdconsole-room")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        snaps = self.watcher.subscribe()
        snap = await anext(snaps)
        following = asyncio.ensure_future(anext(snaps))
        try:
            while True:
                await self._publish(snap)
                wait = None
                if self.shown is not None and self.shown.changes_at is not None:
                    wait = max(0.0, (self.shown.changes_at - utc_now()).total_seconds()) + 0.01
                done, _pending = await asyncio.wait({following}, timeout=wait)
                if following in done:
                    snap = following.result()
                    following = asyncio.ensure_future(anext(snaps))
        finally:
            following.cancel()
            with contextlib.suppress(BaseException):
                await snaps.aclose()

    async def _publish(self, snap: Snapshot) -> None:
        now = utc_now()
        shown = picture(snap, now, self._season)
        was_break = self.shown is not None and self.shown.stage == "break"
        if shown.stage == "break" and not was_break:  # read afresh as each break begins
            loop = asyncio.get_running_loop()
            self._season = await loop.run_in_executor(None, read_season, self.event, self.lang)
            shown = picture(snap, now, self._season)
        sound = chime(self.shown, shown)
        where = None if self.elsewhere is None else self.elsewhere.now
        body = document(shown, self.lang, sound, snap.cannot_record, where)
        text = json.dumps(body, ensure_ascii=False)
        async with self._changed:
            self.shown, self.snap, self.text = shown, snap, text
            self.version += 1
            self._changed.notify_all()

    async def again(self) -> None:
        """Send the latest picture again (where the event's copy is changed)."""
        if self.snap is not None:
            await self._publish(self.snap)

    async def pictures(self) -> AsyncGenerator[tuple[int, str], None]:
        """(version, JSON) of the latest picture at once, then of each newer one."""
        seen = 0
        while True:
            async with self._changed:
                await self._changed.wait_for(lambda: self.version not in (0, seen))  # noqa: B023
                seen, text = self.version, self.text
            yield seen, text


FEED = web.AppKey("room_feed", RoomFeed)


def setup(app: web.Application, config: ServeConfig, watcher: Watcher) -> None:
    page = filled_page("room.html", config.lang, page_words(config.lang))
    assets = Assets(STATIC, "/room/")
    shown_page = Page.of(assets.page(page))
    elsewhere = app.get(ELSEWHERE)
    feed = RoomFeed(watcher, config.event, config.lang, elsewhere)
    app[FEED] = feed
    if elsewhere is not None:
        elsewhere.changed.append(feed.again)

    async def start(app: web.Application) -> None:
        await feed.start()

    async def stop(app: web.Application) -> None:
        await feed.stop()

    app.on_startup.append(start)
    app.on_cleanup.insert(0, stop)

    async def display(request: web.Request) -> web.StreamResponse:
        return shown_page.response(request)

    async def current(request: web.Request) -> web.StreamResponse:
        snap = watcher.latest
        if snap is None:
            raise web.HTTPServiceUnavailable(text="the event is being read\n")
        shown = picture(snap, utc_now(), feed._season)
        where = None if elsewhere is None else elsewhere.now
        body = document(shown, config.lang, cannot_record=snap.cannot_record, where=where)
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def stream(request: web.Request) -> web.StreamResponse:
        # The server's time at each wake and on a quiet stream (``streams.PING_SECONDS``): the
        # page's clock counts from it and knows the link lives.
        return await send_events(request, _pictures(request.app, feed), beat=server_time)

    app.router.add_get("/display", display)
    app.router.add_get("/api/room", current)
    app.router.add_get("/api/room/stream", stream)
    assets.add_routes(app, "room-static")


def server_time() -> Event:
    """The server's time, sent at each wake and on a quiet stream (the page's clock counts
    from it and knows the link lives)."""
    return Event("time", utc_now().isoformat())


async def _pictures(app: web.Application, feed: RoomFeed) -> AsyncGenerator[Event, None]:
    """The latest picture at once, then each new one."""
    async with contextlib.aclosing(feed.pictures()) as pictures:
        async for version, text in pictures:
            yield Event("room", text, stream_id(app, version))
