"""Search the rulebooks by article number or by words, in Italian and English.

A small BM25F ranking over each article's title, summary, keywords (both languages, so a query
in either language finds the article) and, when imported, its verbatim text; plus a bonus when
the whole query is one of the article's keywords, and an exact-number match that beats any word
match. Text is folded to lowercase without accents, and a light stemmer makes Italian singulars
and plurals (``piatto``/``piatti``, ``buio``/``bui``) and English plurals meet.

The index is built on the first query (never at import time), kept on disk for the next
process (``tdconsole.rules.search_kept``) and rebuilt only when a book changes.
"""

from __future__ import annotations

import re

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.rules.books import EVENT_BOOK, Lang
from tdconsole.rules.search_index import SearchResult, fold, stem, terms
from tdconsole.rules.search_kept import Searchable, build_and_keep, get_index, index_key, rebuilt
from tdconsole.store.index_cache import DamagedCache

__all__ = [
    "SearchResult",
    "fold",
    "normalize_number",
    "search",
    "search_in",
    "silent",
    "stem",
    "terms",
]

K1 = 1.2
B = 0.5
NUMBER_EXACT = 1000.0
NUMBER_PREFIX = 500.0
KEYWORD_PHRASE = 4.0
_NUMBER = re.compile(r"^(?:irr\.?\s*)?((?:[ivxlc]+|\d+)(?:\.\d+)?)(?:\s*-?\s*([a-d]))?\.?$")
_ART_PREFIX = re.compile(r"^(?:art(?:icolo|icle)?\.?|§)\s*", re.IGNORECASE)


def normalize_number(query: str) -> str | None:
    """``Art. 6.8-b`` → ``6.8-B``, ``art iii.3`` → ``III.3``, ``irr 3-a`` → ``irr.3-A``."""
    q = _ART_PREFIX.sub("", query.strip()).strip()
    m = _NUMBER.match(q.lower())
    if not m:
        return None
    base = m.group(1).upper()
    number = f"{base}-{m.group(2).upper()}" if m.group(2) else base
    return f"irr.{number}" if q.lower().startswith("irr") else number


def _number_scores(index: Searchable, query: str) -> dict[int, float]:
    number = normalize_number(query)
    if number is None:
        return {}
    want = number.upper()
    same, under = index.numbered(want, (want + ".", want + "-"))
    scores = dict.fromkeys(same, NUMBER_EXACT) | dict.fromkeys(under, NUMBER_PREFIX)
    return {i: scores[i] for i in sorted(scores)}


def search(
    query: str, *, book: str | None = None, lang: Lang = "it", limit: int = 10
) -> list[SearchResult]:
    """Best matches first. ``book`` restricts to one book; ``lang`` picks the summary language."""
    if not query.strip():
        raise RuleError(
            _("empty query: give an article number (e.g. 'III.3') or some words"),
        )
    if lang not in ("it", "en"):
        raise RuleError(
            _("unknown language {lang!r}: use 'it' or 'en'").format(lang=lang),
        )
    try:
        return search_in(get_index(), query, book, lang, limit)
    except DamagedCache:  # the kept index is unreadable after all: build it afresh
        key = index_key()
        rebuilt.clear()
        rebuilt[key] = build_and_keep()
        return search_in(rebuilt[key], query, book, lang, limit)


def search_in(
    index: Searchable, query: str, book: str | None = None, lang: Lang = "it", limit: int = 10
) -> list[SearchResult]:
    """``search`` over the given index (built here, or kept on disk): the same answers."""
    if book is not None and not index.has_book(book):
        raise RuleError(
            _("no rulebook named {book!r}; see `rules list` for the names").format(book=book),
        )
    scores = _number_scores(index, query)
    if not scores:
        qterms = terms(query)
        phrase = " ".join(qterms)
        found = {t: index.term(t) for t in set(qterms)}
        for posting in found.values():
            if posting is None:
                continue
            idf, ids, tfs = posting
            for i, tf in zip(ids, tfs, strict=True):
                norm = K1 * (1 - B + B * index.length(i) / index.avg_length)
                scores[i] = scores.get(i, 0.0) + idf * tf * (K1 + 1) / (tf + norm)
        if phrase:
            having = index.phrased(phrase, scores)
            for i in list(scores):
                if i in having:
                    scores[i] += (
                        KEYWORD_PHRASE
                        * sum((found[t] or (0.0,))[0] for t in qterms)
                        / max(1, len(qterms))
                    )
    # The event's own regulation first, whatever another book scores: it is the one that
    # governs the evening; the others follow, marked (``SearchResult.other_book``).
    ranked = sorted(
        (i for i in scores if book is None or index.book_of(i) == book),
        key=lambda i: (index.book_of(i) != EVENT_BOOK, -scores[i], *index.rank(i)),
    )
    return index.results(ranked[: max(0, limit)], lang, scores)


def silent(query: str, results: list[SearchResult], book: str | None = None) -> bool:
    """Whether words searched in the event's regulation found nothing there: the Director
    then decides (``books.SILENT``, Art. VII.1-VII.2). An article number is not words."""
    if book not in (None, EVENT_BOOK) or normalize_number(query) is not None:
        return False
    return not any(r.book == EVENT_BOOK for r in results)
