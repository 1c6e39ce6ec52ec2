"""PIN guesses from 200 rotating addresses against ``tdconsole serve``, a phone acting meanwhile.

``python bench/floor_flood.py``. Starts ``tdconsole serve`` on the demo event (one process, the
floor PIN hashed at the console's own cost) and signs one phone in. Then, for FLOOD_SECONDS, 200
clients each from an address of its own (127.0.1.x: Linux routes all of 127/8 to the loopback)
each send a wrong PIN every GUESS_PACE seconds, while the signed-in phone records a count
every ACTION_PACE seconds. Reports the wrong PINs the server checked (answered "wrong PIN") and
those it refused unchecked (429) per minute, and the phone's action time (median and p99),
before the flood and during it. Never asserts.

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

from bench.served import demo_event, serving  # noqa: E402

ADDRESSES = 200
FLOOD_SECONDS = float(os.environ.get("BENCH_FLOOD_SECONDS", "60"))
IDLE_SECONDS = 10.0
GUESS_PACE = 1.0
"""Seconds between two guesses from one address: 200 guesses a second from the room."""
ACTION_PACE = 0.5
PIN = "246813"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


async def _acting(url: str, player: str, seconds: float) -> list[float]:
    """A phone signed in, counting ``player``'s chips every ACTION_PACE s: each time to its
    acknowledgement (ms)."""
    import aiohttp

    here = {"Origin": url}
    times: list[float] = []
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as phone:
        async with phone.post(
            url + "/floor/api/sign-in", json={"pin": PIN, "name": "Anna"}, headers=here
        ) as signed:
            csrf = (await signed.json())["csrf"]
        end = time.perf_counter() + seconds
        n = 0
        while time.perf_counter() < end:
            started = time.perf_counter()
            body = {"name": player, "chips": str(5000 + 25 * (n % 100))}
            headers = {**here, "X-CSRF-Token": csrf}
            async with phone.post(url + "/floor/api/count", json=body, headers=headers) as done:
                await done.read()
                if done.status == 200:
                    times.append((time.perf_counter() - started) * 1000)
            n += 1
            await asyncio.sleep(max(0.0, ACTION_PACE - (time.perf_counter() - started)))
    return times


async def _guessing(url: str, k: int, seconds: float, seen: dict[str, int]) -> None:
    """One address guessing every GUESS_PACE s; ``seen`` counts the answers."""
    import aiohttp

    connector = aiohttp.TCPConnector(local_addr=(f"127.0.1.{k + 1}", 0))
    async with aiohttp.ClientSession(connector=connector) as client:
        end = time.perf_counter() + seconds
        n = 0
        while time.perf_counter() < end:
            started = time.perf_counter()
            body = {"pin": f"9{k:02d}{n:03d}", "name": f"guest {k}"}
            try:
                async with client.post(
                    url + "/floor/api/sign-in", json=body, headers={"Origin": url}
                ) as response:
                    answer = await response.json()
            except aiohttp.ClientError:
                seen["failed"] = seen.get("failed", 0) + 1
                continue
            said = str(answer.get("refused", ""))
            kind = (
                "checked"
                if said.startswith("wrong PIN")
                else "refused_unchecked"
                if response.status == 429
                else "phone_waits"
                if response.status == 409
                else f"status_{response.status}"
            )
            seen[kind] = seen.get(kind, 0) + 1
            n += 1
            await asyncio.sleep(max(0.0, GUESS_PACE - (time.perf_counter() - started)))


async def run(url: str, player: str) -> dict[str, Any]:
    idle = await _acting(url, player, IDLE_SECONDS)
    seen: dict[str, int] = {}
    flood = [_guessing(url, k, FLOOD_SECONDS, seen) for k in range(ADDRESSES)]
    during, *_ = await asyncio.gather(_acting(url, player, FLOOD_SECONDS), *flood)
    minutes = FLOOD_SECONDS / 60
    return {
        "addresses": ADDRESSES,
        "flood_seconds": FLOOD_SECONDS,
        "guesses_sent_per_minute": round(sum(seen.values()) / minutes, 1),
        "wrong_pins_checked": seen.get("checked", 0),
        "wrong_pins_checked_per_minute": round(seen.get("checked", 0) / minutes, 1),
        "refused_unchecked_per_minute": round(seen.get("refused_unchecked", 0) / minutes, 1),
        "answers": seen,
        "action_idle_p50_ms": round(statistics.median(idle), 1) if idle else None,
        "action_idle_p99_ms": round(p99(idle), 1) if idle else None,
        "action_flood_p50_ms": round(statistics.median(during), 1) if during else None,
        "action_flood_p99_ms": round(p99(during), 1) if during else None,
        "actions_during_flood": len(during),
    }


def main() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tdc-flood-") as tmp:
        event, names = demo_event(Path(tmp), PIN)
        player = names[-1]
        with serving(event, lang="en") as served:
            figures = asyncio.run(run(served.url, player))
    for key, value in figures.items():
        print(f"{key:<36} {value}")
    return figures


if __name__ == "__main__":
    main()
