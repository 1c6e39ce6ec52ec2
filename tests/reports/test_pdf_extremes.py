"""PDFs of whatever an event holds, read back with pypdf.

A ruling of thousands of characters spans pages with every word in order, a count of
25×10^100 prints whole, a name of 50,000 characters prints in moments, and names in scripts
the bundled font lacks print as their code points with one warning. (That the ordinary
reports print without a warning is in ``test_pdf``: every report at every moment.)
"""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tdconsole.cli import main
from tdconsole.reports.rendering import render


def read(data: bytes) -> list[str]:
    """The text of each page, as a reader would copy it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def squeezed(pages: list[str]) -> str:
    """All pages' text without spaces and line breaks (wrapping puts them anywhere)."""
    return "".join("".join(pages).split()).replace("\u202f", "")


def test_a_ruling_of_4000_characters_goes_on_over_the_next_pages(
    finished: dict[str, Any],
) -> None:
    words = [f"parola{i}" for i in range(570)]
    finished["rulings"][0]["text"] = " ".join(words)
    assert len(finished["rulings"][0]["text"]) > 4000
    pages = read(render("rulings", finished, "pdf", lang="en"))
    assert len(pages) >= 3
    text = squeezed(pages)
    at = 0
    for word in words:  # every word, in order, none lost at a page break
        found = text.find(word, at)
        assert found >= 0, f"{word} missing after {text[at - 40 : at]!r}"
        at = found + len(word)
    assert all("Rulings log" in page for page in pages)


def test_a_count_of_25_times_10_to_the_100_prints_whole(in_progress: dict[str, Any]) -> None:
    huge = 25 * 10**100
    in_progress["players"][0]["chips"] = huge
    pages = read(render("standings", in_progress, "pdf", lang="en"))
    assert str(huge) in squeezed(pages)


def test_a_name_of_50000_characters_prints_in_seconds(in_progress: dict[str, Any]) -> None:
    """Once 177 s a PDF: the name is fitted to its line in a few measures."""
    in_progress["name"] = "S" * 50_000
    for kind in ("standings", "slips"):
        started = time.perf_counter()
        pages = read(render(kind, in_progress, "pdf", lang="en"))
        assert time.perf_counter() - started < 20
        assert "SSSSSSSSSS…" in pages[0]


def test_a_player_name_of_10000_characters_wraps(in_progress: dict[str, Any]) -> None:
    in_progress["players"][0]["name"] = "Ab" * 5_000
    pages = read(render("standings", in_progress, "pdf", lang="en"))
    assert squeezed(pages).count("Ab") >= 5_000
    assert len(pages) > 2


@pytest.mark.parametrize("name", ["山田太郎", "สมชาย ใจดี"], ids=["japanese", "thai"])
def test_a_name_the_font_lacks_prints_as_code_points_with_a_warning(
    name: str, in_progress: dict[str, Any]
) -> None:
    in_progress["players"][0]["name"] = name
    warnings: list[str] = []
    text = squeezed(read(render("standings", in_progress, "pdf", lang="en", warnings=warnings)))
    codes = "".join(f"U+{ord(ch):04X}" for ch in name if not ch.isspace())
    assert codes in text.replace("[", "").replace("]", "")
    assert warnings == [
        f"the PDF's font lacks some letters of {name!r}: printed as their codes (U+…); "
        "use the html format to see them"
    ]
    # Other formats print the name as it is.
    assert name in render("standings", in_progress, "html", lang="en").decode()


def test_the_command_line_warns_on_stderr_in_the_event_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = str(tmp_path / "serata.tdc")
    assert main(["new", event, "--name", "Serata"]) == 0
    assert main(["--event", event, "register", "山田太郎", "Ada"]) == 0
    capsys.readouterr()
    target = tmp_path / "iscritti.pdf"
    argv = ["--event", event, "print", "standings", "--format", "pdf", "-o", str(target)]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err == (
        "warning: il carattere del PDF non ha alcune lettere di '山田太郎': stampate come "
        "codici (U+…); usa il formato html per vederle\n"
    )
    assert "U+5C71U+7530U+592AU+90CE" in squeezed(read(target.read_bytes()))
