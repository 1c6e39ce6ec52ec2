"""The seat slips carry the players' page (``tdconsole serve``'s ``/players``): its address once
on the sheet and its QR code on every slip, when ``print slips --public-url URL`` says where the
phones reach the server; without it, the slips as before."""

from __future__ import annotations

import re
from typing import Any

import pytest
import segno
from tdhelpers.support import pdf_pages

from tdconsole.reports.rendering import render

URL = "http://192.168.1.10:8000"


def dark_modules(svg: str) -> set[tuple[int, int]]:
    path = re.search(r'<path d="([^"]+)"', svg)
    assert path is not None
    return {(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)h1", path.group(1))}


def test_every_html_slip_carries_the_players_page_s_qr_code(seated: dict[str, Any]) -> None:
    page = render("slips", seated, "html", lang="en", public_url=URL + "/").decode("utf-8")
    codes = re.findall(r'<svg class="qr".*?<use href="#qr"/></svg>', page)
    assert len(codes) == page.count('<div class="slip">') == 24
    symbol = re.findall(r'<symbol id="qr".*?</symbol>', page)
    assert len(symbol) == 1  # (drawn once, shown on every slip)
    assert f"Your table and seat on your phone: {URL}/players" in page
    matrix = segno.make(URL + "/players", error="m").matrix
    expected = {(x + 1, y + 1) for y, row in enumerate(matrix) for x, v in enumerate(row) if v}
    assert dark_modules(symbol[0]) == expected  # the code says the players' page, nothing else
    plain = render("slips", seated, "html", lang="en").decode("utf-8")
    assert 'class="qr"' not in plain and "/players" not in plain


def test_the_pdf_and_the_text_say_the_address_on_the_same_pages(seated: dict[str, Any]) -> None:
    with_qr = pdf_pages(render("slips", seated, "pdf", lang="en", public_url=URL))
    without = pdf_pages(render("slips", seated, "pdf", lang="en"))
    assert len(with_qr) == len(without)
    assert f"{URL}/players" in with_qr[0] and "/players" not in without[0]
    text = render("slips", seated, "txt", lang="en", public_url=URL).decode("utf-8")
    assert f"Your table and seat on your phone: {URL}/players" in text


@pytest.mark.parametrize(
    "argv",
    [
        ("standings", "--public-url", URL),
        ("slips", "--public-url", "javascript:alert(1)"),
        ("slips", "--public-url", URL + "/\nX"),
    ],
)
def test_a_public_url_elsewhere_or_not_a_web_address_is_refused(run: Any, argv: Any) -> None:
    from tdconsole.domain.errors import RuleError

    with pytest.raises(RuleError, match="--public-url goes with the slips"):
        run(*argv)
