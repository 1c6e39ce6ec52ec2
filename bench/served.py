"""``tdconsole serve`` as a user starts it (a process of its own on a free loopback port), and
the memory of a process and its children: for the bench and the tests."""

from __future__ import annotations

import contextlib
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
from typing import IO


def demo_event(folder: Path, floor_pin: str) -> tuple[Path, list[str]]:
    """The demo event in ``folder`` with ``floor_pin`` set (the data folder beside it): its
    path and the names of the players in play."""
    from tdconsole.demo import build_demo
    from tdconsole.domain.slices.change_settings import ChangeSettings
    from tdconsole.service import Tournament

    os.environ["TDCONSOLE_DATA_DIR"] = str(folder / "data")
    event = build_demo(folder / "serata.tdc")
    service = Tournament.open(event)
    try:
        service.execute(ChangeSettings(assignments=[("floor_pin", floor_pin)]))
        return event, [p.name for p in service.state.in_players()]
    finally:
        service.close()


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
def serving(event: Path, *args: str, lang: str = "it", port: int | None = None) -> Iterator[Served]:
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
