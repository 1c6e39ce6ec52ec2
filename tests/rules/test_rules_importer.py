"""The importer on the four seed regulations and on the quirks of their formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.support import seeds_dir

from tdconsole.domain.errors import RuleError
from tdconsole.rules import books
from tdconsole.rules.importer import import_file, parse_file, parse_regulation

SEEDS = seeds_dir()
needs_seeds = pytest.mark.skipif(
    not SEEDS.is_dir(), reason=f"the seed regulations are not at {SEEDS} (present in CI)"
)

ORDINE_NUMBERS = (
    [f"I.{i}" for i in range(1, 8)]
    + [f"II.{i}" for i in range(1, 7)]
    + [f"III.{i}" for i in range(1, 6)]
    + [f"IV.{i}" for i in range(1, 8)]
    + ["V.1", "VI.1", "VI.2", "VI.3", "VI.4", "VI.4-A", "VI.4-B", "VI.4-C"]
    + [f"VII.{i}" for i in range(1, 9)]
    + ["1.1", "1.2", "1.3"]
    + [f"2.{i}" for i in range(1, 7)]
    + [f"3.{i}" for i in range(1, 6)]
    + [f"4.{i}" for i in range(1, 8)]
    + [f"5.{i}" for i in range(1, 7)]
    + [f"6.{i}" for i in range(1, 9)]
    + ["6.8-A", "6.8-B", "6.8-C", "6.8-D"]
    + [f"7.{i}" for i in range(1, 9)]
    + [f"8.{i}" for i in range(1, 7)]
    + ["9.1", "9.1-A", "9.1-B", "9.1-C", "9.1-D", "9.2"]
    + [f"10.{i}" for i in range(1, 7)]
    + ["irr.1", "irr.2", "irr.3", "irr.3-A", "irr.3-B", "irr.3-C", "irr.5", "irr.6", "irr.7"]
)


@needs_seeds
def test_ordine_every_article_found_in_order_none_invented() -> None:
    """002: Titles I–VII, game rules 1.1–10.6 and the irregularities (no 4 in the source)."""
    parsed = parse_file(SEEDS / "002_bc0f76543959f702.txt")
    assert parsed.numbers == sorted(ORDINE_NUMBERS, key=ORDINE_NUMBERS.index)
    assert parsed.numbers == ORDINE_NUMBERS
    assert parsed.warnings == []


@needs_seeds
def test_ordine_articles_on_one_line_are_split() -> None:
    """III.4/III.5 and II.5/II.6 share a line in the source: they stay two articles."""
    text = {a.number: a.text for a in parse_file(SEEDS / "002_bc0f76543959f702.txt").articles}
    assert text["III.4"].endswith("tra tutti i finalisti.")
    assert text["III.5"].startswith("Il big blind saliranno")
    assert "III.5" not in text["III.4"]
    assert text["II.5"].endswith("estranea al gioco.")
    assert text["II.6"].startswith("Ad ogni mano il mazziere")
    # a reference inside a sentence is not an article start
    assert "Titolo V.1. Sia" in text["I.7"]
    assert "Titolo IV.3., le doti" in text["III.3"]
    assert text["3.1"].startswith("Dopo averlo mescolato")
    assert text["irr.3-C"].startswith("Si accerta l’assenza")
    assert "45% al Primo" in text["V.1"]


@needs_seeds
def test_traditional_regulation_parts_2_and_3() -> None:
    """001: Art. VII–XI, 000: Art. XII–XVII, several articles on one line, titles kept."""
    p2 = parse_file(SEEDS / "001_8446520a1598781e.txt")
    p3 = parse_file(SEEDS / "000_d964b8e9215f296e.txt")
    assert p2.numbers == ["VII", "VIII", "IX", "X", "XI"]
    assert p3.numbers == ["XII", "XIII", "XIV", "XV", "XVI", "XVII"]
    titles = {a.number: a.title for a in p2.articles + p3.articles}
    assert titles["VIII"] == "Ridata o rilancio"
    assert titles["XII"] == "Accusa del punto"
    assert titles["XVI"] == "Del tableau"
    text = {a.number: a.text for a in p2.articles + p3.articles}
    assert text["VII"].startswith("OBBLIGO DI PARLARE.")
    assert text["XI"].endswith("sollecitarlo.")  # no trailing '|'
    assert "Vedi Art. VI." in text["XII"]  # the reference is text, not an article
    assert "Art. VIII" in text["XI"]


@needs_seeds
def test_santelia_paragraphs_become_article_dot_paragraph() -> None:
    """003: 'Art. 4 — Apertura e buio' + '2.' = Art. 4.2; the index lines are not articles."""
    parsed = parse_file(SEEDS / "003_f3c44293f2e3eaac.txt")
    counts = {1: 3, 2: 3, 3: 3, 4: 5, 5: 4, 6: 2, 7: 2, 8: 3, 9: 2, 10: 1}
    assert parsed.numbers == [f"{a}.{p}" for a, n in counts.items() for p in range(1, n + 1)]
    art = {a.number: a for a in parsed.articles}
    assert art["4.2"].title == "Apertura e buio"
    assert art["4.2"].text.startswith("Il punto che consente l'apertura")
    assert art["10.1"].title == "Questioni non previste dal regolamento"


def test_inline_and_line_start_numbers() -> None:
    text = (
        "Preambolo senza numeri.\n\nI.1. Primo.\n\nI.2. Secondo, vedi Titolo I.1. Poi.I.3. Terzo."
        " I.4. Quarto.\n\n1.1 - Gioco.\n1.2. Altro.\n\n1. Blocco.\n2-A. Sub.\n"
    )
    parsed = parse_regulation(text)
    assert parsed.numbers == ["I.1", "I.2", "I.3", "I.4", "1.1", "1.2", "irr.1", "irr.2-A"]
    assert parsed.articles[1].text == "Secondo, vedi Titolo I.1. Poi."


def test_duplicate_number_is_reported_not_merged() -> None:
    parsed = parse_regulation("1.1. Uno.\n1.2. Due.\n1.1. Ancora uno.\n")
    assert parsed.numbers == ["1.1", "1.2"]
    assert parsed.warnings and "1.1" in parsed.warnings[0]


def test_text_without_articles_is_refused() -> None:
    with pytest.raises(RuleError, match="no numbered articles"):
        parse_regulation("Solo testo, nessun numero.")


def test_import_stores_under_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))
    src = tmp_path / "club.txt"
    src.write_text("Art. 1 — Gioco\n\n1. Si gioca.\n2. Si vince.\n", encoding="utf-8")
    book, parsed, target = import_file(src, "club")
    assert target == tmp_path / "data" / "rulebooks" / "club.json"
    stored = json.loads(target.read_text(encoding="utf-8"))
    assert [a["number"] for a in stored["articles"]] == ["1.1", "1.2"]
    assert books.verbatim("club", "1.2") == "Si vince."
    assert parsed.numbers == ["1.1", "1.2"] and book.name == "club"


def test_import_refuses_bad_names_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="invalid book name"):
        import_file(tmp_path / "x.txt", "Bad Name")
    with pytest.raises(RuleError, match="cannot read"):
        import_file(tmp_path / "missing.txt", "club")
