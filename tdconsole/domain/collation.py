"""Names in the order a person sorts them: the Unicode Collation Algorithm (pyuca, its default
table), so accents sort with their letter ("Ólafur" among the O's, "Zoë" after "Zeno") and
other scripts follow Latin in Unicode's order. Italian and English need no tailoring of it."""

from __future__ import annotations

from functools import cache
from typing import Any

from pyuca import Collator


@cache
def _collator() -> Any:
    """The collation's table, read at the first list of names (it takes a moment)."""
    return Collator()


def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """The sort key of ``name``: by the collation, then by the name itself (a stable tie)."""
    return (tuple(_collator().sort_key(name)), name)
