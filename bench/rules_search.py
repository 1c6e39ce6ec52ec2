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
        "large_book_first_query_ms": large_book_first_query_ms(),
        "bench_seconds": time.perf_counter() - started,
    }


LARGE_MIB = 15
"""An imported rulebook this large (within the import's limit) is timed too: its first query
builds the index of its every word (issue 24: it took 8-13 s)."""


def large_book_first_query_ms() -> float:
    """The first query with a ``LARGE_MIB`` MiB imported rulebook, in a data folder of its own."""
    import random
    import tempfile

    from tdconsole.cli import main as cli
    from tdconsole.rules import search as module

    rng = random.Random(1)
    words = [
        "".join(rng.choice("abcdefilmnoprstu") for _ in range(rng.randint(3, 10)))
        for _ in range(20_000)
    ]
    saved = os.environ.get("TDCONSOLE_DATA_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TDCONSOLE_DATA_DIR"] = folder
        try:
            text, size, number = [], 0, 0
            while size < LARGE_MIB * 1024 * 1024:
                number += 1
                body = " ".join(rng.choice(words) for _ in range(400))
                part = f"Art. {number} - Titolo {number}\n\n{body}\n\n"
                text.append(part)
                size += len(part)
            book = Path(folder) / "grande.txt"
            book.write_text("".join(text), encoding="utf-8")
            cli(["--lang", "en", "rules", "import", str(book), "--name", "grande"])
            module._cached_index.cache_clear()
            t = time.perf_counter()
            module.search("seconda dote")
            return (time.perf_counter() - t) * 1000
        finally:
            module._cached_index.cache_clear()
            if saved is None:
                os.environ.pop("TDCONSOLE_DATA_DIR", None)
            else:
                os.environ["TDCONSOLE_DATA_DIR"] = saved


if __name__ == "__main__":
    result = main()
    print(f"article search, {result['queries']} queries (it and en), {ROUNDS} rounds")
    print(f"  with results              {result['queries_with_results']}")
    print(f"  first query (the index)   {result['first_query_ms']:.1f} ms (< {FIRST_TARGET_MS:g})")
    print(f"  later query, median       {result['query_median_ms']:.3f} ms")
    print(f"  later query, slowest      {result['query_max_ms']:.3f} ms (< {QUERY_TARGET_MS:g})")
    print(f"  first query, {LARGE_MIB} MiB book  {result['large_book_first_query_ms']:.0f} ms")
