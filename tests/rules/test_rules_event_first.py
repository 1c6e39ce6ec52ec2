"""The night's question answered by the event's own regulation first: its articles before any
other book's (marked as another rulebook), English words finding its articles through their
English side, and a search it has nothing for saying so and citing VII.1-VII.2 (the Director
decides where the rules are silent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tdconsole.rules.books import EVENT_BOOK
from tdconsole.rules.search import search, silent, stem
from tdconsole.ui.rulebook import search as console_search

from .test_rules_cli import run, run_json

SILENT_EN = (
    "The Ordine's regulation says nothing of this: the Director decides, and his decision is "
    "final (Art. VII.1–VII.2)"
)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))


def books_in_order(query: str, limit: int = 10) -> list[str]:
    return [r.book for r in search(query, lang="en", limit=limit)]


@pytest.mark.parametrize(
    "query", ["player absent at the draw", "draw", "giocatore assente al sorteggio", "dealer error"]
)
def test_the_event_s_regulation_comes_before_the_other_books(query: str) -> None:
    books = books_in_order(query, limit=20)
    assert EVENT_BOOK in books and books[0] == EVENT_BOOK
    own = [i for i, book in enumerate(books) if book == EVENT_BOOK]
    assert own == list(range(len(own))), books  # none of another book's in between


def test_the_draw_of_the_tournament_is_not_mixed_with_draw_poker(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found: Any = run_json(capsys, "rule", "player", "absent", "at", "the", "draw", lang="en")
    first = found["results"][0]
    assert (first["book"], first["number"], first["other_book"]) == ("ordine", "II.2", False)
    assert found["silent"] is False and "articles" not in found
    others = [r for r in found["results"] if r["other_book"]]
    assert all(r["book"] != "ordine" for r in others)


@pytest.mark.parametrize("query", ["absent", "assente", "late", "ritardatario"])
def test_nothing_in_the_regulation_says_so_and_cites_vii_1_and_vii_2(
    capsys: pytest.CaptureFixture[str], query: str
) -> None:
    found: Any = run_json(capsys, "rule", query)
    assert found["silent"] is True and found["articles"] == ["VII.1", "VII.2"]
    assert all(r["other_book"] for r in found["results"])
    text = run(capsys, "rule", query, lang="en")
    assert text.splitlines()[0] == SILENT_EN
    assert "No article found" not in text


def test_late_lists_the_other_book_marked_after_the_silence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = run(capsys, "rule", "late").splitlines()
    assert lines[0] == (
        "Il regolamento dell'Ordine non ne dice nulla: decide il Direttore, e la sua decisione "
        "è inappellabile (Art. VII.1–VII.2)"
    )
    assert lines[1].startswith("Art. VIII [italiana-2, altro regolamento] — ")


def test_an_article_number_or_another_book_is_never_the_regulation_s_silence() -> None:
    assert not silent("XIII", search("XIII"))  # italiana-3's article: a number, not words
    assert not silent("late", search("late", book="italiana-2"), "italiana-2")
    assert silent("late", search("late", book="ordine"), "ordine")


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("disqualified", "VI.2"),
        ("player disqualified", "VI.2"),
        ("eliminated player", "2.4"),
        ("raising", "7.3"),
        ("betting out of turn", "6.4"),
    ],
)
def test_english_words_as_a_director_says_them_find_the_regulation(query: str, number: str) -> None:
    numbers = [r.number for r in search(query, lang="en", limit=5) if r.book == EVENT_BOOK]
    assert number in numbers, numbers


def test_english_endings_meet_and_italian_ones_are_as_before() -> None:
    assert {stem(w) for w in ("disqualified", "disqualification", "disqualify")} == {"disqualify"}
    assert {stem(w) for w in ("raise", "raised", "raising", "raises")} == {"rais"}
    assert {stem(w) for w in ("bet", "bets", "betting")} == {"bet"}
    assert stem("eliminated") == stem("elimination") == stem("eliminate")
    assert stem("piatti") == stem("piatto") and stem("bui") == stem("buio")


def test_the_console_marks_other_books_and_says_the_silence() -> None:
    found = console_search("late", "it")
    assert found.silent == ("VII.1", "VII.2") and "(Art. VII.1–VII.2)" in found.note
    assert found.hits and all(hit.other_book for hit in found.hits)
    asked = console_search("seconda dote", "it")
    assert not asked.silent and not asked.hits[0].other_book
