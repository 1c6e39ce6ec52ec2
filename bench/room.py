"""The room's screens on one ``tdconsole serve``: what 100 screens cost, how fast a
page shows its clock, how fast a bust reaches 50 open screens.

``python bench/room.py``. Starts ``tdconsole serve`` on the demo event and opens the room's
stream as the page does (Server-Sent Events), each screen from a loopback address of its own
(127.0.0.x: screens are on different machines in a room, and connections are bounded per
address). Measures the server's memory (PSS) before and with 100 screens; then, with 50
screens, records eliminations from another terminal and times each until every screen has the
new count (p50 and p99 over every screen and bust); and, where Debian's chromium is installed,
the page loaded to its clock drawn. Never asserts.

``main() -> dict`` returns the figures (with their ``_target``) for ``python -m bench``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script
    sys.path.insert(0, str(ROOT))

from bench.served import memory_kib, serving  # noqa: E402

SCREENS, BUST_SCREENS, BUSTS, LOADS = 100, 50, 12, 5


class Screen:
    """One screen's stream (the room's, or ``path``'s events of type ``kind``): when each
    in-play count arrived."""

    def __init__(
        self, index: int, path: str = "/api/room/stream", kind: str = "room", block: int = 1
    ) -> None:
        self.source = f"127.0.{block + index // 200}.{2 + index % 200}"
        self.path, self.kind = path, kind
        self.seen: dict[int, float] = {}
        self.first = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def run(self, url: str) -> None:
        import aiohttp

        connector = aiohttp.TCPConnector(local_addr=(self.source, 0))
        async with (
            aiohttp.ClientSession(connector=connector) as http,
            http.get(url + self.path, timeout=None) as answer,
        ):
            kind = ""
            async for raw in answer.content:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind == self.kind:
                    count = int(json.loads(line[6:])["in_play"])
                    self.seen.setdefault(count, time.perf_counter())
                    self.first.set()


def bust(event: Path, name: str) -> None:
    from tdconsole.domain.play import Bust
    from tdconsole.service import Tournament

    service = Tournament.open(event, actor="Banco", role="floor")
    try:
        service.execute(Bust(names=[name], declined=True))
    finally:
        service.close()


async def open_screens(url: str, count: int, **stream: Any) -> list[Screen]:
    """``count`` screens (``stream``: ``Screen``'s path, kind and block), each with its first
    picture."""
    screens = [Screen(i, **stream) for i in range(count)]
    for screen in screens:
        screen.task = asyncio.create_task(screen.run(url))
    await asyncio.wait_for(asyncio.gather(*(s.first.wait() for s in screens)), 60)
    return screens


async def close_screens(screens: list[Screen]) -> None:
    for screen in screens:
        if screen.task is not None:
            screen.task.cancel()
    await asyncio.gather(*(s.task for s in screens if s.task), return_exceptions=True)


async def run(url: str, event: Path, pid: int) -> dict[str, Any]:
    from tdconsole.service import Tournament

    await asyncio.sleep(1.0)
    before, _rss = memory_kib({pid})
    screens = await open_screens(url, SCREENS)
    await asyncio.sleep(1.0)
    with_screens, _rss = memory_kib({pid})
    await close_screens(screens)
    service = Tournament.open(event)
    victims = [p.name for p in service.state.in_players()][:BUSTS]
    in_play = service.state.in_play
    service.close()
    screens = await open_screens(url, BUST_SCREENS)
    delays: list[float] = []
    for name in victims:
        in_play -= 1
        started = time.perf_counter()
        await asyncio.to_thread(bust, event, name)
        deadline = started + 10
        while any(in_play not in s.seen for s in screens) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        delays += [(s.seen.get(in_play, deadline) - started) * 1000 for s in screens]
    await close_screens(screens)
    delays.sort()
    return {
        "screens": SCREENS,
        "memory_before_mib": round(before / 1024, 1),
        "memory_100_screens_added_mib": round((with_screens - before) / 1024, 1),
        "memory_100_screens_added_mib_target": 50.0,
        "bust_screens": BUST_SCREENS,
        "busts": len(victims),
        "bust_to_every_screen_ms_p50": round(statistics.median(delays), 1),
        "bust_to_every_screen_ms_p50_target": 100.0,
        "bust_to_every_screen_ms_p99": round(delays[int(len(delays) * 0.99) - 1], 1),
        "bust_to_every_screen_ms_p99_target": 300.0,
    }


def page_load(url: str) -> dict[str, Any]:
    """The page loaded to its clock drawn (``performance.now()`` at the first picture)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from tdhelpers.browser import MISSING, chromium

    if MISSING is not None:
        return {"page_load_to_clock_ms": f"not measured: {MISSING}"}
    times = []
    with chromium(1920, 1080) as tv:
        for _ in range(LOADS):
            tv.get("about:blank")
            tv.get(url + "/display")
            for _wait in range(200):
                drawn = tv.execute_script("return window.tdconsoleDrawn || null")
                if drawn:
                    break
                time.sleep(0.02)
            times.append(float(drawn or 10_000))
    return {
        "page_load_to_clock_ms_median": round(statistics.median(times), 1),
        "page_load_to_clock_ms_median_target": 500.0,
    }


def main() -> dict[str, Any]:
    from tdconsole.demo import build_demo

    with tempfile.TemporaryDirectory(prefix="tdc-room-") as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        event = build_demo(Path(tmp) / "serata.tdc")
        with serving(event) as served:
            figures = asyncio.run(run(served.url, event, served.process.pid))
            figures.update(page_load(served.url))
    for key, value in figures.items():
        print(f"{key:<40} {value}")
    return figures


if __name__ == "__main__":
    main()
