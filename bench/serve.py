"""30 floor phones and 10 room screens at once on one event (issue 23).

``python bench/serve.py``. Starts ``tdconsole serve`` on the demo event (one process), opens
10 room streams (``/api/room/stream``) and 30 phones: each signs in under its own name (the
floor PIN's scrypt check), opens its live stream and then records counts, one after the other,
all phones at once. Reports the sign-in times, each action's time to its acknowledgement
(median and p99), and the server's memory. Never asserts.

``main() -> dict`` returns the figures for ``python -m bench``.
"""

from __future__ import annotations

import asyncio
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

from bench.served import memory_kib, serving  # noqa: E402

PHONES, SCREENS, ACTIONS = 30, 10, 10
PIN = "246813"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def phone(url: str, n: int, names: list[str], acks: list[float], signs: list[float]) -> None:
    import aiohttp

    headers = {"Origin": url}
    # Each phone from an address of its own, as on the venue's Wi-Fi (the server bounds the
    # connections of one address).
    connector = aiohttp.TCPConnector(local_addr=(f"127.0.1.{n + 1}", 0))
    jar = aiohttp.CookieJar(unsafe=True)  # (a browser keeps a cookie of 127.0.0.1 too)
    async with aiohttp.ClientSession(connector=connector, cookie_jar=jar) as http:
        started = time.perf_counter()
        async with http.post(
            url + "/floor/api/sign-in", json={"pin": PIN, "name": f"Staff {n}"}, headers=headers
        ) as response:
            answer = await response.json()
            assert "csrf" in answer, answer
            csrf = answer["csrf"]
        signs.append(time.perf_counter() - started)
        stream = await http.get(url + f"/floor/api/stream?csrf={csrf}", headers=headers)
        try:
            for i in range(ACTIONS):
                name = names[(n * ACTIONS + i) % len(names)]
                body = {"name": name, "chips": str(4000 + (n * ACTIONS + i) * 25)}
                started = time.perf_counter()
                async with http.post(
                    url + "/floor/api/count",
                    json=body,
                    headers={**headers, "X-CSRF-Token": csrf},
                ) as response:
                    answer = await response.json()
                    assert response.status == 200, answer
                acks.append(time.perf_counter() - started)
        finally:
            stream.close()


async def screen(url: str, n: int, stop: asyncio.Event) -> None:
    import aiohttp

    connector = aiohttp.TCPConnector(local_addr=(f"127.0.2.{n + 1}", 0))
    async with (
        aiohttp.ClientSession(connector=connector) as http,
        http.get(url + "/api/room/stream") as stream,
    ):
        while not stop.is_set():
            try:
                await asyncio.wait_for(stream.content.readany(), 0.5)
            except TimeoutError:
                continue


async def run(url: str, names: list[str], pids: Any) -> dict[str, Any]:
    stop = asyncio.Event()
    screens = [asyncio.create_task(screen(url, n, stop)) for n in range(SCREENS)]
    acks: list[float] = []
    signs: list[float] = []
    await asyncio.gather(*(phone(url, n, names, acks, signs) for n in range(PHONES)))
    pss, rss = memory_kib(pids())
    stop.set()
    await asyncio.gather(*screens, return_exceptions=True)
    return {
        "phones, screens": f"{PHONES}, {SCREENS} (one server process)",
        "sign-in (30 at once): median / max": f"{statistics.median(signs) * 1000:.0f} / "
        f"{max(signs) * 1000:.0f} ms",
        "action acknowledged: median / p99": f"{statistics.median(acks) * 1000:.0f} / "
        f"{p99(acks) * 1000:.0f} ms (target p99 300 ms; {len(acks)} actions)",
        "server memory": f"{pss // 1024} MiB PSS ({rss // 1024} MiB RSS)",
    }


def main() -> dict[str, Any]:
    from tdconsole.demo import build_demo
    from tdconsole.domain.registration import ChangeSettings
    from tdconsole.service import Tournament

    with tempfile.TemporaryDirectory(prefix="tdc-serve-") as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        event = build_demo(Path(tmp) / "serata.tdc")
        service = Tournament.open(event)
        service.execute(ChangeSettings(assignments=[("floor_pin", PIN)]))
        names = [p.name for p in service.state.in_players()]
        service.close()
        with serving(event) as served:
            pids = lambda: {served.process.pid, *served.descendants()}  # noqa: E731
            figures = asyncio.run(run(served.url, names, pids))
    for key, value in figures.items():
        print(f"{key:<36} {value}")
    return figures


if __name__ == "__main__":
    main()
