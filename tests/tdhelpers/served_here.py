"""``tdconsole serve``'s one server for one event, in the test's own process: the app and the
port the command opens (``build_app``, ``listen``), on a thread of its own, as
``tdconsole --event EVENT --lang it serve --port P`` configures them. For the browser cases
that read what the server sends (the room page's stages, the floor's phones that need no
restart); the command itself, its process and its signals are tested with the real command
(``bench.served.serving``: tests/serve/test_sessions.py, the room page's restart; the phone's
night, tests/tdhelpers/floor_browser.py). Each case its own server still: 0.05 s of CPU to start one
here, against 0.6 s for a new Python process importing the server.

``served`` starts the same server in the test's own loop, for the cases that read its
connections on real sockets (``get``: one request from a loopback address of its own)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from aiohttp import web

from bench.served import free_port
from tdconsole.serve.app import STOP_SECONDS, build_app, listen
from tdconsole.serve.config import ServeConfig

START_SECONDS = 30.0
"""The longest the server may take to open its port, or to stop."""


@contextmanager
def serving_here(event: Path, **given: Any) -> Iterator[str]:
    """The server of ``event`` on a free loopback port until the block ends: its URL.
    ``given``: other fields of its ``ServeConfig`` (the floor's browser tests': those of
    tests/tdhelpers/floor_server.py)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    fields = {"public_url": url, "lang": "it", "session_lang": "it", **given}
    config = ServeConfig(event=event, port=port, **fields)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True, name="tdconsole-served-here")
    thread.start()
    runner = web.AppRunner(
        build_app(config),
        handle_signals=False,
        access_log=None,
        keepalive_timeout=config.idle_seconds,
        shutdown_timeout=STOP_SECONDS,
    )

    async def start() -> asyncio.Server:
        await runner.setup()
        return await listen(runner, config)

    async def stop(server: asyncio.Server | None) -> None:
        if server is not None:
            server.close()
        await runner.cleanup()

    server: asyncio.Server | None = None
    try:
        server = asyncio.run_coroutine_threadsafe(start(), loop).result(START_SECONDS)
        yield url
    finally:
        try:
            asyncio.run_coroutine_threadsafe(stop(server), loop).result(START_SECONDS)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(START_SECONDS)
            loop.close()


# -- in the test's own loop (the connections' limits, read on real sockets) ---------------
async def served(event: Path, **limits: Any) -> tuple[web.AppRunner, int]:
    config = ServeConfig(event=event, port=0, poll_seconds=0.05, **limits)
    runner = web.AppRunner(build_app(config), keepalive_timeout=config.idle_seconds)
    await runner.setup()
    server = await listen(runner, config)
    port = int(server.sockets[0].getsockname()[1])
    return runner, port


async def get(port: int, source: str) -> int:
    """One request from ``source`` (a loopback address of its own): its status."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(b"GET /api/room HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 5)
    writer.close()
    return int(status.split()[1])
