"""Where a name's TR39 skeleton comes from (``identity.looks_alike``): the ``disarm`` library
where it is installed, else its own answers from the table it gave (``lookalike_table.py``,
written by ``.ci/lookalike_table.py``). disarm has no wheel for Windows on ARM and its source
needs Rust, so pyproject.toml leaves it out there.

Without disarm, its pipeline runs on the table: the characters that show nothing dropped, NFKC,
then each character replaced by its skeleton and NFKC again until nothing changes, spaces
collapsed. ``tests/domain/test_lookalike.py`` checks both give one answer for every character
and for names.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Callable
from functools import cache

disarm_key: Callable[[str], str] | None
try:
    from disarm import skeleton_key as disarm_key
except ImportError:  # (Windows on ARM: no wheel)
    disarm_key = None

_ROUNDS = 8
"""More than any character needs for its skeleton to stop changing (two)."""


def skeleton_key(text: str) -> str:
    """TR39's skeleton of ``text`` (disarm's ``skeleton_key``); text of spaces as it is."""
    return source()(text) if text.strip() else text


@cache
def source() -> Callable[[str], str]:
    """disarm's ``skeleton_key`` where it is installed, else ``table_key``."""
    return table_key if disarm_key is None else disarm_key


def table_key(text: str) -> str:
    """disarm's ``skeleton_key``, from its table."""
    of = table().of
    text = unicodedata.normalize("NFKC", "".join(ch for ch in text if of(ch) != ""))
    for _ in range(_ROUNDS):
        mapped = unicodedata.normalize("NFKC", "".join(map(of, text)))
        if mapped == text:
            break
        text = mapped
    return " ".join(text.split())


class Table:
    """The table read: single characters, and the runs of those that show nothing."""

    def __init__(self, text: str) -> None:
        self.single: dict[str, str] = {}
        self.firsts: list[int] = []
        self.lasts: list[int] = []
        for entry in text.split():
            codes, _, shown = entry.partition(":")
            first, _, last = codes.partition("-")
            if last:
                self.firsts.append(int(first, 16))
                self.lasts.append(int(last, 16))
            else:
                self.single[chr(int(first, 16))] = "".join(
                    chr(int(code, 16)) for code in shown.split(".") if code
                )

    def of(self, ch: str) -> str:
        """``ch``'s skeleton."""
        shown = self.single.get(ch)
        if shown is not None:
            return shown
        at = bisect_right(self.firsts, ord(ch)) - 1
        return "" if at >= 0 and ord(ch) <= self.lasts[at] else ch


@cache
def table() -> Table:
    """The table, read the first time it is needed."""
    # lazy: read only where disarm is missing (its 75 kB of text)
    from tdconsole.domain.lookalike_table import TABLE

    return Table(TABLE)
