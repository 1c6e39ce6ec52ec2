"""PDFs read back page by page with pypdf's layout text, as a person would read the page."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

import pytest
from report_fixtures import FIXTURES
from tdhelpers.support import pdf_pages

from tdconsole.reports import REPORTS
from tdconsole.reports.rendering import render

BOLD_NAME = "[bold]Zoë Łukasz-Ångström"


@cache
def pdf(kind: str, event: str, lang: str | None = "en") -> tuple[bytes, list[str], list[str]]:
    """The PDF of report ``kind`` of the event at the moment ``event`` (``report_fixtures``),
    the text of its pages and the warnings of its rendering. Made and read once for the tests
    of this module that read the same document (none changes it): a PDF is fpdf2's work."""
    warnings: list[str] = []
    data = render(kind, FIXTURES[event](), "pdf", lang=lang, warnings=warnings)
    return data, pdf_pages(data), warnings


def pdf_text(kind: str, event: str, lang: str | None = "en") -> str:
    return "\n".join(pdf(kind, event, lang)[1])


@pytest.mark.parametrize("kind", REPORTS)
@pytest.mark.parametrize("event", sorted(FIXTURES))
def test_every_pdf_has_event_date_title_and_page_numbers(event: str, kind: str) -> None:
    """And no warning: every letter of the events is in the font (Ł ë Ω ♥ …)."""
    data, pages, warnings = pdf(kind, event)
    assert warnings == []
    assert data.startswith(b"%PDF-")
    assert b"/FontFile2" in data and b"DejaVuSans" in data  # the bundled font, embedded
    assert pages
    name = FIXTURES[event]()["name"]
    for number, page in enumerate(pages, start=1):
        assert name in page
        assert "14 March 2026" in page
        assert f"Page {number} of {len(pages)}" in page
    assert re.search(rb"/MediaBox \[0 0 595\.2\d* 841\.8\d*\]", data)


def test_seating_pdf_prints_polish_greek_and_accented_names() -> None:
    text = pdf_text("seating", "in_progress", None)
    for name in (
        "Łukasz Wróbel",
        "Zoë Ferrante",
        "Σπύρος Ωραιόπουλος",
        BOLD_NAME,
        "Björn Ólafsson",
    ):
        assert name in text
    for card in ("A♥", "K♦", "8♣"):
        assert card in text
    assert "DA CHIUDERE (IV.4)" in text


def test_slips_pdf_has_all_four_suits_ten_to_a_page() -> None:
    pages = pdf("slips", "seated")[1]
    text = "\n".join(pages)
    for suit in "♥♦♣♠":
        assert suit in text
    for card in ("A♥", "10♦", "J♣", "9♠"):
        assert card in text
    assert BOLD_NAME in text and "Σπύρος Ωραιόπουλος" in text
    assert len(pages) == 3  # 24 slips, 10 a page
    assert [len(re.findall(r"\bSeat\b(?! slips)", page)) for page in pages] == [10, 10, 4]


def test_results_pdf_prizes_add_up_to_the_pool() -> None:
    finished = FIXTURES["finished"]()
    text = pdf_text("results", "finished")
    prizes = []
    for line in text.splitlines():
        found = re.match(r"\s*\d+(?: \(tie\))?\s+\S.*?\s{2,}(\d[\d ]*)$", line)
        if found:
            prizes.append(Decimal(found.group(1).replace(" ", "")))
    assert sorted(prizes, reverse=True) == [756, 420, 252, 126, 126]
    assert sum(prizes) == Decimal(finished["prize_pool"])
    total = next(line for line in text.splitlines() if "Prizes awarded" in line)
    assert total.split()[-2:] == ["1", "680"]
    assert text.count("4 (tie)") == 2
    assert "Ł" in text and "ë" in text and "Ω" in text and BOLD_NAME in text


def test_payouts_pdf_total_is_the_pool() -> None:
    text = pdf_text("payouts", "seated", "it")
    total = next(line for line in text.splitlines() if line.strip().startswith("Totale"))
    assert total.split() == ["Totale", "100", "1", "680"]
    assert "Montepremi: 1 680 scudi" in text


def test_rulings_and_moves_pdf() -> None:
    rulings = pdf_text("rulings", "in_progress")
    assert "suspension, 2 orbits (not yet served)" in rulings
    assert "<b>(VI.4)</b>" in rulings and "Ωραιόπουλος" in rulings
    moves = pdf_text("moves", "in_progress")
    assert "Table 3 ♣ closes: 3 moves to announce (IV.4)" in moves
    assert re.search(r"Søren Kierkegård\s+3\s*♣\s+2\s+1\s*♥\s+9\s+6♥", moves)
