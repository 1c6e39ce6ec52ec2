"""``tdconsole serve`` as a process at its edges: under a low descriptor limit, flooded with
requests whose body never comes from many addresses, it refuses what it cannot hold with a 503
and one line, prints no traceback, and serves the room again once they are dropped; and where
the loop takes no signal handlers (Windows', simulated) Ctrl+C and SIGTERM still stop it cleanly,
its open streams ended."""

from __future__ import annotations

import queue
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import pytest

from bench.served import free_port

DESCRIPTORS = 128
"""The server's descriptor limit in these cases: its ceiling is then 64 connections."""
NO_HANDLERS = """
import asyncio.unix_events

def no_handlers(*args, **kwargs):
    raise NotImplementedError  # as Windows' loops do
asyncio.unix_events._UnixSelectorEventLoop.add_signal_handler = no_handlers
"""


CEILING_TOO_HIGH = """
import tdconsole.serve.limits as limits

limits.connection_ceiling = lambda: 1000  # a ceiling the descriptors cannot hold
"""
RUN = """
import sys
from tdconsole.cli import main

raise SystemExit(main(sys.argv[1:]))
"""


@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    out: queue.Queue[str]
    err: list[str] = field(default_factory=list)

    def stop(self, how: signal.Signals) -> tuple[int, str]:
        """Its exit code and all it wrote on stderr, once ``how`` has stopped it."""
        self.process.send_signal(how)
        code = self.process.wait(timeout=30)
        return code, "".join(self.err)


def _lines(stream: IO[str], put: Callable[[str], None]) -> None:
    for line in stream:
        put(line)
    put("")


@contextmanager
def running(event: Path, launcher: str, descriptors: int | None = None) -> Iterator[Server]:
    """``tdconsole --event EVENT --lang en serve`` run by ``launcher`` (Python that patches
    the server, then runs the command), once its banner is out."""
    port = free_port()

    def limit() -> None:
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    command = [sys.executable, "-c", launcher + RUN, "--event", str(event), "--lang", "en"]
    process = subprocess.Popen(
        [*command, "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit,
    )
    assert process.stdout is not None and process.stderr is not None
    server = Server(process, port, queue.Queue())
    for stream, put in ((process.stdout, server.out.put), (process.stderr, server.err.append)):
        threading.Thread(target=_lines, args=(stream, put), daemon=True).start()
    try:
        banner = ""
        while "Ctrl+C" not in banner:
            line = server.out.get(timeout=30)
            assert line, f"serve did not start:\n{banner}{''.join(server.err)}"
            banner += line
        yield server
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def connect(port: int, source: str) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))
    return conn


def stall(port: int, source: str) -> socket.socket:
    """A request from ``source`` whose head is whole and whose body never comes."""
    conn = connect(port, source)
    conn.sendall(
        f"POST /api/room HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 100\r\n\r\n".encode()
    )
    return conn


def answer(conn: socket.socket) -> bytes:
    """All the server sends on ``conn`` until it closes it (20 s at most)."""
    got = b""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        chunk = conn.recv(65536)
        if not chunk:
            return got
        got += chunk
    raise AssertionError(f"not closed within 20 s: {got!r}")


def drop(conn: socket.socket) -> bytes:
    """``conn``'s client gone (its half of the connection closed): what the server sends until
    it closes its own, and with it counts the connection no more. (The stalled connections are
    dropped by their clients: their 408 at the body's deadline is tests/serve/test_edges.py's,
    and the shipped deadline, 12 s, is not waited for here.)"""
    conn.shutdown(socket.SHUT_WR)
    return answer(conn)


def display(port: int, source: str) -> bytes:
    conn = connect(port, source)
    with conn:
        conn.sendall(
            f"GET /display HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        )
        return answer(conn)


def logged(err: str) -> list[str]:
    """The server's log lines (what is not a traceback's)."""
    return [line for line in err.splitlines() if line.strip()]


def lines_of(server: Server) -> list[str]:
    """The server's log lines once it has written one (a burst's refusals are counted for
    ``refusals.GATHER_SECONDS`` before their line)."""
    deadline = time.monotonic() + 20
    while not logged("".join(server.err)):
        assert time.monotonic() < deadline, "the server said nothing"
        time.sleep(0.05)
    return logged("".join(server.err))


def counted(lines: list[str]) -> int:
    """The refusals the lines count, each line one of the ceiling's."""
    found = [
        re.fullmatch(r"(\d+) connections? refused: 64 were open, the server's ceiling", line)
        for line in lines
    ]
    assert all(found), lines
    return sum(int(match[1]) for match in found if match)


def test_a_flood_of_stalled_bodies_under_a_low_descriptor_limit(event: Path) -> None:
    """64 stalled requests fill the ceiling the limit of 128 descriptors gives; ten more and
    the TV's page are answered 503 with why (before: held until the descriptors ran out, the
    TV's page dead and a traceback for every refused accept); the terminal reads one line
    while it lasts; once the stalled are dropped the TV's page is served."""
    with running(event, "", DESCRIPTORS) as server:
        held = [stall(server.port, f"127.0.1.{n}") for n in range(1, 65)]
        why = b"the server has 64 connections open, its most: try again in a moment\n"
        got = display(server.port, "127.0.3.1")
        assert got.startswith(b"HTTP/1.1 503 ") and got.endswith(why)
        over = [stall(server.port, f"127.0.2.{n}") for n in range(1, 10)]
        for conn in over:
            got = answer(conn)
            assert got.startswith(b"HTTP/1.1 503 Service Unavailable\r\n") and got.endswith(why)
        assert counted(lines_of(server)) <= 10  # (said while it lasts)
        for conn in held:
            assert b"503" not in drop(conn)  # (held, not refused)
        got = display(server.port, "127.0.3.1")
        assert got.startswith(b"HTTP/1.1 200 OK\r\n"), got[:200]
        assert b"Content-Security-Policy: default-src 'self'; frame-ancestors 'none'" in got
        for conn in held + over:
            conn.close()
        code, err = server.stop(signal.SIGTERM)
    assert code == 0, err
    assert "Traceback" not in err
    assert counted(logged(err)) == 10  # every refusal counted (10 in one line, unless slow)


def test_accepts_failing_for_want_of_descriptors_are_one_line_not_tracebacks(
    event: Path,
) -> None:
    """A ceiling the descriptors cannot hold (the fixed one, say): ``accept()`` fails with
    EMFILE; the terminal reads a line of it, not a traceback a second, and once the stalled
    are dropped the server accepts again, those that waited to be accepted and the TV's page."""
    with running(event, CEILING_TOO_HIGH, 64) as server:
        held = [stall(server.port, f"127.0.1.{n}") for n in range(1, 81)]
        deadline = time.monotonic() + 20
        while "not accepted" not in "".join(server.err):  # (said at once)
            assert time.monotonic() < deadline, "no accept failed"
            time.sleep(0.05)
        for conn in held:
            drop(conn)  # some accepted only now, as descriptors are freed
        got = display(server.port, "127.0.3.1")
        assert got.startswith(b"HTTP/1.1 200 OK\r\n"), got[:200]
        for conn in held:
            conn.close()
        code, err = server.stop(signal.SIGTERM)
    assert code == 0, err
    assert "Traceback" not in err and "Too many open files" not in err, err
    said = [line for line in logged(err) if "not accepted" in line]
    assert said and len(said) <= 2, err  # the first at once, the rest as it stops
    assert re.fullmatch(
        r"\d+ connections? not accepted: the system's limit of open files was reached", said[0]
    )


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_stopping_without_the_loop_s_signal_handlers_is_clean(
    event: Path, how: signal.Signals
) -> None:
    """Where the loop takes no signal handlers (Windows), Ctrl+C (SIGINT) and SIGTERM stop the
    server as elsewhere: its open stream ended, exit 0, nothing on stderr (before: SIGINT went
    through asyncio's own handler, cancelling the server and exiting 130; SIGTERM killed it)."""
    with running(event, NO_HANDLERS) as server:
        conn = connect(server.port, "127.0.0.1")
        conn.sendall(
            f"GET /api/room/stream HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
        )
        assert conn.recv(65536).startswith(b"HTTP/1.1 200 OK\r\n")
        code, err = server.stop(how)
        answer(conn)  # the stream ended: closed
        conn.close()
    assert (code, err) == (0, "")


def test_the_simulated_windows_loop_really_has_no_signal_handlers() -> None:
    code = (
        NO_HANDLERS
        + "\nimport asyncio, signal\n"
        + (
            "async def main():\n"
            "    try:\n"
            "        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, print)\n"
            "    except NotImplementedError:\n"
            "        print('none')\n"
            "asyncio.run(main())\n"
        )
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == "none\n", done.stderr
