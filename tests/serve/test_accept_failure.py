"""``serve`` keeps listening after a failed ``accept()`` on every loop. Windows' default loop
(Proactor) closes the listening socket when one fails (CPython gh-93821): simulated here by a
selector loop that, on its first accept, tells of the failure and closes the socket exactly
as the Proactor's does; the port is opened again and the next client is served."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from tdhelpers.served_here import get

from tdconsole.serve.app import build_app, listen
from tdconsole.serve.config import ServeConfig


class ProactorLike(asyncio.SelectorEventLoop):  # type: ignore[misc,valid-type]
    """Accepts as Windows' Proactor loop does when ``accept()`` fails: the loop's exception
    handler told, then the listening socket closed (proactor_events.py, ``_start_serving``)."""

    failures = 0

    def _accept_connection(self, protocol_factory: Any, sock: socket.socket, *args: Any) -> None:
        if not self.failures:
            super()._accept_connection(protocol_factory, sock, *args)
            return
        self.failures -= 1
        gone = OSError(errno.ENETRESET, "The specified network name is no longer available")
        self.call_exception_handler(
            {"message": "Accept failed on a socket", "exception": gone, "socket": sock}
        )
        self._remove_reader(sock.fileno())  # (a Proactor has no reader to take away)
        sock.close()

    def _stop_serving(self, sock: socket.socket) -> None:
        if sock.fileno() != -1:  # (a Proactor's takes a closed socket too)
            super()._stop_serving(sock)


async def not_served(port: int) -> bool:
    """A client whose connection the closing of the listening socket cut."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except ConnectionError:
        return True
    writer.write(b"GET /api/room HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    try:
        answer = await asyncio.wait_for(reader.read(), 5)
    except ConnectionError:
        answer = b""
    writer.close()
    return answer == b""


async def serve_through_a_failed_accept(event: Path) -> tuple[int, int, bool, int]:
    loop = asyncio.get_running_loop()
    assert isinstance(loop, ProactorLike)
    config = ServeConfig(event=event, port=0, host="127.0.0.1", lang="en")
    runner = web.AppRunner(build_app(config))
    await runner.setup()
    listener = await listen(runner, config)
    port = int(listener.sockets[0].getsockname()[1])
    try:
        before = await get(port, "127.0.0.1")
        loop.failures = 1
        cut = await not_served(port)
        await listener.wait_open()
        return port, before, cut, await get(port, "127.0.0.1")
    finally:
        listener.close()
        await runner.cleanup()


def test_serve_accepts_again_after_the_loop_closed_its_port(
    event: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "tdconsole.serve")
    with asyncio.Runner(loop_factory=ProactorLike) as runner:
        port, before, cut, after = runner.run(serve_through_a_failed_accept(event))
    assert (before, cut, after) == (200, True, 200)
    said = [record.getMessage() for record in caplog.records]
    assert [line for line in said if "opened again" in line] == [
        f"port {port} closed by the system after a failed connection: opened again"
    ]
    assert "Accept failed on a socket" not in said  # (no traceback: the line above says it)
