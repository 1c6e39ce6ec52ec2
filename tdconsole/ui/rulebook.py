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
    other_book: bool = False
    """Another book's article than the event's own regulation's (listed after them)."""


@dataclass(frozen=True)
class Found:
    hits: list[ArticleHit]
    silent: tuple[str, ...] = ()
    """The articles that govern when the event's regulation has nothing for the words
    (Art. VII.1-VII.2: the Director decides); empty when it has."""
    note: str = ""
    """What to say then, in the console's language."""


def available() -> bool:
    """Whether the search is installed, without importing it (the books load at first use)."""
    try:
        return importlib.util.find_spec("tdconsole.rules.search") is not None
    except ImportError:
        return False


def search(query: str, lang: str, limit: int = 12) -> Found:
    """Best matches first, the event's regulation's before the other books'; nothing when
    nothing matches or the search is missing."""
    if not query.strip():
        return Found([])
    try:
        module: Any = importlib.import_module("tdconsole.rules.search")
        books: Any = importlib.import_module("tdconsole.rules.books")
    except ImportError:
        return Found([])

    try:
        results = module.search(query, lang=lang, limit=limit)
    except RuleError:
        return Found([])
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
                other_book=bool(r.other_book),
            )
        )
    if not module.silent(query, results):
        return Found(hits)
    note = books.SILENT_WORDS.format(articles="–".join(books.SILENT)).text(lang)
    return Found(hits, tuple(books.SILENT), note)
