"""Served floor sessions come and go: a dropped one is cleaned up, a killed server leaves the
event file whole and its sessions leave too. Websocket clients speak textual-serve's protocol,
as the floor's page does; the room's page is read through its JSON view (no browser needed)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import aiohttp

from bench.served import Session, alive, serving, wait_until_gone
from tdconsole.service import Tournament
from tdconsole.store.eventstore import inspect

GONE_SECONDS = 20.0


def bust_rossi(event: Path) -> None:
    """Another terminal records an elimination."""
    from tdconsole.domain.play import Bust

    service = Tournament.open(event, actor="Bruno", role="floor")
    try:
        service.execute(Bust(names=["Rossi"], declined=True))
    finally:
        service.close()


async def in_play(http: aiohttp.ClientSession, url: str) -> int:
    async with http.get(url + "/api/room") as answer:
        return int((await answer.json())["in_play"])


async def floor_session(url: str, http: aiohttp.ClientSession) -> Session:
    """A phone on the floor's page, asked its PIN."""
    floor = Session(url, "floor", 40, 40)
    await floor.open(http)
    await floor.wait_for("PIN del floor", 30)
    return floor


def test_a_dropped_session_is_cleaned_up(event: Path) -> None:
    with serving(event) as served:

        async def run() -> set[int]:
            async with aiohttp.ClientSession() as http:
                assert served.descendants() == set()  # the room's page: no process of its own
                floor = await floor_session(served.url, http)
                other = await floor_session(served.url, http)
                both = served.descendants()
                assert len(both) == 2
                floor.drop()  # no close frame: the server only sees the connection end
                clock = asyncio.get_running_loop().time
                deadline = clock() + GONE_SECONDS
                while len(alive(both)) > 1 and clock() < deadline:
                    await asyncio.sleep(0.05)
                assert len(alive(both)) == 1  # the other phone's session goes on
                # The room still follows the event.
                await asyncio.to_thread(bust_rossi, event)
                deadline = clock() + 5
                while await in_play(http, served.url) != 23:
                    assert clock() < deadline, "the room never showed the bust"
                    await asyncio.sleep(0.05)
                await other.close()
                return both

        both = asyncio.run(run())
        assert wait_until_gone(both, GONE_SECONDS) == set()
        assert served.process.poll() is None  # the server goes on serving


def test_a_killed_server_leaves_the_event_whole(event: Path) -> None:
    with serving(event) as served:

        async def run() -> set[int]:
            async with aiohttp.ClientSession() as http:
                assert await in_play(http, served.url) == 24
                await floor_session(served.url, http)
                await floor_session(served.url, http)
                sessions = served.descendants()
                assert len(sessions) == 2
                os.kill(served.process.pid, signal.SIGKILL)
                return sessions

        sessions = asyncio.run(run())
        served.process.wait()
        # Every session notices its server is gone and leaves.
        assert wait_until_gone(sessions, GONE_SECONDS) == set()
    inspect(event)  # marker, format, quick_check: whole
    service = Tournament.open(event)
    try:
        rossi = service.state.find("Rossi")
        assert rossi is not None and rossi.status == "in"
        assert service.state.in_play == 24
    finally:
        service.close()
