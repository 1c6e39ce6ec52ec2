"""Each player's own page on one ``tdconsole serve``: what 24 players' pages, 10 floor phones
and 5 TVs cost the server, and how fast a change reaches every players' page.

``python bench/players.py``. Starts ``tdconsole serve`` on the demo event (24 players, the floor
PIN set) and measures the server's memory (PSS) before and with 24 players' streams
(``/api/players/stream``), 10 floor phones signed in with their live stream, and 5 room
screens, each from a loopback address of its own; then records eliminations from another
terminal and times each until every players' page has the new in-play count (p50 and p99 over
every page and bust), beside the same for the TVs and the time the elimination itself took to
be written (the other terminal opening the file, checking, writing): the part of the figure that
is not the pages'. Targets: at most 10 MiB added, p50 100 ms, p99 300 ms. Never asserts.

``main() -> dict`` returns the figures (with their ``_target``) for ``python -m bench``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
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

from bench.room import bust, close_screens, open_screens  # noqa: E402
from bench.served import demo_event, memory_kib, serving  # noqa: E402

PAGES, PHONES, TVS, BUSTS = 24, 10, 5, 12
PIN = "246813"
PLAYERS = {"path": "/api/players/stream", "kind": "players", "block": 3}


async def floor_phone(url: str, n: int, ready: asyncio.Event, count: list[int]) -> None:
    """One floor phone: signs in and holds its live stream open, reading it."""
    import aiohttp

    headers = {"Origin": url}
    connector = aiohttp.TCPConnector(local_addr=(f"127.0.5.{n + 2}", 0))
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(connector=connector, cookie_jar=jar) as http:
        async with http.post(
            url + "/floor/api/sign-in", json={"pin": PIN, "name": f"Staff {n}"}, headers=headers
        ) as response:
            csrf = (await response.json())["csrf"]
        async with http.get(
            url + f"/floor/api/stream?csrf={csrf}", headers=headers, timeout=None
        ) as stream:
            await stream.content.readany()
            count.append(n)
            if len(count) == PHONES:
                ready.set()
            while await stream.content.readany():
                pass


async def run(url: str, event: Path, pid: int) -> dict[str, Any]:
    from tdconsole.service import Tournament

    await asyncio.sleep(1.0)
    before, _rss = memory_kib({pid})
    ready, signed = asyncio.Event(), []
    phones = [asyncio.create_task(floor_phone(url, n, ready, signed)) for n in range(PHONES)]
    await asyncio.wait_for(ready.wait(), 120)
    tvs = await open_screens(url, TVS)
    pages = await open_screens(url, PAGES, **PLAYERS)
    await asyncio.sleep(1.0)
    with_all, _rss = memory_kib({pid})
    service = Tournament.open(event)
    victims = [p.name for p in service.state.in_players()][:BUSTS]
    in_play = service.state.in_play
    service.close()
    delays: list[float] = []
    written: list[float] = []
    on_tvs: list[float] = []
    for name in victims:
        in_play -= 1
        started = time.perf_counter()
        await asyncio.to_thread(bust, event, name)
        written.append((time.perf_counter() - started) * 1000)
        deadline = started + 10
        while any(in_play not in p.seen for p in pages + tvs) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        delays += [(p.seen.get(in_play, deadline) - started) * 1000 for p in pages]
        on_tvs += [(p.seen.get(in_play, deadline) - started) * 1000 for p in tvs]
    await close_screens(pages + tvs)
    for phone in phones:
        phone.cancel()
    with contextlib.suppress(BaseException):
        await asyncio.gather(*phones, return_exceptions=True)
    delays.sort()
    load = " ".join(f"{v:.1f}" for v in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return {
        "pages, phones, tvs": f"{PAGES}, {PHONES}, {TVS} (one server process)",
        "memory_before_mib": round(before / 1024, 1),
        "memory_all_added_mib": round((with_all - before) / 1024, 1),
        "memory_all_added_mib_target": 10.0,
        "busts": len(victims),
        "bust_to_every_players_page_ms_p50": round(statistics.median(delays), 1),
        "bust_to_every_players_page_ms_p50_target": 100.0,
        "bust_to_every_players_page_ms_p99": round(delays[int(len(delays) * 0.99) - 1], 1),
        "bust_to_every_players_page_ms_p99_target": 300.0,
        "bust_written_ms_p50": round(statistics.median(written), 1),
        "bust_to_every_tv_ms_p50": round(statistics.median(on_tvs), 1),
        "load_average": load,
    }


def main() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tdc-players-") as tmp:
        event, _names = demo_event(Path(tmp), PIN)
        with serving(event) as served:
            figures = asyncio.run(run(served.url, event, served.process.pid))
    for key, value in figures.items():
        print(f"{key:<44} {value}")
    return figures


if __name__ == "__main__":
    main()
