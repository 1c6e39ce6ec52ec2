"""Every report in every format, for each moment of the event: the format's own promises."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest

from tdconsole.reports import FORMATS, REPORTS
from tdconsole.reports.model import cell_len
from tdconsole.reports.rendering import render

TEXT_FORMATS = [f for f in FORMATS if f != "pdf"]


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
@pytest.mark.parametrize("kind", REPORTS)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_report_renders(any_event: dict[str, Any], kind: str, fmt: str, lang: str) -> None:
    data = render(kind, any_event, fmt, lang=lang)
    assert isinstance(data, bytes)
    text = data.decode("utf-8-sig")
    assert text.strip()
    if fmt == "txt":
        assert any_event["name"] in text
    if fmt == "html":
        assert "<!DOCTYPE html>" in text


@pytest.mark.parametrize("kind", REPORTS)
def test_txt_fits_80_columns(any_event: dict[str, Any], kind: str) -> None:
    text = render(kind, any_event, "txt").decode("utf-8")
    widths = [cell_len(line) for line in text.splitlines()]
    assert max(widths) <= 80
    assert "\u202f" not in text  # the narrow space of paper formats becomes a plain one
    assert "\t" not in text


@pytest.mark.parametrize("kind", REPORTS)
def test_csv_is_utf8_with_bom_and_parses_back(any_event: dict[str, Any], kind: str) -> None:
    data = render(kind, any_event, "csv")
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows, "a header at least"
    header = rows[0]
    assert all(len(row) == len(header) for row in rows)
    assert not any("\u202f" in cell for row in rows for cell in row)


@pytest.mark.parametrize("kind", REPORTS)
def test_html_is_self_contained(any_event: dict[str, Any], kind: str) -> None:
    page = render(kind, any_event, "html").decode("utf-8")
    for external in ("http://", "https://", "src=", "<link", "<script", "@import", "url("):
        assert external not in page
    assert "@media print" in page
    assert '<meta charset="utf-8">' in page
    # Every tag opened in the body is one of ours: names never become markup.
    tags = set(re.findall(r"<([a-z0-9]+)[\s>]", page))
    assert tags <= {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "header",
        "h1",
        "h2",
        "h3",
        "span",
        "dl",
        "div",
        "dt",
        "dd",
        "p",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "th",
        "td",
        "b",
    }
