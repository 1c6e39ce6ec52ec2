"""Names in the order a person sorts them: the Unicode Collation Algorithm (pyuca, its default
table), so accents sort with their letter ("Ólafur" among the O's, "Zoë" after "Zeno") and
other scripts follow Latin in Unicode's order. Italian and English need no tailoring of it."""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def _collator() -> Any:
    # lazy: reading the table takes a moment, paid at the first list of names only
    from pyuca import Collator

    return Collator()


def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """The sort key of ``name``: by the collation, then by the name itself (a stable tie)."""
    return (tuple(_collator().sort_key(name)), name)
