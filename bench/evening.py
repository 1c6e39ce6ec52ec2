"""A whole evening by the console's keys: how many the Director presses, and where they go.
Run: ``python bench/evening.py``.

The console (Textual's pilot, 120 × 40) from its start screen through one evening of 24: the
new event named, the players registered, every fee and food contribution taken, the draw, the
start and the clock, eliminations (a table down to three closes, Art. IV.4), the final table
draw with every count typed (IV.5), down to the winner, then every prize handed over on the
prizes tab (I.7). The driver is the one ``tests/ui/test_evening_by_keys.py`` uses
(``bench/evening_keys.py``); the clock is stopped at 20:00 and the draws are seeded, so the
count is the same on every run and machine. Prints the total, by phase and by kind, next to
the count a person made by hand of the same evening. Never asserts.

``main() -> dict`` for ``python -m bench``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script: bench.evening_keys from here
    sys.path.insert(0, str(ROOT))

from bench.evening_keys import Evening, play  # noqa: E402
from tdconsole.demo import DEMO_PLAYERS  # noqa: E402

HAND_COUNTED = 1408
"""The keys a person counted by hand for a whole evening of 24 at the console."""

EVENING = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def stopped_clock() -> datetime:
    return EVENING


def whole_evening() -> Evening:
    """The evening measured: 24 players, from the start screen to every prize handed over."""
    return Evening(list(DEMO_PLAYERS), new_event="venerdi", food=True, clock=True, hand_over=True)


def main() -> dict[str, Any]:
    plan = whole_evening()
    kept = {name: os.environ.get(name) for name in ("TDCONSOLE_DATA_DIR", "TDCONSOLE_EVENT")}
    # The new event, its backups and its receipts land in a data folder of the bench's own.
    with tempfile.TemporaryDirectory(prefix="tdc-evening-", ignore_cleanup_errors=True) as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ.pop("TDCONSOLE_EVENT", None)
        started = time.perf_counter()
        try:
            counted = asyncio.run(play(plan, stopped_clock))
        finally:
            for name, value in kept.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        seconds = time.perf_counter() - started
    result: dict[str, Any] = {
        "players": counted.players,
        "keys": counted.total,
        "keys_counted_by_hand": HAND_COUNTED,
    }
    result |= {f"phase_{name}": n for name, n in counted.by_phase.items()}
    result |= {f"kind_{name}": n for name, n in counted.by_kind.items() if n}
    result["bench_seconds"] = round(seconds, 1)
    print(
        f"a whole evening of {counted.players} by keys: {counted.total} keys "
        f"(a person counting by hand: {HAND_COUNTED})"
    )
    print("  by phase: " + ", ".join(f"{k} {n}" for k, n in counted.by_phase.items()))
    print("  by kind:  " + ", ".join(f"{k} {n}" for k, n in counted.by_kind.items() if n))
    return result


if __name__ == "__main__":
    main()
