"""A small adapter over the rulebook search, so the rulings tab works with or without it."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

from tdconsole.domain.errors import RuleError


@dataclass(frozen=True)
class ArticleHit:
    book: str
    number: str
    title: str
    summary: str
    text: str | None
    related: tuple[str, ...]


def available() -> bool:
    """Whether the search is installed, without importing it (the books load at first use)."""
    try:
        return importlib.util.find_spec("tdconsole.rules.search") is not None
    except ImportError:
        return False


def search(query: str, lang: str, limit: int = 12) -> list[ArticleHit]:
    """Best matches first; an empty list when nothing matches or the search is missing."""
    if not query.strip():
        return []
    try:
        module: Any = importlib.import_module("tdconsole.rules.search")
    except ImportError:
        return []

    try:
        results = module.search(query, lang=lang, limit=limit)
    except RuleError:
        return []
    hits = []
    for r in results:
        related = tuple(
            f"{link.number}" if link.book == r.book else f"{link.book} {link.number}"
            for link in getattr(r, "related", ())
        )
        hits.append(
            ArticleHit(
                book=str(r.book),
                number=str(r.number),
                title=str(r.title),
                summary=str(r.summary),
                text=getattr(r, "text", None),
                related=related,
            )
        )
    return hits
