"""The shipped rulebooks: every article of the four seeds, numbered as the source writes it."""

from __future__ import annotations

import json

import pytest
from tdhelpers.support import seeds_dir

from tdconsole.rules import books
from tdconsole.rules.importer import parse_file

SEEDS = seeds_dir()
SEED_OF_BOOK = {
    "ordine": "002_bc0f76543959f702.txt",
    "italiana-2": "001_8446520a1598781e.txt",
    "italiana-3": "000_d964b8e9215f296e.txt",
    "santelia": "003_f3c44293f2e3eaac.txt",
}
needs_seeds = pytest.mark.skipif(
    not SEEDS.is_dir(), reason=f"the seed regulations are not at {SEEDS} (present in CI)"
)


def test_config_dir_is_the_repo_config() -> None:
    assert (books.config_dir() / "rulebooks" / "ordine.json").is_file()


def test_four_books_shipped_main_regulation_first() -> None:
    names = [b.book for b in books.shipped_books()]
    assert sorted(names) == sorted(SEED_OF_BOOK)
    assert names[0] == "ordine"


@needs_seeds
@pytest.mark.parametrize("book", sorted(SEED_OF_BOOK))
def test_rulebook_has_exactly_the_articles_of_its_seed(book: str) -> None:
    """Every article number the importer finds in the seed is in the book, and no other."""
    found = parse_file(SEEDS / SEED_OF_BOOK[book]).numbers
    shipped = [a.number for a in books.get_book(book).articles]
    assert shipped == found  # same numbers, same order, no duplicates


def test_ordine_numbers_as_written() -> None:
    """Art. I.1, II.5/II.6, III.4/III.5, VI.4-A, 3.1, 6.8-A…D, 9.1-A and the irregularities."""
    numbers = {a.number for a in books.get_book("ordine").articles}
    for n in (
        "I.1",
        "II.5",
        "II.6",
        "III.4",
        "III.5",
        "VI.4-A",
        "VI.4-C",
        "VII.8",
        "1.1",
        "3.1",
        "6.8-A",
        "6.8-B",
        "6.8-C",
        "6.8-D",
        "9.1-A",
        "10.6",
        "irr.1",
        "irr.2",
        "irr.3",
        "irr.3-A",
        "irr.3-B",
        "irr.3-C",
        "irr.5",
        "irr.6",
        "irr.7",
    ):
        assert n in numbers, n
    assert "irr.4" not in numbers  # missing in the source: not invented
    assert len(numbers) == 115


def test_every_article_has_both_languages_and_keywords() -> None:
    for book in books.shipped_books():
        for art in book.articles:
            for text in (art.title.it, art.title.en, art.summary.it, art.summary.en):
                assert text.strip(), (book.book, art.number)
            assert art.summary.it != art.summary.en
            assert art.keywords.it and art.keywords.en, (book.book, art.number)


def test_related_links_resolve_or_are_flagged_unavailable() -> None:
    known = {(b.book, a.number) for b in books.shipped_books() for a in b.articles}
    unavailable = []
    for book in books.shipped_books():
        for art in book.articles:
            for link in art.related:
                if link.available:
                    assert (link.book, link.number) in known, (book.book, art.number, link)
                else:
                    assert (link.book, link.number) not in known
                    unavailable.append((book.book, art.number, link.number))
    # Art. XII refers to Art. VI of part 1, which is not in any seed
    assert ("italiana-3", "XII", "VI") in unavailable


@needs_seeds
def test_summaries_do_not_copy_the_source() -> None:
    """Summaries are our own words: no run of 8 words is taken verbatim from a seed."""

    def shingles(text: str) -> set[tuple[str, ...]]:
        words = [w.strip(".,;:()«»\"'’").lower() for w in text.split()]
        return {tuple(words[i : i + 8]) for i in range(len(words) - 7)}

    for book, seed in SEED_OF_BOOK.items():
        source = shingles((SEEDS / seed).read_text(encoding="utf-8"))
        for art in books.get_book(book).articles:
            assert not shingles(art.summary.it) & source, (book, art.number)


def test_rulebook_files_are_plain_json_with_the_book_name() -> None:
    for path in books.rulebooks_dir().glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["book"] == path.stem
