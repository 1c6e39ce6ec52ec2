"""The live copy on a second device: how far behind it is while a busy night is played, and what
waiting for it adds to an action.

``python bench/copy.py`` (or ``python -m bench --only copy``). Builds the demo event with a
Director PIN; times ACTIONS chip counts recorded back to back by a service with no copy (the
baseline: one ``meta`` read each), then starts ``tdconsole serve`` and ``tdconsole follow`` (two
processes, loopback), and times as many counts again: each one now waits for the copy. How far
behind the copy is: for each entry, from its time in the log to the moment the copy's file holds
it (read every POLL seconds). Never asserts.

``main() -> dict`` returns the figures for ``python -m bench``.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script
    sys.path.insert(0, str(ROOT))

from bench.core import percentile  # noqa: E402
from bench.served import demo_event, serving  # noqa: E402
from tdconsole.domain.play import Count  # noqa: E402
from tdconsole.domain.slices.change_settings import ChangeSettings  # noqa: E402
from tdconsole.service import Tournament  # noqa: E402
from tdconsole.service.copy_wait import wait_for_copy  # noqa: E402
from tdconsole.store.eventstore import EventStore  # noqa: E402

ACTIONS = int(os.environ.get("BENCH_COPY_ACTIONS", "200"))
POLL = 0.002
PIN = "482913"


def _counts(event: Path, names: list[str], n: int) -> tuple[list[float], list[tuple[int, float]]]:
    """``n`` counts back to back: each one's time to its acknowledgement (ms), and each
    entry's number with its time in the log."""
    service = Tournament.open(event)
    times: list[float] = []
    written: list[tuple[int, float]] = []
    try:
        for i in range(n):
            started = time.perf_counter()
            records = service.execute(Count(counts={names[i % len(names)]: 4000 + 25 * i}))
            times.append((time.perf_counter() - started) * 1000)
            written += [(r.seq, r.at.timestamp()) for r in records]
    finally:
        service.close()
    return times, written


def held(copy: Path) -> int:
    """The last entry the copy's file holds (0: no file yet)."""
    if not copy.exists():
        return 0
    store = EventStore(copy)
    try:
        return store.last_seq()
    finally:
        store.close()


class Watch:
    """The copy's file read every POLL seconds: when each entry first appeared there."""

    def __init__(self, copy: Path) -> None:
        self.copy, self.seen, self.stop = copy, {}, threading.Event()
        self.seen: dict[int, float] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        last = held(self.copy)
        while not self.stop.is_set():
            now = held(self.copy)
            at = datetime.now(UTC).timestamp()
            for seq in range(last + 1, now + 1):
                self.seen[seq] = at
            last = now
            time.sleep(POLL)


def _meta_read_us(event: Path) -> float:
    """What a write pays with no copy attached: one ``meta`` read (µs, median)."""
    store = EventStore(event)
    try:
        times = []
        for _ in range(2000):
            started = time.perf_counter()
            wait_for_copy(store, 1)
            times.append((time.perf_counter() - started) * 1e6)
        return statistics.median(times)
    finally:
        store.close()


def main() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tdc-copy-") as tmp:
        folder = Path(tmp)
        event, names = demo_event(folder, "246813")
        director = Tournament.open(event)
        try:
            director.execute(ChangeSettings(assignments=[("director_pin", PIN)]))
        finally:
            director.close()
        alone, _ = _counts(event, names, ACTIONS)
        meta_us = _meta_read_us(event)
        copy = folder / "copia.tdc"
        with serving(event, lang="en") as served:
            follower = subprocess.Popen(
                [sys.executable, "-m", "tdconsole", "--lang", "en", "follow", served.url,
                 "--to", str(copy), "--device", "bench"],
                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                text=True, env=os.environ.copy(),
            )  # fmt: skip
            assert follower.stdin is not None
            follower.stdin.write(PIN + "\n")
            follower.stdin.close()
            try:
                deadline = time.monotonic() + 60
                while held(copy) == 0 and time.monotonic() < deadline:
                    time.sleep(0.05)
                watch = Watch(copy)
                watch.thread.start()
                followed, written = _counts(event, names, ACTIONS)
                deadline = time.monotonic() + 30
                while written and written[-1][0] not in watch.seen:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.01)
                watch.stop.set()
                watch.thread.join()
            finally:
                follower.terminate()
                follower.wait(timeout=30)
        behind = [(watch.seen[seq] - at) * 1000 for seq, at in written if seq in watch.seen]
    return {
        "actions": ACTIONS,
        "copy_behind_p50_ms": statistics.median(behind) if behind else None,
        "copy_behind_p99_ms": percentile(behind, 99) if behind else None,
        "action_no_copy_median_ms": statistics.median(alone),
        "action_with_copy_median_ms": statistics.median(followed),
        "action_with_copy_p99_ms": percentile(followed, 99),
        "wait_adds_median_ms": statistics.median(followed) - statistics.median(alone),
        "no_copy_meta_read_us": meta_us,
    }


if __name__ == "__main__":
    for key, value in main().items():
        print(f"{key:<32} {value:.3f}" if isinstance(value, float) else f"{key:<32} {value}")
