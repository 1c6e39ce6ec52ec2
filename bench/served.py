"""``tdconsole serve`` as a user starts it (a process of its own on a free loopback port), and
browser-like sessions speaking textual-serve's websocket protocol: for the bench and the tests.

A session opens ``/<view>/ws?width=W&height=H`` as textual-serve's page does, sends keys as
``["stdin", text]`` and reads the terminal's output (ANSI) as binary frames; ``text`` is that
output with the escape sequences taken out, enough to see what the view painted.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str
    banner: str

    def descendants(self) -> set[int]:
        return descendants(self.process.pid)


def descendants(root: int) -> set[int]:
    """Every process below ``root`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (zombies count as gone)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_until_gone(pids: set[int], timeout: float) -> set[int]:
    """Wait (up to ``timeout`` s) for ``pids`` to end; those still running."""
    deadline = time.monotonic() + timeout
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive(pids)


@contextmanager
def serving(
    event: Path, *args: str, lang: str = "it", port: int | None = None
) -> Iterator[Served]:
    """``tdconsole --event EVENT serve --port P ARGS``, once it listens (its banner read); a
    free port unless ``port`` is given."""
    port = port or free_port()
    command = [
        sys.executable, "-m", "tdconsole", "--event", str(event), "--lang", lang,
        "serve", "--port", str(port), *args,
    ]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy()
    )
    assert process.stdout is not None
    # A thread reads what serve prints for as long as it runs (its sessions' errors too, so
    # the pipe never fills); the test waits for the banner's last line.
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True)
    reader.start()
    banner = ""
    deadline = time.monotonic() + 30
    try:
        while "Ctrl+C" not in banner:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                line = ""
            if not line:
                raise AssertionError(f"serve did not start within 30 s:\n{banner}")
            banner += line
        yield Served(process, f"http://127.0.0.1:{port}", banner)
    finally:
        below = descendants(process.pid)
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for pid in alive(below):
            os.kill(pid, signal.SIGKILL)
        reader.join(timeout=10)


def _read_lines(stream: IO[str], lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)
    lines.put("")


ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")


class Session:
    """One browser-like session of a served view."""

    def __init__(self, url: str, view: str, width: int, height: int) -> None:
        self.address = f"{url.replace('http', 'ws', 1)}/{view}/ws?width={width}&height={height}"
        self.view = view
        self.text = ""
        self.frames = 0
        self.changed = asyncio.Event()
        self.closed = False
        self._socket: Any = None
        self._pump: asyncio.Task[None] | None = None

    async def open(self, http: Any) -> None:
        self._socket = await http.ws_connect(self.address, heartbeat=None)
        self._pump = asyncio.create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        async for message in self._socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.frames += 1
                self.text += ANSI.sub("", decoder.decode(message.data))
                self.text = self.text[-200_000:]
                self.changed.set()
        self.closed = True
        self.changed.set()

    def mark(self) -> int:
        return len(self.text)

    async def wait_for(self, needle: str, timeout: float, since: int = 0) -> float:
        """Seconds until ``needle`` shows in the output after ``since`` (``mark()``)."""
        started = time.perf_counter()
        deadline = started + timeout
        while needle not in self.text[max(0, since - len(needle)) :]:
            if self.closed:
                raise AssertionError(f"the {self.view} session closed before {needle!r}")
            left = deadline - time.perf_counter()
            if left <= 0:
                raise AssertionError(
                    f"the {self.view} session never showed {needle!r}: {self.text[-400:]!r}"
                )
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return time.perf_counter() - started

    async def keys(self, text: str) -> None:
        """Type ``text`` one key a message, as the page's terminal sends what a person types
        (a run of characters in one message would reach the app as one paste)."""
        for key in text:
            await self._socket.send_str(json.dumps(["stdin", key]))

    async def close(self) -> None:
        await self._socket.close()
        if self._pump is not None:
            await self._pump

    def drop(self) -> None:
        """The browser vanishes without a goodbye (a phone put away): the connection is cut."""
        transport = self._socket._response.connection.transport
        transport.abort()


def memory_kib(pids: set[int]) -> tuple[int, int]:
    """(PSS, RSS) in KiB summed over ``pids``: PSS shares what they share (the interpreter's
    pages) among them, RSS counts it in each."""
    pss = rss = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss += int(line.split()[1])
    return pss, rss

