"""A name typed where the keys go to the views: the CPU of the players' search, in-process.

``python bench/search_keys.py``. The demo (24 players in play) at 120 x 40: from the tables'
tab, each name is typed as a terminal sends fast typing (its letters a twentieth of a second
apart: the type-ahead reads them as a word, ``ui.keyboard``), then Enter; the CPU from the
first letter until the console is at rest (the players' tab in front, the search filled, the
list with the keys again, the screen painted). And the CPU of one letter more typed into the
search while it has the keys. Medians over the 24 names; Textual's pilot waits for rest with
CPU of its own (``idle_key_cpu_ms``, as ``bench/startup.py`` says it). Never asserts.

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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script
    sys.path.insert(0, str(ROOT))

COLS, ROWS = 120, 40
APART = 0.05
"""Seconds between two letters of a name, as the keys' own times say."""


async def _figures() -> dict[str, Any]:
    from textual import events

    from bench.evening_keys import at_rest
    from tdconsole.demo import DEMO_PLAYERS, build_demo
    from tdconsole.service import Tournament
    from tdconsole.ui.app import build_app
    from tdconsole.ui.widgets.players_view import PlayersView

    now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    folder = Path(tempfile.mkdtemp(prefix="tdc-bench-"))
    os.environ["TDCONSOLE_DATA_DIR"] = str(folder)
    service = Tournament.open(build_demo(folder / "demo.tdc", now=now), clock=lambda: now)
    app = build_app(service, lambda: now)
    names_ms: list[float] = []
    letter_ms: list[float] = []
    idle_ms: list[float] = []
    async with app.run_test(size=(COLS, ROWS)) as pilot:

        def typed(keys: list[str]) -> None:
            """``keys`` sent at once, stamped ``APART`` seconds from each other."""
            start = time.monotonic()
            for i, key in enumerate(keys):
                char = "\r" if key == "enter" else key
                event = events.Key(key, char)
                event.time = start + i * APART
                app.post_message(event)

        async def cpu_ms(*keys: str) -> float:
            started = time.process_time()
            if keys:
                typed(list(keys))
            await at_rest(pilot)
            return (time.process_time() - started) * 1000

        await pilot.press("2")  # every tab's view built once: not counted
        await pilot.press("1")
        await at_rest(pilot)
        for round_, name in enumerate((DEMO_PLAYERS[-1], *DEMO_PLAYERS)):
            await pilot.press("1")
            await at_rest(pilot)  # the tables' tab in front, the keys to its view
            idle = await cpu_ms()
            whole = await cpu_ms(*name.lower(), "enter")
            if app.screen.query_one(PlayersView).selected_player() != name:
                raise RuntimeError(f"{name} typed: the search is not on him")
            await pilot.press("slash")
            await at_rest(pilot)
            letter = await cpu_ms("z")
            await pilot.press("escape")  # the keys back to the list
            if round_:  # (the first warms up: not counted)
                idle_ms.append(idle)
                names_ms.append(whole)
                letter_ms.append(letter)
    service.close()
    return {
        "names": len(names_ms),
        "name_typed_and_enter_cpu_ms": statistics.median(names_ms),
        "letter_in_the_search_cpu_ms": statistics.median(letter_ms),
        "idle_key_cpu_ms": statistics.median(idle_ms),
    }


def main() -> dict[str, Any]:
    figures = asyncio.run(_figures())
    for key, value in figures.items():
        print(f"{key:<36} {value:.1f}" if isinstance(value, float) else f"{key:<36} {value}")
    return figures


if __name__ == "__main__":
    main()
