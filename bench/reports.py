"""Time to make each printed report of a 24-player event: ``python bench/reports.py``.

For the event in progress and the finished event of the reports' tests (24 entrants, 3 tables,
rulings, a move plan), renders every report in every format several times from the state dict
and prints the median time in ms. Target: under 1 s each (``TARGET_MS``). Never asserts.

``main() -> dict`` returns ``{"report.format": median_ms}`` (the slower of the two events) for a
bench runner, plus ``"target_ms"`` and ``"worst_ms"``.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("tdconsole") is None:  # run from a checkout without install
    sys.path.insert(0, str(ROOT))

from tdconsole.reports import FORMATS, REPORTS  # noqa: E402
from tdconsole.reports.rendering import render  # noqa: E402

TARGET_MS = 1000.0
REPEATS = {"txt": 15, "csv": 15, "html": 15, "pdf": 7}


def _fixtures() -> ModuleType:
    path = ROOT / "tests" / "reports" / "report_fixtures.py"
    spec = importlib.util.spec_from_file_location("report_fixtures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def median_ms(kind: str, state: dict[str, Any], fmt: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        render(kind, state, fmt)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> dict[str, float]:
    fixtures = _fixtures()
    events = {"in progress": fixtures.event_in_progress(), "finished": fixtures.finished_event()}
    render("standings", events["finished"], "pdf")  # first import of fpdf2, not a report's cost
    figures: dict[str, float] = {}
    print(f"median ms per report, 24-player event (target < {TARGET_MS:.0f} ms)")
    print(f"{'report':<10}" + "".join(f"{fmt:>10}" for fmt in FORMATS))
    for kind in REPORTS:
        row = []
        for fmt in FORMATS:
            ms = max(median_ms(kind, state, fmt, REPEATS[fmt]) for state in events.values())
            figures[f"{kind}.{fmt}"] = round(ms, 2)
            row.append(ms)
        print(f"{kind:<10}" + "".join(f"{ms:>10.1f}" for ms in row))
    worst = max(figures.values())
    print(f"slowest: {worst:.1f} ms — {'within' if worst < TARGET_MS else 'OVER'} target")
    return {**figures, "target_ms": TARGET_MS, "worst_ms": round(worst, 2)}


if __name__ == "__main__":
    main()
