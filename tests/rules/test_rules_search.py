"""Search by number or words, Italian and English, best match first."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import RuleError
from tdconsole.rules.search import fold, normalize_number, search, stem

EXPECTED_FIRST = [
    # by number
    ("III.3", "ordine", "III.3"),
    ("7.7", "ordine", "7.7"),
    ("Art. 4.2", "ordine", "4.2"),  # the main regulation first; santelia has a 4.2 too
    ("art 6.8-b", "ordine", "6.8-B"),
    ("Art. 6.8b", "ordine", "6.8-B"),
    ("art. vi.4-a", "ordine", "VI.4-A"),
    ("XIII", "italiana-3", "XIII"),
    ("irr 3-a", "ordine", "irr.3-A"),
    ("6.8", "ordine", "6.8"),
    # Italian words
    ("piatto", "ordine", "7.7"),
    ("dote", "ordine", "III.2"),
    ("seconda dote", "ordine", "III.2"),
    ("bottone", "ordine", "II.5"),
    ("cartaro", "ordine", "II.5"),
    ("bui", "ordine", "2.1"),
    ("rilancio minimo", "ordine", "7.3"),
    ("chiamare il tempo", "ordine", "5.4"),
    ("montepremi", "ordine", "V.1"),
    ("sorteggio dei posti", "ordine", "II.2"),
    ("testa a testa", "ordine", "2.5"),
    ("piccolo buio", "ordine", "2.2"),
    ("tavolo chiuso", "ordine", "IV.4"),
    ("squalifica", "ordine", "VI.2"),
    ("piatto principale", "ordine", "7.7"),
    ("gettone singolo", "ordine", "5.5"),
    ("fuori turno", "ordine", "6.7"),
    ("scala minima", "santelia", "8.3"),
    ("onori", "italiana-3", "XIV"),
    ("parol", "italiana-3", "XIII"),
    ("regola dei semi", "santelia", "3.2"),
    ("TROPPE CARTE AL FLOP", "ordine", "10.4"),
    ("piatti", "ordine", "7.7"),
    # English words
    ("side pot", "ordine", "7.7"),
    ("side pots", "ordine", "7.7"),
    ("misdeal", "ordine", "10.1"),
    ("dead button", "ordine", "2.4"),
    ("second stack", "ordine", "III.2"),
    ("minimum raise", "ordine", "7.3"),
    ("calling the clock", "ordine", "5.4"),
    ("prize pool", "ordine", "V.1"),
    ("seat draw", "ordine", "II.2"),
    ("kicker", "ordine", "1.3"),
    ("heads-up", "ordine", "2.5"),
    ("closing a table", "ordine", "IV.4"),
    ("penalties", "ordine", "VI.2"),
    ("flush beats full house", "santelia", "7.1"),
    ("oversized chip", "ordine", "5.5"),
    ("average stack", "ordine", "III.3"),
    ("main pot", "ordine", "7.7"),
    ("all-in", "ordine", "7.2"),
    ("suit order", "santelia", "3.2"),
    ("out of turn", "ordine", "6.7"),
    ("exposed card", "ordine", "10.2"),
]


@pytest.mark.parametrize(("query", "book", "number"), EXPECTED_FIRST)
def test_expected_article_first(query: str, book: str, number: str) -> None:
    """First of its kind: the event's regulation's articles come before any other book's,
    so another book's article is expected first after them."""
    results = [r for r in search(query, limit=40) if r.other_book == (book != "ordine")]
    assert results, query
    assert (results[0].book, results[0].number) == (book, number), [
        (r.book, r.number, round(r.score, 1)) for r in results[:3]
    ]


def test_accents_and_case_do_not_matter() -> None:
    assert fold("PIÙ Già È") == "piu gia e"
    assert fold("Łódź ﬁche Straße ① ＡＢ e\u0301\u0327 山田 ’x all - in") == (
        "łodz fiche straße 1 ab e 山田 'x allin"
    )
    a = [(r.book, r.number) for r in search("penalità", book="ordine")]
    b = [(r.book, r.number) for r in search("PENALITA", book="ordine")]
    assert a == b and a[0] == ("ordine", "VI.2")
    assert search("Più carte") == search("piu CARTE")


def test_italian_plurals_meet() -> None:
    assert stem("piatto") == stem("piatti")
    assert stem("buio") == stem("bui")
    assert stem("rilancio") == stem("rilanci")
    assert stem("gioco") == stem("giochi")
    assert stem("pots") == stem("pot")


def test_number_forms() -> None:
    assert normalize_number("Art. 6.8-b") == "6.8-B"
    assert normalize_number("art iii.3.") == "III.3"
    assert normalize_number("irr.3-a") == "irr.3-A"
    assert normalize_number("side pot") is None


def test_number_prefix_lists_the_sub_articles() -> None:
    numbers = [r.number for r in search("6.8", book="ordine")]
    assert numbers[:5] == ["6.8", "6.8-A", "6.8-B", "6.8-C", "6.8-D"]


def test_book_filter_and_language() -> None:
    results = search("Art. 4.2", book="santelia", lang="en")
    assert [(r.book, r.number) for r in results] == [("santelia", "4.2")]
    assert results[0].title == "Opening"
    assert "jacks" in results[0].summary
    it = search("7.7", lang="it")[0]
    assert it.title == "All-in e side pot"


def test_bad_input_is_refused() -> None:
    with pytest.raises(RuleError, match="no rulebook named"):
        search("dote", book="nope")
    with pytest.raises(RuleError, match="empty query"):
        search("   ")


def test_unknown_words_give_no_results() -> None:
    assert search("zzzqqq") == []


def test_imported_text_is_shown_and_searched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An imported copy of a shipped book attaches its verbatim text to the summaries."""
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path))
    (tmp_path / "rulebooks").mkdir()
    (tmp_path / "rulebooks" / "ordine.json").write_text(
        json.dumps(
            {
                "name": "ordine",
                "source": "x.txt",
                "imported_at": "2025-01-01T00:00:00+00:00",
                "articles": [{"number": "7.7", "text": "Testo verbatim del sovraresto."}],
            }
        ),
        encoding="utf-8",
    )
    top = search("7.7")[0]
    assert top.text == "Testo verbatim del sovraresto."
    assert search("sovraresto")[0].number == "7.7"
    assert search("7.8")[0].text is None


def test_index_is_not_built_at_import(data_dir: Path) -> None:
    """Importing the module builds nothing; the cache fills on the first query. (In a process
    of its own: reloading the modules here would leave other tests holding stale classes.)"""
    code = (
        "from tdconsole.rules import search, search_kept\n"
        "assert search_kept.cached_index.cache_info().currsize == 0\n"
        "assert not search_kept.cache_path().exists()\n"
        "search.search('dote')\n"
        "assert search_kept.cached_index.cache_info().currsize == 1\n"
    )
    env = dict(os.environ, TDCONSOLE_DATA_DIR=str(data_dir))
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_folding_drops_exactly_the_marks_of_a_decomposed_text(text: str) -> None:
    """Lowercase, decomposed (NFKD), every combining mark dropped and nothing else, the
    typographic apostrophe made plain, "all-in" one word: whatever the letters."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    assert fold(text) == re.sub(r"\ball[\s-]+in\b", "allin", plain.replace("’", "'"))
