"""Search the rulebooks by article number or by words, in Italian and English.

A small BM25F ranking over each article's title, summary, keywords (both languages, so a query
in either language finds the article) and, when imported, its verbatim text; plus a bonus when
the whole query is one of the article's keywords, and an exact-number match that beats any word
match. Text is folded to lowercase without accents, and a light stemmer makes Italian singulars
and plurals (``piatto``/``piatti``, ``buio``/``bui``) and English plurals meet.

The index is built on the first query (never at import time) and rebuilt only when an imported
book changes.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.rules.books import (
    Book,
    ImportedBook,
    Lang,
    Link,
    imported_books,
    imported_dir,
    imported_signature,
    shipped_books,
)

K1 = 1.2
B = 0.5
WEIGHTS = {"keywords": 3.0, "title": 2.5, "summary": 1.0, "section": 0.4, "text": 0.5}
NUMBER_EXACT = 1000.0
NUMBER_PREFIX = 500.0
KEYWORD_PHRASE = 4.0

_STOPWORDS_TEXT = """
    il lo la i gli le l un uno una un' di d del dello della dei degli delle a ad al allo alla ai
    agli alle da dal dallo dalla dai dagli dalle in nel nello nella nei negli nelle con col su sul
    sullo sulla sui per tra fra e ed o od che chi cui non si se come quando cosa quale quali e
    sono ha hanno ho c ci ne mi ti suo sua suoi sue loro questo questa quello quella piu deve
    puo art articolo articoli regola regolamento
    the of an and or to on for with is are was be been what when who whom how does do did if at
    by from it its not no this that these those his her their can may must should which
    article articles rule rules
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

_TOKEN = re.compile(r"[a-z0-9]+")
_NUMBER = re.compile(r"^(?:irr\.?\s*)?((?:[ivxlc]+|\d+)(?:\.\d+)?)(?:\s*-?\s*([a-d]))?\.?$")
_ART_PREFIX = re.compile(r"^(?:art(?:icolo|icle)?\.?|§)\s*", re.IGNORECASE)
_ALL_IN = re.compile(r"\ball[\s-]+in\b")


def fold(text: str) -> str:
    """Lowercase, without accents, typographic apostrophes made plain."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    if decomposed.isascii():  # the common case, at C speed (a 15 MiB rulebook in a moment)
        plain = decomposed
    else:
        plain = "".join(c for c in decomposed if c.isascii() or not unicodedata.combining(c))
    return _ALL_IN.sub("allin", plain.replace("’", "'"))


def stem(token: str) -> str:
    """Italian singular/plural and English plural endings removed (a stemmer, lite)."""
    if token.isdigit() or len(token) <= 3:
        return token
    if token.endswith("s") and not token.endswith("ss"):
        token = token[:-1]
    for suffix in ("hi", "he", "io", "ie", "i", "e", "a", "o"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token


@lru_cache(maxsize=200_000)
def _term(token: str) -> str | None:
    """A token's term (its stem), or None for a stopword: a rulebook repeats its words, so
    each distinct one is stemmed once."""
    return None if token in STOPWORDS else stem(token)


def terms(text: str) -> list[str]:
    found = (_term(t) for t in _TOKEN.findall(fold(text)))
    return [t for t in found if t is not None]


def normalize_number(query: str) -> str | None:
    """``Art. 6.8-b`` → ``6.8-B``, ``art iii.3`` → ``III.3``, ``irr 3-a`` → ``irr.3-A``."""
    q = _ART_PREFIX.sub("", query.strip()).strip()
    m = _NUMBER.match(q.lower())
    if not m:
        return None
    base = m.group(1).upper()
    number = f"{base}-{m.group(2).upper()}" if m.group(2) else base
    return f"irr.{number}" if q.lower().startswith("irr") else number


@dataclass(frozen=True)
class SearchResult:
    book: str
    number: str
    title: str
    summary: str
    score: float
    text: str | None = None
    related: tuple[Link, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "book": self.book,
            "number": self.number,
            "title": self.title,
            "summary": self.summary,
            "score": round(self.score, 3),
            "text": self.text,
            "related": [link.model_dump(exclude_none=True) for link in self.related],
        }


@dataclass
class _Doc:
    book: str
    number: str
    priority: int
    order: int
    titles: dict[str, str]
    summaries: dict[str, str]
    text: str | None
    related: tuple[Link, ...]
    tf: dict[str, float] = field(default_factory=dict)
    length: float = 0.0
    phrases: frozenset[str] = frozenset()


@dataclass
class Index:
    docs: list[_Doc]
    idf: dict[str, float]
    avg_length: float
    postings: dict[str, list[int]]


def _add_field(doc: _Doc, text: str, weight: float) -> None:
    toks = terms(text)
    for t, n in Counter(toks).items():  # (counted at C speed: a long article has many words)
        doc.tf[t] = doc.tf.get(t, 0.0) + weight * n
    doc.length += weight * len(toks)


def _shipped_doc(book: Book, order: int, verbatim: dict[str, str]) -> list[_Doc]:
    docs = []
    for i, art in enumerate(book.articles):
        doc = _Doc(
            book=book.book,
            number=art.number,
            priority=book.priority,
            order=order * 10_000 + i,
            titles={"it": art.title.it, "en": art.title.en},
            summaries={"it": art.summary.it, "en": art.summary.en},
            text=verbatim.get(art.number),
            related=art.related,
        )
        _add_field(doc, f"{art.title.it} {art.title.en}", WEIGHTS["title"])
        _add_field(doc, f"{art.summary.it} {art.summary.en}", WEIGHTS["summary"])
        kws = (*art.keywords.it, *art.keywords.en)
        _add_field(doc, " ".join(kws), WEIGHTS["keywords"])
        if art.section:
            _add_field(doc, f"{art.section.it} {art.section.en}", WEIGHTS["section"])
        if doc.text:
            _add_field(doc, doc.text, WEIGHTS["text"])
        doc.phrases = frozenset(" ".join(terms(k)) for k in kws)
        docs.append(doc)
    return docs


def _imported_only_docs(book: ImportedBook, order: int) -> list[_Doc]:
    docs = []
    for i, art in enumerate(book.articles):
        summary = art.text if len(art.text) <= 240 else art.text[:237].rstrip() + "…"
        title = art.title or ""
        doc = _Doc(
            book=book.name,
            number=art.number,
            priority=100,
            order=order * 10_000 + i,
            titles={"it": title, "en": title},
            summaries={"it": summary, "en": summary},
            text=art.text,
            related=(),
        )
        _add_field(doc, title, WEIGHTS["title"])
        _add_field(doc, art.text, WEIGHTS["summary"])
        docs.append(doc)
    return docs


def build_index() -> Index:
    shipped = shipped_books()
    imported = {b.name: b for b in imported_books()}
    docs: list[_Doc] = []
    for order, book in enumerate(shipped):
        extra = imported.pop(book.book, None)
        verbatim = {a.number: a.text for a in extra.articles} if extra else {}
        docs += _shipped_doc(book, order, verbatim)
    for order, extra in enumerate(imported.values(), start=len(shipped)):
        docs += _imported_only_docs(extra, order)
    postings: dict[str, list[int]] = {}
    for i, doc in enumerate(docs):
        for t in doc.tf:
            postings.setdefault(t, []).append(i)
    n = len(docs)
    idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
    avg = sum(d.length for d in docs) / n if n else 1.0
    return Index(docs=docs, idf=idf, avg_length=avg or 1.0, postings=postings)


@lru_cache(maxsize=2)
def _cached_index(signature: tuple[tuple[str, int], ...]) -> Index:
    del signature
    return build_index()


def get_index() -> Index:
    return _cached_index(imported_signature(imported_dir()))


def _number_scores(index: Index, query: str) -> dict[int, float]:
    number = normalize_number(query)
    if number is None:
        return {}
    want = number.upper()
    scores: dict[int, float] = {}
    for i, doc in enumerate(index.docs):
        have = doc.number.upper()
        if have == want:
            scores[i] = NUMBER_EXACT
        elif have.startswith((want + ".", want + "-")):
            scores[i] = NUMBER_PREFIX
    return scores


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
    index = get_index()
    if book is not None and not any(d.book == book for d in index.docs):
        raise RuleError(
            _("no rulebook named {book!r}; see `rules list` for the names").format(book=book),
        )
    scores = _number_scores(index, query)
    if not scores:
        qterms = terms(query)
        phrase = " ".join(qterms)
        for t in set(qterms):
            idf = index.idf.get(t)
            if idf is None:
                continue
            for i in index.postings[t]:
                doc = index.docs[i]
                tf = doc.tf[t]
                norm = K1 * (1 - B + B * doc.length / index.avg_length)
                scores[i] = scores.get(i, 0.0) + idf * tf * (K1 + 1) / (tf + norm)
        if phrase:
            for i in list(scores):
                if phrase in index.docs[i].phrases:
                    scores[i] += (
                        KEYWORD_PHRASE
                        * sum(index.idf.get(t, 0.0) for t in qterms)
                        / max(1, len(qterms))
                    )
    ranked = sorted(
        (i for i in scores if book is None or index.docs[i].book == book),
        key=lambda i: (-scores[i], index.docs[i].priority, index.docs[i].order),
    )
    results = []
    for i in ranked[: max(0, limit)]:
        doc = index.docs[i]
        results.append(
            SearchResult(
                book=doc.book,
                number=doc.number,
                title=doc.titles[lang],
                summary=doc.summaries[lang],
                score=scores[i],
                text=doc.text,
                related=doc.related,
            )
        )
    return results
