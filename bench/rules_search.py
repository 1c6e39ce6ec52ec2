"""The rulings panel's article search (docs/rules-search.md). Run: ``python bench/rules_search.py``.

The first query builds the index of every rulebook (the regulation's articles and the game's
rules, in Italian and English); each later query reads it. Timed in this process: the first
query once, then every query below in both languages, ``ROUNDS`` times each, as medians and
the slowest. Target: a query after the first under 50 ms (the Director types while a table
waits); the first under 1 s. Prints its figures; ``main() -> dict`` for ``python -m bench``.
Never asserts.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "9"))
QUERIES = (
    "III.3",  # an article by its number
    "4.2",  # a rule of the game by its number
    "seconda dote",
    "second stack average",
    "chiusura del tavolo tre giocatori",
    "all-in side pot",
    "carte scoperte showdown",
    "ritardo giocatore assente",
    "fiches spinte senza dichiarazione",
    "dead button",
)
FIRST_TARGET_MS, QUERY_TARGET_MS = 1000.0, 50.0


def main() -> dict[str, Any]:
    started = time.perf_counter()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tdconsole.rules.search import search

    t = time.perf_counter()
    search("seconda dote")
    first_ms = (time.perf_counter() - t) * 1000
    times: list[float] = []
    found = 0
    for _ in range(ROUNDS):
        for query in QUERIES:
            for lang in ("it", "en"):
                t = time.perf_counter()
                results = search(query, lang=lang)
                times.append((time.perf_counter() - t) * 1000)
                found += bool(results)
    return {
        "queries": len(QUERIES) * 2,
        "queries_with_results": found // ROUNDS,
        "first_query_ms": first_ms,
        "first_query_ms_target": FIRST_TARGET_MS,
        "query_median_ms": statistics.median(times),
        "query_max_ms": max(times),
        "query_max_ms_target": QUERY_TARGET_MS,
        "bench_seconds": time.perf_counter() - started,
    }


if __name__ == "__main__":
    result = main()
    print(f"article search, {result['queries']} queries (it and en), {ROUNDS} rounds")
    print(f"  with results              {result['queries_with_results']}")
    print(f"  first query (the index)   {result['first_query_ms']:.1f} ms (< {FIRST_TARGET_MS:g})")
    print(f"  later query, median       {result['query_median_ms']:.3f} ms")
    print(f"  later query, slowest      {result['query_max_ms']:.3f} ms (< {QUERY_TARGET_MS:g})")
