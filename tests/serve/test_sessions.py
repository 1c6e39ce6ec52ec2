"""``tdconsole serve`` as a process: the room's screens start no process of their own, and a
killed server leaves the event file whole (the room's stream read as the page reads it)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

import aiohttp

from bench.served import serving
from tdconsole.service import Tournament
from tdconsole.store.eventstore import inspect


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


def test_screens_start_no_process_and_follow_the_event(event: Path) -> None:
    with serving(event) as served:

        async def run() -> None:
            async with aiohttp.ClientSession() as http:
                streams = [await http.get(served.url + "/api/room/stream") for _ in range(20)]
                assert all(s.status == 200 for s in streams)
                assert served.descendants() == set()  # one process for every screen
                await asyncio.to_thread(bust_rossi, event)
                clock = asyncio.get_running_loop().time
                deadline = clock() + 5
                while await in_play(http, served.url) != 23:
                    assert clock() < deadline, "the room never showed the bust"
                    await asyncio.sleep(0.05)
                for stream in streams:
                    stream.close()

        asyncio.run(run())
        assert served.process.poll() is None  # the server goes on serving


def test_a_killed_server_leaves_the_event_whole(event: Path) -> None:
    with serving(event) as served:

        async def run() -> None:
            async with aiohttp.ClientSession() as http:
                assert await in_play(http, served.url) == 24
                stream = await http.get(served.url + "/api/room/stream")
                assert stream.status == 200
                os.kill(served.process.pid, signal.SIGKILL)
                stream.close()

        asyncio.run(run())
        served.process.wait()
    inspect(event)  # marker, format, quick_check: whole
    service = Tournament.open(event)
    try:
        rossi = service.state.find("Rossi")
        assert rossi is not None and rossi.status == "in"
        assert service.state.in_play == 24
    finally:
        service.close()


def test_stopping_the_server_ends_the_open_streams_at_once(event: Path) -> None:
    """Ctrl+C or SIGTERM with screens and phones open: the streams end at once, so the server
    leaves in a moment (the pages then say "reconnecting" and come back with the next server);
    it used to wait its whole shutdown timeout and more, 20 s with one screen open."""
    import time

    with serving(event) as served:

        async def run() -> float:
            async with aiohttp.ClientSession() as http:
                stream = await http.get(served.url + "/api/room/stream")
                assert stream.status == 200
                await stream.content.readany()  # the stream is under way
                asked = time.monotonic()
                os.kill(served.process.pid, signal.SIGTERM)
                with contextlib.suppress(aiohttp.ClientPayloadError):  # cut, not finished
                    while await stream.content.readany():
                        pass  # until the server ends it
                return time.monotonic() - asked

        ended_after = asyncio.run(run())
        served.process.wait(timeout=30)
    assert ended_after < 5.0, ended_after
