"""One vocabulary, the regulation's: Italian reports say gettoni and circolante, never Chips,
and Italian default file names."""

from __future__ import annotations

from typing import Any

from tdconsole.reports import filename
from tdconsole.reports.rendering import render


def test_italian_reports_use_the_regulations_words(in_progress: dict[str, Any]) -> None:
    standings = render("standings", in_progress, "txt", lang="it").decode("utf-8")
    seating = render("seating", in_progress, "txt", lang="it").decode("utf-8")
    for text in (standings, seating):
        assert "Chips" not in text and "chips" not in text and "Stack" not in text
    assert "Gettoni" in standings and "Circolante" in standings
    assert "circolante" in seating
    english = render("standings", in_progress, "txt", lang="en").decode("utf-8")
    assert "Chips" in english


def test_italian_default_file_names() -> None:
    assert filename("slips", "pdf", "it") == "posti.pdf"
    assert filename("standings", "html", "it") == "classifica.html"
    assert filename("slips", "pdf", "en") == "slips.pdf"
    assert filename("payouts", "pdf") == "payouts.pdf"
