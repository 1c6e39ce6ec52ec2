"""Rulebooks as data: the shipped books in ``config/rulebooks`` and the ones a club imports.

Nothing is read at import time: every loader is called on demand and cached.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings_help import config_dir
from tdconsole.domain.texts import escape
from tdconsole.i18n import _
from tdconsole.store.paths import data_dir

EVENT_BOOK = "ordine"
"""The event's own regulation (the Ordine's, seed 002): its articles answer first; the other
books are for clubs that also play Poker all'Italiana."""
SILENT = ("VII.1", "VII.2")
"""Where the event's regulation is silent the Director decides, and his decision is final."""
SILENT_WORDS = _(
    "The Ordine's regulation says nothing of this: the Director decides, and his decision is "
    "final (Art. {articles})"
)
"""What a search says when the event's regulation has no article for its words."""

Lang = Literal["it", "en"]
LANGS: tuple[Lang, ...] = ("it", "en")
BOOK_NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


class Text(BaseModel):
    """The same words in the console's two languages."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    it: str
    en: str

    def get(self, lang: Lang) -> str:
        return self.it if lang == "it" else self.en


class Keywords(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    it: tuple[str, ...] = ()
    en: tuple[str, ...] = ()


class Link(BaseModel):
    """A cross-reference. ``available`` is false for articles that are not in any book."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    book: str
    number: str
    available: bool = True
    note: str | None = None


class Article(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    number: str
    section: Text | None = None
    title: Text
    summary: Text
    keywords: Keywords = Keywords()
    related: tuple[Link, ...] = ()


class Book(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    book: str
    title: Text
    description: Text
    source: str | None = None
    priority: int = 50
    articles: tuple[Article, ...]

    def article(self, number: str) -> Article | None:
        for art in self.articles:
            if art.number == number:
                return art
        return None


class ImportedArticle(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    number: str
    title: str | None = None
    text: str

    @field_validator("number", "title")
    @classmethod
    def _escape_line(cls, value: str | None) -> str | None:
        """A file imported by an older version may hold controls: read escaped."""
        return None if value is None else escape(value)

    @field_validator("text")
    @classmethod
    def _escape_prose(cls, value: str) -> str:
        return escape(value, keep_lines=True)


class ImportedBook(BaseModel):
    """A regulation text a club imported (``rules import``): the verbatim articles."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    source: str
    imported_at: str
    articles: tuple[ImportedArticle, ...] = Field(default_factory=tuple)

    @field_validator("source", "imported_at")
    @classmethod
    def _escape_line(cls, value: str) -> str:
        return escape(value)

    def text_of(self, number: str) -> str | None:
        for art in self.articles:
            if art.number == number:
                return art.text
        return None


def rulebooks_dir() -> Path:
    return config_dir() / "rulebooks"


def imported_dir() -> Path:
    return data_dir() / "rulebooks"


@lru_cache(maxsize=4)
def _shipped(directory: Path) -> tuple[Book, ...]:
    books = [
        Book.model_validate_json(path.read_text(encoding="utf-8"))
        for path in sorted(directory.glob("*.json"))
    ]
    return tuple(sorted(books, key=lambda b: (b.priority, b.book)))


def shipped_books() -> tuple[Book, ...]:
    """Every shipped rulebook, the main regulation first."""
    return _shipped(rulebooks_dir())


def imported_signature(directory: Path) -> tuple[tuple[str, int], ...]:
    if not directory.is_dir():
        return ()
    return tuple((p.name, p.stat().st_mtime_ns) for p in sorted(directory.glob("*.json")))


@lru_cache(maxsize=4)
def _imported(directory: Path, signature: tuple[tuple[str, int], ...]) -> tuple[ImportedBook, ...]:
    del signature  # part of the cache key only
    return tuple(
        ImportedBook.model_validate_json((directory / name).read_text(encoding="utf-8"))
        for name in sorted(n for n in (p.name for p in directory.glob("*.json")))
    )


def imported_books() -> tuple[ImportedBook, ...]:
    """The imported texts in the data directory (re-read when a file changes)."""
    directory = imported_dir()
    return _imported(directory, imported_signature(directory))


def imported(name: str) -> ImportedBook | None:
    for book in imported_books():
        if book.name == name:
            return book
    return None


def book_names() -> list[str]:
    names = [b.book for b in shipped_books()]
    names += [b.name for b in imported_books() if b.name not in names]
    return names


def get_book(name: str) -> Book:
    for book in shipped_books():
        if book.book == name:
            return book
    raise RuleError(
        _("no shipped rulebook named {name!r}; see `rules list` for the names").format(name=name),
    )


def check_book_name(name: str) -> str:
    if not BOOK_NAME.match(name):
        raise RuleError(
            _(
                "invalid book name {name!r}: use lowercase letters, digits "
                "and '-', starting with a letter (e.g. 'ordine')"
            ).format(name=name),
        )
    return name


def verbatim(book: str, number: str) -> str | None:
    """The imported verbatim text of an article, when the club imported that book."""
    found = imported(book)
    return found.text_of(number) if found else None
