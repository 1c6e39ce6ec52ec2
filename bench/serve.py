"""9 floor phones at once on one event (issue 17; the room's screens: ``bench/room.py``).

``python bench/serve.py``. Starts ``tdconsole serve`` on the demo event, opens 9 floor
sessions through textual-serve's websocket protocol (what the page does), signs each
floor in under its own name, then records eliminations from another terminal, as a floor
would, and times each until every floor has painted it. Reports the memory
of the server and all its sessions together (PSS: shared pages counted once; RSS: counted in
each process) and the bust-to-repaint times. Never asserts.

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

from bench.served import Session, memory_kib, serving  # noqa: E402

DISPLAYS, FLOORS, BUSTS = 0, 9, 5
"""(The room's page is no session: its screens are measured by ``bench/room.py``.)"""
PIN = "2468"
TYPING_PAUSE = 0.3
"""Between a person's steps at the sign-in (the app must have moved the focus)."""


async def sign_in(floor: Session, name: str) -> None:
    await floor.wait_for("PIN del floor", 60)
    await floor.keys(PIN)
    await asyncio.sleep(TYPING_PAUSE)
    await floor.keys("\r")
    await asyncio.sleep(TYPING_PAUSE)
    await floor.keys(name)
    await asyncio.sleep(TYPING_PAUSE)
    await floor.keys("\r")
    await floor.wait_for(f"Floor: {name}", 60)


def bust(event: Path, name: str) -> None:
    from tdconsole.domain.play import Bust
    from tdconsole.service import Tournament

    service = Tournament.open(event, actor="Banco", role="floor")
    try:
        service.execute(Bust(names=[name], declined=True))
    finally:
        service.close()


async def run(url: str, event: Path, served_pids: Any) -> dict[str, Any]:
    import aiohttp

    from tdconsole.service import Tournament

    async with aiohttp.ClientSession() as http:
        started = time.perf_counter()
        displays = [Session(url, "display", 100, 30) for _ in range(DISPLAYS)]
        floors = [Session(url, "floor", 40, 40) for _ in range(FLOORS)]
        await asyncio.gather(*(s.open(http) for s in [*displays, *floors]))
        await asyncio.gather(*(d.wait_for("LIVELLO 1", 60) for d in displays))
        await asyncio.gather(*(sign_in(f, f"Floor {i + 1}") for i, f in enumerate(floors)))
        all_open = time.perf_counter() - started
        pids = served_pids()
        pss, rss = memory_kib(pids)
        service = Tournament.open(event)
        victims = [p.name for p in service.state.in_players()][:BUSTS]
        in_play = service.state.in_play
        entrants = service.state.entrants
        service.close()
        repaint_ms: list[float] = []
        for name in victims:
            in_play -= 1
            marks = [s.mark() for s in [*displays, *floors]]
            t0 = time.perf_counter()
            await asyncio.to_thread(bust, event, name)
            waits = [
                d.wait_for(f"In gioco {in_play} / {entrants}", 10, since=m)
                for d, m in zip(displays, marks[:DISPLAYS], strict=True)
            ] + [
                f.wait_for(f"{in_play} giocatori in gioco", 10, since=m)
                for f, m in zip(floors, marks[DISPLAYS:], strict=True)
            ]
            await asyncio.gather(*waits)
            repaint_ms.append((time.perf_counter() - t0) * 1000)  # from the bust's start
        pss_after, _ = memory_kib(served_pids())
        for session in [*displays, *floors]:
            await session.close()
    return {
        "sessions": DISPLAYS + FLOORS,
        "processes": len(pids),
        "all_open_and_signed_in_s": round(all_open, 1),
        "memory_pss_mib": round(pss / 1024),
        "memory_rss_mib": round(rss / 1024),
        "memory_pss_after_busts_mib": round(pss_after / 1024),
        "memory_pss_per_session_mib": round(pss / 1024 / (DISPLAYS + FLOORS), 1),
        "bust_to_all_repainted_ms_median": round(statistics.median(repaint_ms)),
        "bust_to_all_repainted_ms_max": round(max(repaint_ms)),
        "busts": len(victims),
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
        service.close()
        with serving(event) as served:
            pids = lambda: {served.process.pid, *served.descendants()}  # noqa: E731
            figures = asyncio.run(run(served.url, event, pids))
    for key, value in figures.items():
        print(f"{key:<36} {value}")
    return figures


if __name__ == "__main__":
    main()
