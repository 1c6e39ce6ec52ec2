"""The one server: the room's JSON view and stream (aiohttp's test client), the watcher that
feeds them, the Host check and the limits on one address's connections."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from tdhelpers.served_here import get, served

from tdconsole.serve import bare_host, is_loopback, url_host
from tdconsole.serve.app import LIMITS
from tdconsole.serve.limits import allowed_hosts
from tdconsole.serve.watch import Snapshot, Watcher
from tdconsole.service import Tournament

from .conftest import last_seq, refuses_writes


def in_play(snap: Snapshot) -> int:
    """The players in play at ``snap``, as the phones show them."""
    return snap.event.floor(snap.read_at, "", "en").in_play


def bust(event: Path, name: str) -> None:
    """Another terminal records an elimination."""
    from tdconsole.domain.play import Bust

    service = Tournament.open(event, actor="Bruno", role="floor")
    try:
        service.execute(Bust(names=[name], declined=True))
    finally:
        service.close()


async def events_of(response: Any, wanted: str = "room") -> AsyncIterator[dict[str, Any]]:
    """The stream's documents of one kind (the room's pictures: ``event: room`` … ``data:
    {json}``; each player's page: ``players``)."""
    kind = ""
    async for raw in response.content:
        line = raw.decode().rstrip("\r\n")
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and kind == wanted:
            yield json.loads(line[6:])


async def test_the_json_view_says_what_the_room_shows(client: TestClient[Any, Any]) -> None:
    answer = await client.get("/api/room")
    assert answer.status == 200
    room = await answer.json()
    assert room["in_play"] == 24 and room["entrants"] == 24
    assert room["stage"] == "paused" and room["blinds"]["big_blind"] == 100
    assert room["prize_pool"] == "1 680 scudi" and room["average_bb"] == 40.0


async def test_the_stream_brings_a_bust_from_another_terminal(
    client: TestClient[Any, Any], event: Path
) -> None:
    answer = await client.get("/api/room/stream")
    assert answer.headers["Content-Type"].startswith("text/event-stream")
    pictures = events_of(answer)
    first = await anext(pictures)
    assert first["in_play"] == 24
    await asyncio.to_thread(bust, event, "Rossi")
    second = await asyncio.wait_for(anext(pictures), 5)
    assert second["in_play"] == 23
    assert second["now"] >= first["now"]


async def test_the_room_s_stream_only_for_this_server_s_pages(
    client: TestClient[Any, Any],
) -> None:
    # Another site's page may not hold the room's stream open (the floor's stream neither).
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        refused = await client.get("/api/room/stream", headers=headers)
        assert refused.status == 403, headers
    own = {"Origin": str(client.make_url("")).rstrip("/"), "Sec-Fetch-Site": "same-origin"}
    answer = await client.get("/api/room/stream", headers=own)
    assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
    assert (await anext(events_of(answer)))["in_play"] == 24
    answer.close()


async def test_the_page_is_served_from_the_package(client: TestClient[Any, Any]) -> None:
    page = await client.get("/display")
    assert page.status == 200
    text = await page.text()
    assert '<html lang="it">' in text
    named = re.search(r'src="(/room/room\.[0-9a-f]{10}\.js)"', text)
    assert named is not None, "the page names its script by its content's digest"
    script = await client.get(named.group(1))
    assert script.status == 200
    assert "/api/room/stream" in await script.text()
    # (the pages' own helpers, the stream's among them, before the page's script)
    helpers = re.search(r'src="(/shared/page\.[0-9a-f]{10}\.js)"', text)
    assert helpers is not None and helpers.start() < named.start()
    assert "EventSource" in await (await client.get(helpers.group(1))).text()
    # (one QR code, the players' page's: the room's own address has none)
    assert (await client.get("/api/room/qr.svg")).status == 404


async def test_the_room_changes_nothing(client: TestClient[Any, Any], event: Path) -> None:
    seq = last_seq(event)
    await refuses_writes(client, ("/display", "/api/room", "/api/room/stream"))
    assert last_seq(event) == seq


async def test_a_foreign_host_name_is_refused(client: TestClient[Any, Any]) -> None:
    # DNS rebinding: a page of evil.example whose name now points at this machine.
    refused = await client.get("/api/room", headers={"Host": "evil.example:8000"})
    assert refused.status == 421
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.5"):
        answer = await client.get("/api/room", headers={"Host": host})
        assert answer.status == 200, host


async def test_the_watcher_hands_each_change_to_every_subscriber(event: Path) -> None:
    watcher = Watcher(event, interval=0.02)
    await watcher.start()
    try:
        assert watcher.latest is not None and in_play(watcher.latest) == 24
        one, two = watcher.subscribe(), watcher.subscribe()
        assert (await anext(one)).version == (await anext(two)).version == 1
        assert watcher.subscribers == 2
        await asyncio.to_thread(bust, event, "Rossi")
        a, b = await asyncio.wait_for(asyncio.gather(anext(one), anext(two)), 5)
        assert a is b and a.version == 2 and in_play(a) == 23
        await one.aclose()
        await two.aclose()
        assert watcher.subscribers == 0
    finally:
        await watcher.stop()


async def test_the_watcher_serves_the_published_state_uncopied(event: Path) -> None:
    """The service never changes a State it published (``state_cache``): a snapshot reads it
    as is, not a copy of the whole event made at every change."""
    opened: list[Tournament] = []

    def opener(path: Path) -> Tournament:
        opened.append(Tournament.open(path, role="floor"))
        return opened[-1]

    watcher = Watcher(event, interval=0.02, opener=opener)
    await watcher.start()
    try:
        changes = watcher.subscribe()
        first = await anext(changes)
        before = opened[0].state
        assert first.event._state is before
        await asyncio.to_thread(bust, event, "Rossi")
        second = await asyncio.wait_for(anext(changes), 5)
        assert second.event._state is opened[0].state and second.event._state is not before
        assert in_play(first) == 24 and in_play(second) == 23  # the first left whole
        await changes.aclose()
    finally:
        await watcher.stop()


async def test_a_slow_subscriber_gets_the_newest_not_a_backlog(event: Path) -> None:
    watcher = Watcher(event, interval=0.02)
    await watcher.start()
    try:
        slow = watcher.subscribe()
        await anext(slow)
        for name in ("Rossi", "Bianchi"):
            await asyncio.to_thread(bust, event, name)
        deadline = asyncio.get_running_loop().time() + 5
        while watcher.latest is not None and in_play(watcher.latest) != 22:
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.02)
        newest = await anext(slow)
        assert in_play(newest) == 22
        await slow.aclose()
    finally:
        await watcher.stop()


# -- connections from one address ----------------------------------------------------------
async def test_one_address_s_flood_does_not_starve_another(
    event: Path, caplog: pytest.LogCaptureFixture
) -> None:
    runner, port = await served(event, per_address=8, idle_seconds=0.5, lang="en")
    try:
        # 20 half-sent requests from 127.0.0.2: eight held, the rest answered 503 and closed,
        # the terminal told once.
        held = []
        for _ in range(20):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.2", 0)
            )
            writer.write(b"GET /api/room HTTP/1.1\r\nHost: 127")
            held.append((reader, writer))
        for reader, _ in held[8:]:
            answer = await asyncio.wait_for(reader.read(), 5)
            assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n"), answer
            assert answer.endswith(
                b"\r\n\r\n8 connections are open from your address, its most: "
                b"close other pages, or ask the Director to raise serve --per-address\n"
            )
        assert not any(r.at_eof() for r, _ in held[:8])
        said = runner.app[LIMITS].refusals
        assert said.due is not None  # the line, once the burst is counted
        said.due.cancel()
        said.report()
        told = [r.getMessage() for r in caplog.records if r.name == "tdconsole.serve"]
        assert told == ["12 connections refused: their address had 8 open (serve --per-address)"]
        assert await get(port, "127.0.0.3") == 200  # another screen is served at once
        # The half-sent requests are dropped once idle: the flooding address is served again.
        await asyncio.sleep(0.8)
        assert all(r.at_eof() for r, _ in held)
        assert await get(port, "127.0.0.2") == 200
        for _, writer in held:
            writer.close()
    finally:
        await runner.cleanup()


async def test_the_stream_pushes_the_last_minute_with_its_chime_by_the_time_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time
    from datetime import UTC, datetime, timedelta

    import tdconsole.serve.room as served_room
    from tdconsole.demo import build_demo
    from tdconsole.domain.slices.clock_control import ClockControl
    from tdconsole.serve.room import RoomFeed

    started = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    path = build_demo(tmp_path / "minute.tdc", now=started)
    service = Tournament.open(path, clock=lambda: started)
    service.execute(ClockControl(action="start"))
    service.close()
    # The feed's clock: 61.2 s before level 1's end at its first reading, then running.
    origin: list[float] = []

    def clock() -> datetime:
        if not origin:
            origin.append(time.monotonic())
        run = time.monotonic() - origin[0]
        return started + timedelta(minutes=40, seconds=-61.2 + run)

    monkeypatch.setattr(served_room, "utc_now", clock)
    watcher = Watcher(path, interval=0.02)
    await watcher.start()
    feed = RoomFeed(watcher, path, "it")
    await feed.start()
    try:
        pictures = feed.pictures()
        _version, before = await anext(pictures)
        assert json.loads(before)["stage"] == "level"
        _version, after = await asyncio.wait_for(anext(pictures), 5)  # nothing was written
        shown = json.loads(after)
        assert shown["stage"] == "last_minute" and shown["chime"] == "minute"
        await pictures.aclose()
    finally:
        await feed.stop()
        await watcher.stop()


def test_a_host_is_read_the_same_with_spaces_or_an_ipv6_address_in_brackets() -> None:
    assert bare_host(" [::1] ") == "::1" and bare_host("Localhost") == "Localhost"
    assert is_loopback(" [::1] ") and is_loopback("LOCALHOST") and not is_loopback("192.168.1.5")
    assert url_host(" [::1] ") == "[::1]"
    assert "::1" in allowed_hosts(" [::1] ", "")
