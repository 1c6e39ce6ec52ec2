"""The served edges, in the test's own loop: a body that never comes, a client gone halfway,
the ceiling on connections from all addresses and its 503, the refusals' line a minute, the
descriptor limit read (or not, on Windows), the port's SO_REUSEADDR, and the pages' security
headers."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.served_here import get, served

from tdconsole.serve import app, limits, refusals
from tdconsole.serve.app import SECURITY_HEADERS, build_app, listen
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.limits import connection_ceiling


def head(path: str, port: int, length: int) -> bytes:
    """A POST's head from this server's own page (its Origin), announcing ``length`` bytes."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


OPEN: list[asyncio.StreamWriter] = []
"""The test's connections, kept from the collector (which would close them)."""


async def stalled(port: int, source: str, path: str, length: int = 100) -> asyncio.StreamReader:
    """A request from ``source`` whose head is whole and whose body never comes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(head(path, port, length))
    await writer.drain()
    OPEN.append(writer)
    return reader


@contextlib.asynccontextmanager
async def serving(event: Path, **config: Any) -> AsyncIterator[tuple[web.AppRunner, int]]:
    """``served``, its test's connections cut and the server stopped when the block ends."""
    runner, port = await served(event, lang="en", **config)
    try:
        yield runner, port
    finally:
        while OPEN:
            OPEN.pop().transport.abort()
        await runner.cleanup()


def line_due(runner: web.AppRunner) -> None:
    """The refusals' line written now, as its timer would ``GATHER_SECONDS`` later."""
    said = runner.app[app.LIMITS].refusals
    assert said.due is not None, "no line is due"
    said.due.cancel()
    said.report()


def told(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the server logged above debug (the access log is off in ``serve``)."""
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno > logging.DEBUG and r.name != "aiohttp.access"
    ]


@pytest.mark.parametrize("path", ["/api/room", "/floor/api/sign-in", "/nowhere"])
async def test_a_body_that_never_comes_closes_its_connection(
    event: Path, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """On every route, one that reads the body (the floor's sign-in) or not: the connection
    is answered 408 and closed when the deadline passes (it used to be held for ever)."""
    async with serving(event, body_seconds=0.2) as (_, port):
        reader = await stalled(port, "127.0.0.2", path)
        answer = await asyncio.wait_for(reader.read(), 5)  # read to the end: closed
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer
        assert answer.endswith(b"the request's body did not arrive within 0.2 s: send it again\n")
        assert await get(port, "127.0.0.2") == 200
        assert told(caplog) == []


async def test_a_foreign_host_is_refused_before_its_body_is_waited_for(event: Path) -> None:
    """A request naming another site (DNS rebinding) is answered at once and its connection
    closed, not held for the body's deadline first nor for the body after the answer (aiohttp's
    "lingering", 10 s: the server was held that long from stopping)."""
    async with serving(event, body_seconds=30) as (_, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        OPEN.append(writer)
        writer.write(
            head("/floor/api/sign-in", port, 100).replace(b"127.0.0.1:", b"evil.example:", 1)
        )
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 5)  # read to the end: closed
        assert answer.startswith(b"HTTP/1.1 421"), answer
        assert answer.endswith(b"this server does not answer for that host name\n"), answer


async def test_a_client_gone_halfway_through_its_body_is_no_error(
    event: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The floor's sign-in, half its body sent and the connection closed: nothing above debug
    is logged (the wait for the body ends in a ConnectionError, which left to aiohttp is an
    "Error handling request" traceback)."""
    caplog.set_level(logging.DEBUG)
    answered = asyncio.Event()
    secure = app.secure_headers

    async def seen(request: web.Request, response: web.StreamResponse) -> None:
        await secure(request, response)
        answered.set()

    monkeypatch.setattr(app, "secure_headers", seen)
    async with serving(event) as (_, port):
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(head("/floor/api/sign-in", port, 100) + b'{"pin": "24')
        await writer.drain()
        writer.transport.abort()
        await asyncio.wait_for(answered.wait(), 5)  # the request is over
        for _ in range(5):
            await asyncio.sleep(0)  # what follows its end in aiohttp
        assert told(caplog) == []


async def test_a_body_larger_than_the_server_takes_is_refused_at_once(event: Path) -> None:
    async with serving(event) as (_, port):
        reader = await stalled(port, "127.0.0.2", "/floor/api/sign-in", limits.BODY_MOST + 1)
        status = await asyncio.wait_for(reader.readline(), 5)
        assert status.startswith(b"HTTP/1.1 413 ")


async def test_the_ceiling_holds_across_addresses_and_says_so(
    event: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Four open from four addresses, the server's ceiling: the fifth address is answered
    503 with why, and the terminal is told once."""
    async with serving(event, ceiling=4) as (runner, port):
        held = [await stalled(port, f"127.0.0.{n}", "/api/room") for n in range(2, 6)]
        reader = await stalled(port, "127.0.0.9", "/display")
        answer = await asyncio.wait_for(reader.read(), 5)
        assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
        assert b"Connection: close\r\n" in answer
        line = b"the server has 4 connections open, its most: try again in a moment\n"
        assert answer.endswith(b"\r\n\r\n" + line)
        assert not any(r.at_eof() for r in held)
        assert told(caplog) == []  # (said once the burst is counted)
        line_due(runner)
        assert told(caplog) == ["1 connection refused: 4 were open, the server's ceiling"]


async def test_a_burst_over_the_ceiling_is_counted_whole_in_its_line(
    event: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """80 connections over the ceiling at once: the line counts 80, not the first one."""
    async with serving(event, ceiling=4) as (runner, port):
        for n in range(2, 6):
            await stalled(port, f"127.0.0.{n}", "/api/room")
        over = []
        for n in range(80):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(f"127.0.1.{n + 1}", 0)
            )
            over.append((reader, writer))
        for reader, _writer in over:
            with contextlib.suppress(ConnectionError):
                await asyncio.wait_for(reader.read(), 5)  # answered 503, or cut
        line_due(runner)
        assert told(caplog) == ["80 connections refused: 4 were open, the server's ceiling"]
        for _reader, writer in over:
            writer.close()


async def test_refusals_are_told_a_line_a_minute_with_their_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    said = refusals.Refusals("en", ceiling=100, per_address=32)
    loop = asyncio.get_running_loop()
    said.note(refusals.FULL)
    for _ in range(3):
        said.note(refusals.ADDRESS)
    said.loop_errors(loop, {"exception": OSError(errno.EMFILE, "Too many open files"), "socket": 1})
    assert told(caplog) == []  # (a burst is counted whole)
    first = said.due
    assert first is not None
    assert first.when() == pytest.approx(loop.time() + refusals.GATHER_SECONDS, abs=0.5)
    first.cancel()
    said.report()  # as the timer would
    assert told(caplog) == [
        "1 connection not accepted: the system's limit of open files was reached; "
        "3 connections refused: their address had 32 open (serve --per-address); "
        "1 connection refused: 100 were open, the server's ceiling"
    ]
    said.note(refusals.ADDRESS)
    due, last = said.due, said.last_line
    assert due is not None and last is not None
    assert due.when() == pytest.approx(last + refusals.REPORT_SECONDS)
    due.cancel()
    said.report()  # as the timer would, a minute after the first line
    assert told(caplog)[1:] == [
        "1 connection refused: its address had 32 open (serve --per-address)"
    ]
    said.close()  # nothing pending: nothing more said
    assert len(told(caplog)) == 2


async def test_other_loop_errors_still_reach_asyncio_s_handler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    loop = asyncio.get_running_loop()
    passed: list[dict[str, Any]] = []
    monkeypatch.setattr(loop, "default_exception_handler", passed.append)
    said = refusals.Refusals("en", ceiling=100, per_address=32)
    other = {"message": "boom", "exception": OSError(errno.EACCES, "denied"), "socket": 1}
    said.loop_errors(loop, other)
    assert passed == [other] and not said.total


def test_the_ceiling_is_read_from_the_descriptor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    for soft, ceiling in ((256, 176), (100, 50), (100_000, 4096), (resource.RLIM_INFINITY, 4096)):
        monkeypatch.setattr(resource, "getrlimit", lambda which, soft=soft: (soft, soft))
        assert connection_ceiling() == ceiling


def test_windows_has_a_fixed_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert connection_ceiling() == limits.WINDOWS_CEILING


def test_without_the_resource_module_the_ceiling_is_the_fixed_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # importing it fails
    assert connection_ceiling() == limits.WINDOWS_CEILING


@pytest.mark.parametrize(("platform", "reused"), [("linux", True), ("win32", False)])
async def test_the_port_is_reused_only_where_that_means_time_wait(
    event: Path, monkeypatch: pytest.MonkeyPatch, platform: str, reused: bool
) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    config = ServeConfig(event=event, port=0)
    runner = web.AppRunner(build_app(config))
    await runner.setup()
    try:
        server = await listen(runner, config)
        option = server.sockets[0].getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR)
        assert bool(option) is reused
    finally:
        await runner.cleanup()


@pytest.mark.parametrize(
    "path", ["/display", "/api/room", "/room/room.js", "/api/players/qr.svg", "/", "/nowhere"]
)
async def test_every_room_answer_carries_the_floor_s_security_headers(
    event: Path, aiohttp_client: Any, path: str
) -> None:
    client: TestClient[Any, Any] = await aiohttp_client(build_app(ServeConfig(event=event)))
    response = await client.get(path, allow_redirects=False)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (path, name)


async def test_a_body_broken_on_the_way_is_refused_in_one_line() -> None:
    """A body the parser finds broken once it is under way (a chunk or an encoding gone
    wrong) is answered 400 with a line, the handler never reached."""
    from unittest import mock

    from aiohttp import streams
    from aiohttp.http_exceptions import TransferEncodingError
    from aiohttp.test_utils import make_mocked_request

    body = streams.StreamReader(mock.Mock(), 2**16, loop=asyncio.get_running_loop())
    request = make_mocked_request("POST", "/floor/api/bust", payload=body)
    reached: list[web.Request] = []

    async def handler(request: web.Request) -> web.StreamResponse:
        reached.append(request)
        return web.Response()

    asyncio.get_running_loop().call_soon(body.set_exception, TransferEncodingError("bad chunk"))
    with pytest.raises(web.HTTPBadRequest) as refused:
        await limits.whole_body(5.0, "en")(request, handler)
    assert refused.value.text == "the request's body is malformed\n" and not reached


async def test_refused_clients_beyond_those_reading_their_answer_are_cut(event: Path) -> None:
    """A flood of refused clients that never close: the first ``ANSWERING_MOST`` have their
    503 (and two seconds to read it), the next is cut unanswered, so refusing costs few
    descriptors."""
    async with serving(event, ceiling=1) as (_, port):
        await stalled(port, "127.0.0.2", "/api/room")
        refused = []
        for _ in range(limits.ANSWERING_MOST + 1):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            OPEN.append(writer)
            refused.append(reader)
        for reader in refused[:-1]:
            assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"HTTP/1.1 503 ")
        with contextlib.suppress(ConnectionResetError):
            assert await asyncio.wait_for(refused[-1].read(), 5) == b""


def test_python_s_signal_handlers_are_given_back_when_the_port_is_taken(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the loop takes no signal handlers (Windows), serve sets Python's own for its
    run: a port already taken ends the run, and the handlers before it are back."""
    import asyncio.unix_events
    import signal

    def no_handlers(*args: object) -> None:
        raise NotImplementedError

    monkeypatch.setattr(
        asyncio.unix_events._UnixSelectorEventLoop, "add_signal_handler", no_handlers
    )
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        with pytest.raises(OSError):
            app.serve(ServeConfig(event=event, port=port))
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
