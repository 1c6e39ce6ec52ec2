"""The rulebooks' search index, built: each article's terms and weights (docs/rules-search.md).

Text is folded to lowercase without accents, and a light stemmer makes Italian singulars and
plurals (``piatto``/``piatti``, ``buio``/``bui``) and English plurals meet. The index holds,
per article, each term's frequency over its weighted fields (title, summary, keywords, section
and, when imported, its verbatim text), its length, its keyword phrases; per term, the articles
holding it and its weight (idf). ``tdconsole.rules.search_kept`` keeps it on disk.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from tdconsole.rules.books import (
    EVENT_BOOK,
    Book,
    ImportedBook,
    Link,
    imported_books,
    shipped_books,
)

WEIGHTS = {"keywords": 3.0, "title": 2.5, "summary": 1.0, "section": 0.4, "text": 0.5}

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
_ALL_IN = re.compile(r"\ball[\s-]+in\b")
_NOT_ASCII = re.compile(r"[^\x00-\x7f]+")


def _unmarked(found: re.Match[str]) -> str:
    return "".join(c for c in found.group() if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Lowercase, without accents, typographic apostrophes made plain."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    # All ASCII, the common case, at C speed (a 15 MiB rulebook in a moment); else the accents
    # dropped from the runs of other characters only (an Italian text is mostly ASCII).
    plain = decomposed if decomposed.isascii() else _NOT_ASCII.sub(_unmarked, decomposed)
    return _ALL_IN.sub("allin", plain.replace("’", "'"))


_ENGLISH = (("ication", "y"), ("ation", "ate"), ("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""))
"""English endings made one: ``disqualified``/``disqualification`` → ``disqualify``,
``eliminated``/``elimination`` → ``eliminate``, ``raising``/``raised`` → ``rais``. No Italian
word ends so, except loanwords, which then meet their English forms."""
_DOUBLED = re.compile(r"([^lsz])\1$")


def stem(token: str) -> str:
    """Italian singular/plural and English plural and verb endings removed (a stemmer,
    lite)."""
    if token.isdigit() or len(token) <= 3:
        return token
    for ending, instead in _ENGLISH:
        if token.endswith(ending) and len(token) - len(ending) >= 3:
            if not instead:  # raising → rais, as raise; betting → bet; checked → check
                return _DOUBLED.sub(r"\1", token[: -len(ending)])
            token = token[: -len(ending)] + instead
            break
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
            "other_book": self.other_book,
        }

    @property
    def other_book(self) -> bool:
        """Whether the article is another book's than the event's own regulation."""
        return self.book != EVENT_BOOK


@dataclass
class IndexedDoc:
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
    docs: list[IndexedDoc]
    idf: dict[str, float]
    avg_length: float
    postings: dict[str, list[int]]


def _add_field(doc: IndexedDoc, text: str, weight: float) -> None:
    toks = terms(text)
    for t, n in Counter(toks).items():  # (counted at C speed: a long article has many words)
        doc.tf[t] = doc.tf.get(t, 0.0) + weight * n
    doc.length += weight * len(toks)


def _shipped_doc(book: Book, order: int, verbatim: dict[str, str]) -> list[IndexedDoc]:
    docs = []
    for i, art in enumerate(book.articles):
        doc = IndexedDoc(
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


def _imported_only_docs(book: ImportedBook, order: int) -> list[IndexedDoc]:
    docs = []
    for i, art in enumerate(book.articles):
        summary = art.text if len(art.text) <= 240 else art.text[:237].rstrip() + "…"
        title = art.title or ""
        doc = IndexedDoc(
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
    docs: list[IndexedDoc] = []
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
