"""The showdown calculator's typing. Run: ``python bench/calculator.py``.

The calculator recomputes on every keystroke; pokerkit builds its lookup tables on import, so
the form loads the evaluator in a worker thread as it opens, not on the UI thread at the key
that completes a board.

1. In fresh processes: the first ``showdown()`` (pokerkit imported then) and a later one.
2. Headless, 120 × 40, the demo event: the 10 characters of a board typed into the
   calculator, each key once the app is at rest, CPU time of the process for the 10 keys,
   with the evaluator loaded as the form opens (``now``) and loaded by the keystroke
   (``before``). The difference is what the Director would wait for.

Prints medians; ``main() -> dict``. Never asserts.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3
BOARD = "Ah9c7d4s2h"

_FIRST_CALL = """
import time
from tdconsole.rules.calculators import showdown
from tdconsole.ui.calculators.parse import hands as parse_hands
hands = parse_hands("Ada=AsKd Bea=AcQh")
t = time.perf_counter(); showdown(hands, "Ah9c7d4s2h", mode="holdem")
first = time.perf_counter() - t
t = time.perf_counter(); showdown(hands, "Ah9c7d4s2c", mode="holdem")
print(first * 1000, (time.perf_counter() - t) * 1000)
"""

_TYPING = """
import asyncio, os, sys, tempfile, time
from pathlib import Path
from tdconsole.demo import build_demo
from tdconsole.service import Tournament
from tdconsole.ui.app import build_app
from tdconsole.ui.calculators import showdown as form
if sys.argv[1] == "before":
    form.load_evaluator = lambda: None  # the evaluator loaded by the keystroke
async def main(folder):
    os.environ["TDCONSOLE_DATA_DIR"] = str(folder / "data")
    service = Tournament.open(build_demo(folder / "demo.tdc"))
    app = build_app(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f6", *"Ada=AsKd Bea=AcQh", "tab")
        for worker in list(app.workers):
            await worker.wait()
        await pilot.pause()
        cpu = time.process_time()
        for ch in "BOARD_CHARS":
            await pilot.press(ch)
            await pilot.pause()
        print((time.process_time() - cpu) * 1000)
    service.close()
with tempfile.TemporaryDirectory(prefix="tdc-calc-") as tmp:
    asyncio.run(main(Path(tmp)))
""".replace("BOARD_CHARS", BOARD)


def _run(code: str, *args: str) -> list[float]:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return [float(x) for x in done.stdout.split()]


def main() -> dict[str, Any]:
    first, later = zip(*(_run(_FIRST_CALL) for _ in range(ROUNDS)), strict=True)
    before = [_run(_TYPING, "before")[0] for _ in range(ROUNDS)]
    now = [_run(_TYPING, "now")[0] for _ in range(ROUNDS)]
    return {
        "showdown_first_call_ms": statistics.median(first),
        "showdown_later_call_ms": statistics.median(later),
        "board_10_keys_cpu_ms_before": statistics.median(before),
        "board_10_keys_cpu_ms_now": statistics.median(now),
    }


if __name__ == "__main__":
    started = time.perf_counter()
    for key, value in main().items():
        print(f"{key:<36} {value:.1f}")
    print(f"{'(bench took)':<36} {time.perf_counter() - started:.1f} s")
