"""30 floor phones and 10 room screens at once on one event.

``python bench/serve.py``. Starts ``tdconsole serve`` on the demo event (one process), opens
10 room streams (``/api/room/stream``) and 30 phones: each signs in under its own name (the
floor PIN's scrypt check), opens its live stream and then records counts, one after the other,
all phones at once. Reports the sign-in times, each action's time to its acknowledgement
(median and p99), and the server's memory.

Then the Director's console under that load: ``tdconsole --event PATH`` on the same event, in a
pseudo-terminal of 120 × 40, takes KEY_ROUNDS key-to-repaint measurements (``bench/startup.py``:
the Enter of an elimination until the notification with the place is painted) first with the
phones idle, then while the 30 phones record a count a second each and the 10 screens follow
(LOADED_ROUNDS eliminations one after the other, five players of each table typed by name,
none undone: under the phones ``u`` names their last count instead). Reports both medians and
p99 against the 50 ms target, the phones' action times during it, the console's and the
server's CPU (run, and waiting for a core: on a shared machine the second says how much of
the figure is the machine's) and the load average. Never asserts.

``main() -> dict`` returns the figures for ``python -m bench``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script
    sys.path.insert(0, str(ROOT))

from bench.served import demo_event, memory_kib, serving  # noqa: E402
from bench.startup import (  # noqa: E402
    KEY_ROUNDS,
    PtySession,
    environment,
    key_to_repaint_ms,
    tdconsole_exe,
)

PHONES, SCREENS, ACTIONS = 30, 10, 10
LOAD_ACTIONS = 2000
"""The most actions one phone records while the console is measured (a bound; the console's
rounds end first)."""
PACE = float(os.environ.get("BENCH_PHONE_PACE", "1.0"))
"""Seconds between two actions of one phone while the console is measured: 30 actions a second
from the room, far more than floor staff record (a bust or a count every few minutes each)."""
KEY_TARGET_MS = 50.0
KEY_TIMEOUT = 10.0
BUSTS_PER_TABLE = 5
LOADED_ROUNDS = 14
"""Eliminations under load, one after the other, none undone: the console's ``u`` would name
the phones' last count instead of undoing the elimination (it undoes only the last action in
effect, and names another terminal's before undoing it). Five from each of the demo's three
tables of eight (a sixth would leave a table of 2: at 3 it is to be closed first, Art. IV.4),
four from the last: 10 players stay in, one more than the final's nine (Art. IV.2)."""
PIN = "246813"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@dataclass
class Gate:
    """Stops the phones' counting; counts their refusals."""

    stopped: bool = False
    refused: int = 0


async def phone(
    url: str,
    n: int,
    names: list[str],
    acks: list[float],
    signs: list[float],
    gate: Gate | None = None,
    signed: asyncio.Event | None = None,
) -> None:
    """One phone: signs in, opens its stream, records ACTIONS counts one after the other; with
    a ``gate``, once ``signed`` is set, counts every PACE seconds until the gate stops it
    (LOAD_ACTIONS at most), a refusal counted rather than fatal."""
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
            if signed is not None:
                await signed.wait()
                await asyncio.sleep(PACE * n / PHONES)  # spread over the pace
            for i in range(ACTIONS if gate is None else LOAD_ACTIONS):
                if gate is not None and gate.stopped:
                    break
                name = names[(n * ACTIONS + i) % len(names)]
                body = {"name": name, "chips": str(4000 + (n * ACTIONS + i) * 25)}
                started = time.perf_counter()
                async with http.post(
                    url + "/floor/api/count",
                    json=body,
                    headers={**headers, "X-CSRF-Token": csrf},
                ) as response:
                    answer = await response.json()
                    if gate is None:
                        assert response.status == 200, answer
                    elif response.status != 200:
                        gate.refused += 1
                acks.append(time.perf_counter() - started)
                if gate is not None:
                    await asyncio.sleep(max(0.0, PACE - (time.perf_counter() - started)))
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


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds a process has run, and seconds it has waited for a core (Linux; NaN where
    the system has no /proc, as macOS)."""
    try:
        run, wait = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    except OSError:
        return float("nan"), float("nan")
    return int(run) / 1e9, int(wait) / 1e9


def own_cpu_seconds() -> float:
    """CPU seconds this process (the bench's phones and screens) has run."""
    return time.process_time()


def ms(values: list[float]) -> str:
    """Median / p99 of the repaints that came, and how many did not within the timeout."""
    came = [v for v in values if v == v]
    missed = len(values) - len(came)
    if not came:
        return f"none within {KEY_TIMEOUT:.0f} s"
    text = f"{statistics.median(came):.0f} / {p99(came):.0f} ms"
    return text + (f", {missed} not within {KEY_TIMEOUT:.0f} s" if missed else "")


async def console_under_load(
    url: str, event: Path, names: list[str], busted: list[str], server: int
) -> dict[str, Any]:
    """The console's key-to-repaint on ``event``, first quiet, then with the phones counting
    ``names`` and the screens following, the console busting ``busted``."""
    env = environment()
    session = PtySession([tdconsole_exe(), "--event", str(event)], env)
    gate = Gate()
    try:
        session.wait_for(b"Tavolo 1")
        session.drain(0.5)
        # The dialog's first opening imports its modules: not counted.
        key_to_repaint_ms(session, 1, True, KEY_TIMEOUT)
        quiet = await asyncio.to_thread(key_to_repaint_ms, session, KEY_ROUNDS, True, KEY_TIMEOUT)
        stop = asyncio.Event()
        screens = [asyncio.create_task(screen(url, n, stop)) for n in range(SCREENS)]
        signed = asyncio.Event()
        acks: list[float] = []
        signs: list[float] = []
        phones = [
            asyncio.create_task(phone(url, n, names, acks, signs, gate, signed))
            for n in range(PHONES)
        ]
        while len(signs) < PHONES and not any(p.done() for p in phones):
            await asyncio.sleep(0.1)
        signed.set()
        await asyncio.sleep(1.0)  # every phone acting
        acks.clear()
        started = time.perf_counter()
        ran, waited = cpu_seconds(session.pid)
        served_ran, served_waited = cpu_seconds(server)
        own = own_cpu_seconds()
        loaded = await asyncio.to_thread(
            key_to_repaint_ms, session, len(busted), False, KEY_TIMEOUT, busted
        )
        seconds = time.perf_counter() - started
        ran, waited = (
            after - before
            for after, before in zip(cpu_seconds(session.pid), (ran, waited), strict=True)
        )
        own = own_cpu_seconds() - own
        served_ran, served_waited = (
            after - before
            for after, before in zip(cpu_seconds(server), (served_ran, served_waited), strict=True)
        )
        load_average = os.getloadavg()
        gate.stopped = True
        await asyncio.gather(*phones)
        stop.set()
        await asyncio.gather(*screens, return_exceptions=True)
    finally:
        session.close()
        shutil.rmtree(env["TDCONSOLE_DATA_DIR"], ignore_errors=True)
    return {
        "console, key to repaint, quiet: median / p99": f"{ms(quiet)} "
        f"(target {KEY_TARGET_MS:.0f} ms; {len(quiet)} keys)",
        "console, key to repaint, under load": f"{ms(loaded)} "
        f"(target {KEY_TARGET_MS:.0f} ms; {len(loaded)} keys; "
        f"{PHONES} phones counting every {PACE:g} s, {SCREENS} screens)",
        "phones' actions meanwhile: median / p99": f"{statistics.median(acks) * 1000:.0f} / "
        f"{p99(acks) * 1000:.0f} ms ({len(acks)} actions in {seconds:.0f} s, "
        f"{gate.refused} refused)",
        "console's CPU meanwhile": f"{ran / seconds:.0%} of a core, "
        f"{waited / seconds:.0%} waiting for one",
        "server's CPU meanwhile": f"{served_ran / seconds:.0%} of a core, "
        f"{served_waited / seconds:.0%} waiting for one",
        "the bench's phones and screens": f"{own / seconds:.0%} of a core",
        "load average (1, 5, 15 min)": " ".join(f"{v:.1f}" for v in load_average),
        "console_key_target_ms": KEY_TARGET_MS,
    }


def main() -> dict[str, Any]:
    from tdconsole.service import Tournament

    with tempfile.TemporaryDirectory(prefix="tdc-serve-") as tmp:
        event, names = demo_event(Path(tmp), PIN)
        service = Tournament.open(event)
        players = service.state.in_players()
        # The console busts five players of each table (four of the last): the phones count
        # the others' stacks.
        by_table: dict[int, list[str]] = {}
        for p in players:
            by_table.setdefault(p.table or 0, []).append(p.name)
        busted = [n for t in sorted(by_table) for n in by_table[t][:BUSTS_PER_TABLE]]
        busted = busted[:LOADED_ROUNDS]
        others = [n for n in names if n not in busted]
        service.close()
        with serving(event) as served:
            pids = lambda: {served.process.pid, *served.descendants()}  # noqa: E731
            figures = asyncio.run(run(served.url, names, pids))
        with serving(event) as served:
            figures.update(
                asyncio.run(
                    console_under_load(served.url, event, others, busted, served.process.pid)
                )
            )
    for key, value in figures.items():
        if isinstance(value, str):
            print(f"{key:<40} {value}")
    return figures


if __name__ == "__main__":
    main()
