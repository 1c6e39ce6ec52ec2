"""The search index kept on disk between processes (``tdconsole.store.index_cache``).

The first search of a process opens the index an earlier process kept, when it is whole and
for these very books (its key: the digest of the books and of the search code); else it builds
the index and keeps it. A kept index found damaged while searching is replaced by one built
afresh. Within a process the index is held until an imported book changes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tdconsole.rules import books, search_index
from tdconsole.rules.books import Lang, Link, imported_dir, imported_signature, rulebooks_dir
from tdconsole.rules.search_index import Index, SearchResult, build_index
from tdconsole.store import index_cache
from tdconsole.store.index_cache import (
    CachedIndex,
    DamagedCache,
    DocRow,
    IndexData,
    cache_path,
    code_digest,
    digest_of,
    open_index,
    sources_seen,
    write_index,
)


def as_data(index: Index) -> IndexData:
    """The built index in plain values, for the cache."""
    docs = [
        DocRow(
            book=d.book,
            number=d.number,
            priority=d.priority,
            order=d.order,
            length=d.length,
            fields=json.dumps(
                {
                    "titles": d.titles,
                    "summaries": d.summaries,
                    "text": d.text,
                    "related": [link.model_dump() for link in d.related],
                },
                ensure_ascii=False,
            ),
        )
        for d in index.docs
    ]
    terms_ = {
        t: (index.idf[t], ids, [index.docs[i].tf[t] for i in ids])
        for t, ids in index.postings.items()
    }
    phrases = ((p, i) for i, d in enumerate(index.docs) for p in d.phrases)
    return IndexData(docs=docs, terms=terms_, phrases=phrases, avg_length=index.avg_length)


class Shown(BaseModel):
    """An article's shown fields as kept (``as_data``), checked as they are read back."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    titles: dict[str, str]
    summaries: dict[str, str]
    text: str | None
    related: tuple[Link, ...]


class Built:
    """A search over the index built in this process."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self.avg_length = index.avg_length

    def has_book(self, book: str) -> bool:
        return any(d.book == book for d in self.index.docs)

    def numbered(self, exact: str, prefixes: tuple[str, ...]) -> tuple[list[int], list[int]]:
        same, under = [], []
        for i, doc in enumerate(self.index.docs):
            have = doc.number.upper()
            if have == exact:
                same.append(i)
            elif have.startswith(prefixes):
                under.append(i)
        return same, under

    def term(self, t: str) -> tuple[float, Sequence[int], Sequence[float]] | None:
        idf = self.index.idf.get(t)
        if idf is None:
            return None
        ids = self.index.postings[t]
        return idf, ids, [self.index.docs[i].tf[t] for i in ids]

    def phrased(self, phrase: str, ids: Iterable[int]) -> set[int]:
        return {i for i in ids if phrase in self.index.docs[i].phrases}

    def length(self, i: int) -> float:
        return self.index.docs[i].length

    def book_of(self, i: int) -> str:
        return self.index.docs[i].book

    def rank(self, i: int) -> tuple[int, int]:
        return self.index.docs[i].priority, self.index.docs[i].order

    def results(
        self, ids: Sequence[int], lang: Lang, scores: Mapping[int, float]
    ) -> list[SearchResult]:
        out = []
        for i in ids:
            doc = self.index.docs[i]
            out.append(
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
        return out


class Kept:
    """A search over the index kept on disk by an earlier process (store.index_cache)."""

    def __init__(self, kept: CachedIndex) -> None:
        self.kept = kept
        self.avg_length = kept.avg_length
        self.shown: dict[int, tuple[str, Shown]] = {}
        """The articles already shown, read and checked (the file is opened immutable: read
        again, they would be the same): each is read once, however often it is shown."""

    def has_book(self, book: str) -> bool:
        return self.kept.has_book(book)

    def numbered(self, exact: str, prefixes: tuple[str, ...]) -> tuple[list[int], list[int]]:
        return self.kept.numbered(exact, prefixes)

    def term(self, t: str) -> tuple[float, Sequence[int], Sequence[float]] | None:
        return self.kept.term(t)

    def phrased(self, phrase: str, ids: Iterable[int]) -> set[int]:
        return self.kept.with_phrase(phrase).intersection(ids)

    def length(self, i: int) -> float:
        return self.kept.lengths[i]

    def book_of(self, i: int) -> str:
        return self.kept.books[self.kept.book_of[i]]

    def rank(self, i: int) -> tuple[int, int]:
        return self.kept.priority[i], self.kept.order[i]

    def results(
        self, ids: Sequence[int], lang: Lang, scores: Mapping[int, float]
    ) -> list[SearchResult]:
        unread = [i for i in ids if i not in self.shown]
        for i, (number, fields) in zip(unread, self.kept.shown(unread), strict=True):
            try:
                self.shown[i] = number, Shown.model_validate_json(fields)
            except (ValueError, RecursionError) as exc:
                raise DamagedCache from exc  # (pydantic's ValidationError is a ValueError)
        out = []
        for i in ids:
            number, shown = self.shown[i]
            try:
                title, summary = shown.titles[lang], shown.summaries[lang]
            except KeyError as exc:
                raise DamagedCache from exc
            out.append(
                SearchResult(
                    book=self.book_of(i),
                    number=number,
                    title=title,
                    summary=summary,
                    score=scores[i],
                    text=shown.text,
                    related=shown.related,
                )
            )
        return out


Searchable = Built | Kept

CODE_FILES = (*(Path(m.__file__ or "") for m in (search_index, books, index_cache)), Path(__file__))
"""The search code whose version is part of the cache's key (its folding, stemming, weights)."""


@lru_cache(maxsize=1)
def code_version() -> str:
    return code_digest(CODE_FILES)


def _book_files() -> list[Path]:
    files = sorted(rulebooks_dir().glob("*.json"))
    directory = imported_dir()
    if directory.is_dir():
        files += sorted(directory.glob("*.json"))
    return files


def build_and_keep() -> Built:
    """Build the index, and keep it on disk when the books did not change meanwhile."""
    code, files = code_version(), _book_files()
    seen = sources_seen(code, files)
    built = Built(build_index())
    digest = digest_of(code, files)
    if _book_files() == files and sources_seen(code, files) == seen:
        write_index(cache_path(), as_data(built.index), seen, digest)
    return built


@lru_cache(maxsize=2)
def cached_index(directory: Path, signature: tuple[tuple[str, int], ...]) -> Searchable:
    """The kept index when it is whole and for these books, else one built (and kept)."""
    del directory, signature  # the cache's key only
    code, files = code_version(), _book_files()
    kept = open_index(cache_path(), sources_seen(code, files), lambda: digest_of(code, files))
    return Kept(kept) if kept is not None else build_and_keep()


rebuilt: dict[tuple[Path, tuple[tuple[str, int], ...]], Built] = {}
"""An index built because the kept one proved damaged while searching (this process)."""


def index_key() -> tuple[Path, tuple[tuple[str, int], ...]]:
    directory = imported_dir()
    return directory, imported_signature(directory)


def get_index() -> Searchable:
    key = index_key()
    return rebuilt.get(key) or cached_index(*key)
