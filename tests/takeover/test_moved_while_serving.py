"""A laptop still serving learns the move from the copy's server (asked every few seconds) and
tells its pages at once; a file that cannot record it still sends its pages on."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from tdhelpers.command_line import run_on
from tdhelpers.copies import copy_serves_at, night
from tdhelpers.served_here import serving_here

from tdconsole.serve import elsewhere
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import VANISHED, EventStore, StoreError


def got(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def pictures(url: str) -> Any:
    """The room's pictures as its stream sends them, one by one."""
    with urllib.request.urlopen(url + "/api/room/stream", timeout=10) as stream:
        kind = ""
        for raw in stream:
            line = raw.decode().rstrip("\r\n")
            if line.startswith("event:"):
                kind = line.partition(":")[2].strip()
            elif line.startswith("data:") and kind == "room":
                yield json.loads(line.partition(":")[2])


def test_a_laptop_serving_learns_the_move_and_tells_its_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(elsewhere, "ASK_SECONDS", 0.05)
    director, copy = night(tmp_path, "http://127.0.0.1:9")
    with serving_here(copy) as copy_url:
        copy_serves_at(director, copy_url)
        with serving_here(director) as laptop_url:
            shown = pictures(laptop_url)
            first = next(shown)
            assert first["copy_address"] == copy_url and first["moved"] is None
            assert run_on(capsys, copy, "take-over", "--device", "cassa")[0] == 0
            told = next(shown)  # (sent again once the copy said so)
            assert told["moved"]["device"] == "cassa" and told["moved"]["address"] == copy_url
            assert run_on(capsys, director, "clock", "pause")[0] != 0
    store = EventStore(director)
    try:
        assert copy_marks.moved(store) is not None
    finally:
        store.close()


def test_a_file_that_cannot_record_the_move_still_sends_its_pages_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    director, copy = night(tmp_path, "http://127.0.0.1:9")

    def refused(store: EventStore, where: copy_marks.Moved) -> None:
        raise StoreError(VANISHED)  # (whatever the cause: nothing can be written)

    monkeypatch.setattr(copy_marks, "record_moved", refused)
    with serving_here(copy) as copy_url:
        copy_serves_at(director, copy_url)
        assert run_on(capsys, copy, "take-over", "--device", "cassa")[0] == 0
        with serving_here(director) as laptop_url:
            assert got(laptop_url + "/api/room")["moved"]["device"] == "cassa"


async def test_a_copy_that_answers_a_time_past_the_calendars_ends_is_not_heard(
    aiohttp_server: Any,
) -> None:
    async def moved(request: web.Request) -> web.StreamResponse:
        at = "0001-01-01T00:00:00+05:00"
        return web.json_response({"event": "e", "moved": {"device": "cassa", "at": at}})

    app = web.Application()
    app.router.add_get(elsewhere.PATH, moved)
    server = await aiohttp_server(app)
    address = str(server.make_url("")).rstrip("/")
    assert await asyncio.to_thread(elsewhere.ask, address, "e") is None
