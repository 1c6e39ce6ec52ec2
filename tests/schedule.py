"""The order of the tests under pytest-xdist: the longest first on every worker.

``--dist worksteal`` hands each of the n workers one contiguous n-th of the collected tests,
then moves tests from the end of a busy worker's share to an idle one. In the order of the
files, the few long tests (a night on the floor that waits a minute on a locked phone, the
damaged corpus, the evenings by keys) fall where they fall: often two on one worker, or one
starting when the others are nearly done, and the whole run waits for them. Here the long
tests (those of ``durations.txt``, a recorded ``pytest --durations`` list) are dealt to the
workers' shares longest first, each to the share with the least recorded time so far, and
each share is filled up with the other tests in their usual order. Long tests sharing a
fixture of a module (or class) stay together, so it is built once. Only the order changes:
every test still runs, with its own fixtures; and every worker computes the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

BROAD_SCOPES = ("module", "class", "package")  # a session fixture is one per worker anyway


class Item(Protocol):
    nodeid: str


T = TypeVar("T", bound=Item)


def recorded(path: Path) -> dict[str, float]:
    """Seconds per test id in a ``pytest --durations`` list (setup, call and teardown
    added up); lines of any other shape are skipped."""
    seconds: dict[str, float] = {}
    for line in path.read_text("utf-8").splitlines():
        parts = line.split()
        if len(parts) != 3 or parts[1] not in ("setup", "call", "teardown"):
            continue
        try:
            value = float(parts[0].removesuffix("s"))
        except ValueError:
            continue
        seconds[parts[2]] = seconds.get(parts[2], 0.0) + value
    return seconds


def shares(total: int, workers: int) -> list[int]:
    """How many tests worksteal hands each worker at first (xdist's own arithmetic)."""
    sizes = []
    left = total
    for i in range(workers):
        size = left // (workers - i)
        sizes.append(size)
        left -= size
    return sizes


def long_first(
    items: Sequence[T], workers: int, seconds: dict[str, float], group: dict[str, str]
) -> list[T]:
    """``items`` reordered for ``workers`` workers. ``group`` maps a test id to a key shared
    by the tests that must stay together (a fixture wider than a test); the others are
    alone."""
    sizes = shares(len(items), workers)
    units: dict[str, list[T]] = {}
    for item in items:
        if item.nodeid in seconds:
            units.setdefault(group.get(item.nodeid, item.nodeid), []).append(item)

    def cost(unit: list[T]) -> float:
        return sum(seconds[item.nodeid] for item in unit)

    chunks: list[list[T]] = [[] for _ in range(workers)]
    spent = [0.0] * workers
    for unit in sorted(units.values(), key=cost, reverse=True):
        room = [w for w in range(workers) if len(chunks[w]) + len(unit) <= sizes[w]]
        if not room:
            break  # more long tests than places: the rest keep their usual place
        chosen = min(room, key=lambda w: (spent[w], w))
        chunks[chosen].extend(sorted(unit, key=lambda i: seconds[i.nodeid], reverse=True))
        spent[chosen] += cost(unit)
    placed = {id(item) for chunk in chunks for item in chunk}
    rest = iter([item for item in items if id(item) not in placed])
    for w, chunk in enumerate(chunks):
        while len(chunk) < sizes[w]:
            chunk.append(next(rest))
    return [item for chunk in chunks for item in chunk]
