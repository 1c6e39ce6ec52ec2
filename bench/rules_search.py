"""The rulings panel's article search (docs/rules-search.md). Run: ``python bench/rules_search.py``.

The first query builds the index of every rulebook (the regulation's articles and the game's
rules, in Italian and English); each later query reads it. Timed in this process: the first
query once, then every query below in both languages, ``ROUNDS`` times each, as medians and
the slowest. Target: a query after the first under 50 ms (the Director types while a table
waits); the first under 1 s. Then a new process's first search (``PROCESS_ROUNDS`` times,
medians), with no kept index (cold: it builds and keeps one) and with one (warm), for the
shipped books and with a 15 MiB imported book. Target: warm, the large book within 2 x the
shipped. Prints its figures; ``main() -> dict`` for ``python -m bench``.
Never asserts.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
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
        **processes(),
        "bench_seconds": time.perf_counter() - started,
    }


LARGE_MIB = 15
"""An imported rulebook this large (within the import's limit) is timed too: the largest
rulebook shows whether a process rebuilds the index at each search."""
PROCESS_ROUNDS = int(os.environ.get("BENCH_PROCESS_ROUNDS", "3"))
_FIRST_SEARCH = (
    "import time\n"
    "from tdconsole.rules import search, search_kept\n"
    "t = time.perf_counter()\n"
    "search.search('seconda dote')\n"
    "print((time.perf_counter() - t) * 1000, type(search_kept.get_index()).__name__)\n"
)


def _first_search_ms(folder: str) -> tuple[float, str]:
    """A new process's first search (its module imports not counted), and what it used."""
    env = dict(os.environ, TDCONSOLE_DATA_DIR=folder)
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_SEARCH],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), out[1]


def _cold_and_warm(folder: str) -> tuple[float, float]:
    """Medians of a first search with no kept index (it builds and keeps one) and with one."""
    cache = Path(folder) / "cache" / "rules-index.sqlite"
    cold, warm = [], []
    for _ in range(PROCESS_ROUNDS):
        cache.unlink(missing_ok=True)
        ms, used = _first_search_ms(folder)
        assert used == "Built", used
        cold.append(ms)
        ms, used = _first_search_ms(folder)
        assert used == "Kept", used
        warm.append(ms)
    return statistics.median(cold), statistics.median(warm)


def _large_book(folder: Path) -> None:
    from tdconsole.rules.importer import import_file

    rng = random.Random(1)
    words = [
        "".join(rng.choice("abcdefilmnoprstu") for _ in range(rng.randint(3, 10)))
        for _ in range(20_000)
    ]
    text, size, number = [], 0, 0
    while size < LARGE_MIB * 1024 * 1024:
        number += 1
        body = " ".join(rng.choice(words) for _ in range(400))
        part = f"Art. {number} - Titolo {number}\n\n1. {body}\n\n"
        text.append(part)
        size += len(part)
    book = folder / "grande.txt"
    book.write_text("".join(text), encoding="utf-8")
    saved = os.environ.get("TDCONSOLE_DATA_DIR")
    os.environ["TDCONSOLE_DATA_DIR"] = str(folder)
    try:
        import_file(book, "grande")
    finally:
        if saved is None:
            os.environ.pop("TDCONSOLE_DATA_DIR", None)
        else:
            os.environ["TDCONSOLE_DATA_DIR"] = saved
    book.unlink()


def processes() -> dict[str, float]:
    """A new process's first search: the shipped books alone, then with a 15 MiB book."""
    with tempfile.TemporaryDirectory() as shipped, tempfile.TemporaryDirectory() as large:
        shipped_cold, shipped_warm = _cold_and_warm(shipped)
        _large_book(Path(large))
        large_cold, large_warm = _cold_and_warm(large)
        cache = Path(large) / "cache" / "rules-index.sqlite"
        return {
            "shipped_first_search_cold_ms": shipped_cold,
            "shipped_first_search_warm_ms": shipped_warm,
            "large_first_search_cold_ms": large_cold,
            "large_first_search_warm_ms": large_warm,
            "large_warm_over_shipped_warm": large_warm / shipped_warm,
            "large_warm_over_shipped_warm_target": 2.0,
            "large_cache_mib": cache.stat().st_size / 1024 / 1024,
        }


if __name__ == "__main__":
    result = main()
    print(f"article search, {result['queries']} queries (it and en), {ROUNDS} rounds")
    print(f"  with results              {result['queries_with_results']}")
    print(f"  first query (the index)   {result['first_query_ms']:.1f} ms (< {FIRST_TARGET_MS:g})")
    print(f"  later query, median       {result['query_median_ms']:.3f} ms")
    print(f"  later query, slowest      {result['query_max_ms']:.3f} ms (< {QUERY_TARGET_MS:g})")
    print(f"a new process's first search, medians of {PROCESS_ROUNDS}")
    print(f"  shipped books, cold       {result['shipped_first_search_cold_ms']:.1f} ms (builds)")
    print(f"  shipped books, warm       {result['shipped_first_search_warm_ms']:.1f} ms (kept)")
    cold, warm = result["large_first_search_cold_ms"], result["large_first_search_warm_ms"]
    print(f"  {LARGE_MIB} MiB book, cold        {cold:.0f} ms (builds)")
    print(f"  {LARGE_MIB} MiB book, warm        {warm:.1f} ms (kept)")
    print(f"  warm, large / shipped     {result['large_warm_over_shipped_warm']:.2f} (< 2)")
    print(f"  kept index, {LARGE_MIB} MiB book  {result['large_cache_mib']:.1f} MiB on disk")
