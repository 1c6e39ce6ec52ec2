"""Blind clock drift and speed (Art. III.5). Run: ``python bench/clock_drift.py``.

Simulates a 12-hour event (pauses, time added and removed, announcements made late, levels
skipped) at irregular instants, reads the clock's status at many instants in between and
compares the time left with the true value, computed independently by a clock that decrements
an integer count of microseconds between events. Prints the largest deviation in ms
(target: <= 10 ms) and the median duration of one ``status()`` call in µs. Never asserts.

``main() -> dict`` returns the figures for a bench runner.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

if importlib.util.find_spec("tdconsole") is None:  # run from a checkout without install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdconsole.domain import clock
from tdconsole.domain.clock import ClockState, Structure
from tdconsole.domain.errors import RuleError

T0 = datetime(2025, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))
HOURS = 12
TARGET_MS = 10.0


class TrueClock:
    """The true time left: an integer count of microseconds decremented between events."""

    def __init__(self, structure: Structure) -> None:
        self.structure = structure
        self.index = 0
        self.running = False
        self.left_us = self._full(0)
        self.t_us = 0

    def _full(self, index: int) -> int:
        return self.structure.period(index).minutes * 60_000_000

    def at(self, t_us: int) -> int:
        if self.running:
            self.left_us -= t_us - self.t_us
        self.t_us = t_us
        return self.left_us

    def apply(self, name: str, arg: int, t_us: int) -> None:
        self.at(t_us)
        if name in ("start", "resume"):
            self.running = True
        elif name == "pause":
            self.running = False
        elif name in ("announce", "next"):
            self.index += 1
            self.left_us = self._full(self.index)
        elif name == "add":
            self.left_us = max(self.left_us, 0) + arg * 1_000_000
        elif name == "sub":
            self.left_us = max(self.left_us - arg * 1_000_000, 0)


def _engine_left_us(state: ClockState, structure: Structure, now: datetime) -> int:
    shown = clock.status(state, structure, now)
    signed = shown.remaining - shown.overtime
    return signed // timedelta(microseconds=1)


def simulate(seed: int = 12) -> dict[str, Any]:
    """Drive the engine and the true clock through 12 hours; compare at many instants."""
    structure = Structure.build(100, 40, 200, 20, stack=10_000, breaks={4: 15, 8: 15})
    rng = random.Random(seed)
    state = clock.initial(structure)
    truth = TrueClock(structure)
    end_us = HOURS * 3600 * 1_000_000
    t_us = 0
    samples = 0
    worst_us = 0
    events = 0
    log: list[tuple[str, int, datetime]] = []
    while t_us < end_us:
        step = rng.randrange(1_000_000, 12 * 60 * 1_000_000)  # 1 s .. 12 min, to the µs
        # read the clock every ~0.5 s (irregular offsets) until the next event, like a display
        probe = t_us + rng.randrange(1, 500_000)
        while probe < t_us + step:
            now = T0 + timedelta(microseconds=probe)
            deviation = abs(_engine_left_us(state, structure, now) - truth.at(probe))
            worst_us = max(worst_us, deviation)
            samples += 1
            probe += rng.randrange(250_000, 750_000)
        t_us += step
        now = T0 + timedelta(microseconds=t_us)
        shown = clock.status(state, structure, now)
        if shown.pending_announcement:
            name = "announce"
        elif not shown.running:
            name = "resume" if events else "start"
        else:
            name = rng.choice(["pause", "add", "sub", "next", "wait", "wait", "wait"])
        if name == "wait":
            continue
        arg = rng.randrange(1, 300)
        if name == "sub":
            arg = rng.randrange(1, max(2, shown.remaining_seconds))
        try:
            state = _apply(state, structure, name, arg, now)
        except RuleError:
            continue
        truth.apply(name, arg, t_us)
        log.append((name, arg, now))
        events += 1
    # a refold of the whole log (what a restart or an undo does) gives the same clock
    started = time.perf_counter()
    refolded = clock.initial(structure)
    for name, arg, at in log:
        refolded = _apply(refolded, structure, name, arg, at)
    refold_ms = (time.perf_counter() - started) * 1000
    return {
        "simulated_hours": HOURS,
        "events": events,
        "samples": samples,
        "max_deviation_ms": worst_us / 1000,
        "refold_equal": refolded == state,
        "refold_ms": refold_ms,
        "final_level": clock.status(state, structure, T0 + timedelta(microseconds=t_us)).level,
    }


def _apply(
    state: ClockState, structure: Structure, name: str, arg: int, at: datetime
) -> ClockState:
    if name in ("add", "sub"):
        return (clock.add if name == "add" else clock.sub)(state, structure, arg, at)
    return {
        "start": clock.start,
        "resume": clock.resume,
        "pause": clock.pause,
        "announce": clock.announce,
        "next": clock.next_level,
    }[name](state, structure, at)


def time_status(runs: int = 7, calls: int = 20_000) -> dict[str, float]:
    """Median µs per ``status()`` call: running mid-level, pending, and auto after 10 h."""
    structure = Structure.build(100, 40, 200, 20, stack=10_000, breaks={4: 15})
    running = clock.start(clock.initial(structure), structure, T0)
    cases = {
        "status_running_us": (T0 + timedelta(minutes=13, seconds=7), False),
        "status_pending_us": (T0 + timedelta(minutes=43), False),
        "status_auto_10h_us": (T0 + timedelta(hours=10), True),
    }
    out: dict[str, float] = {}
    for key, (now, auto) in cases.items():
        per_call: list[float] = []
        for _ in range(runs):
            started = time.perf_counter()
            for _ in range(calls):
                clock.status(running, structure, now, auto)
            per_call.append((time.perf_counter() - started) / calls * 1e6)
        out[key] = statistics.median(per_call)
    return out


def main() -> dict[str, Any]:
    started = time.perf_counter()
    figures: dict[str, Any] = simulate()
    figures.update(time_status())
    figures["target_ms"] = TARGET_MS
    figures["within_target"] = figures["max_deviation_ms"] <= TARGET_MS
    figures["bench_seconds"] = time.perf_counter() - started
    return figures


if __name__ == "__main__":
    result = main()
    print(f"clock drift over {result['simulated_hours']} simulated hours")
    print(f"  events applied           {result['events']}")
    print(f"  status reads compared    {result['samples']}")
    print(
        f"  max deviation            {result['max_deviation_ms']:.3f} ms "
        f"(target <= {TARGET_MS:.0f} ms)"
    )
    print(
        f"  refold of the log        {result['refold_ms']:.2f} ms, same clock: "
        f"{result['refold_equal']}"
    )
    print("status() median per call")
    print(f"  running, mid-level       {result['status_running_us']:.1f} µs")
    print(f"  pending announcement     {result['status_pending_us']:.1f} µs")
    print(f"  auto-announce, 10 h on   {result['status_auto_10h_us']:.1f} µs")
    print(f"bench time {result['bench_seconds']:.1f} s")
