"""A whole evening by the console's keys: how many the Director presses, and where they go.
Run: ``python bench/evening.py``.

The console (Textual's pilot, 120 × 40) from its start screen through one evening of 24: the
new event named, the players registered, every fee and food contribution taken, the draw, the
start and the clock, eliminations (a table down to three closes, Art. IV.4), the final table
draw with every count typed (IV.5), down to the winner, then every prize handed over on the
prizes tab (I.7). The driver is the one ``tests/ui/test_evening_by_keys.py`` uses
(``bench/evening_keys.py``); the clock is stopped at 20:00 and the draws are seeded, so the
count is the same on every run and machine. The evening is played twice: with the 24 known to
the club (a season of two earlier events in the data folder), each registered by the fewest
letters naming him and Enter, and with every name typed from scratch. Prints each total, by
phase and by kind, beside its goal and the count a person made by hand. Never asserts.

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

from bench.evening_keys import Counted, Evening, play  # noqa: E402
from tdconsole.demo import DEMO_PLAYERS  # noqa: E402

HAND_COUNTED = 1408
"""The keys a person counted by hand for a whole evening of 24 at the console."""

EVENING = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def stopped_clock() -> datetime:
    return EVENING


GOALS = {"regulars": 350, "scratch": 500}
"""The keys the evening should take at most: with registration from a season of regulars, and
with every name typed from scratch."""


def whole_evening(*, regulars: bool = False) -> Evening:
    """The evening measured: 24 players, from the start screen to every prize handed over;
    with ``regulars``, the 24 known to the club (a season of two earlier events) and each
    registered by a few letters and Enter."""
    return Evening(
        list(DEMO_PLAYERS),
        new_event="venerdi",
        food=True,
        clock=True,
        hand_over=True,
        regulars=regulars,
    )


def counted_evening(regulars: bool) -> tuple[Counted, float]:
    """The evening played in a data folder of its own; its keys and the seconds it took."""
    kept = {name: os.environ.get(name) for name in ("TDCONSOLE_DATA_DIR", "TDCONSOLE_EVENT")}
    # The new event, its backups and its receipts land in a data folder of the bench's own.
    with tempfile.TemporaryDirectory(prefix="tdc-evening-", ignore_cleanup_errors=True) as tmp:
        os.environ["TDCONSOLE_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ.pop("TDCONSOLE_EVENT", None)
        started = time.perf_counter()
        try:
            counted = asyncio.run(play(whole_evening(regulars=regulars), stopped_clock))
        finally:
            for name, value in kept.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        return counted, time.perf_counter() - started


def main() -> dict[str, Any]:
    result: dict[str, Any] = {"keys_counted_by_hand": HAND_COUNTED}
    for label, regulars in (("regulars", True), ("scratch", False)):
        counted, seconds = counted_evening(regulars)
        result[f"{label}_players"] = counted.players
        result[f"{label}_keys"] = counted.total
        result[f"{label}_goal"] = GOALS[label]
        result |= {f"{label}_phase_{name}": n for name, n in counted.by_phase.items()}
        result |= {f"{label}_kind_{name}": n for name, n in counted.by_kind.items() if n}
        result[f"{label}_seconds"] = round(seconds, 1)
        how = "registered from a season of regulars" if regulars else "every name typed"
        print(
            f"a whole evening of {counted.players}, {how}: {counted.total} keys "
            f"(goal: at most {GOALS[label]})"
        )
        print("  by phase: " + ", ".join(f"{k} {n}" for k, n in counted.by_phase.items()))
        print("  by kind:  " + ", ".join(f"{k} {n}" for k, n in counted.by_kind.items() if n))
    print(f"(a person counting the keys of a whole evening by hand: {HAND_COUNTED})")
    return result


if __name__ == "__main__":
    main()
