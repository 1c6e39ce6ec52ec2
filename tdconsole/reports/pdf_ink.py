"""What every printed PDF page shares: the bundled font, the inks, and a line cut to fit."""

from __future__ import annotations

from fpdf import FPDF

FONT = "DejaVu"
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
INK = (17, 17, 17)
MUTED = (100, 100, 100)


def fit(pdf: FPDF, text: str, width: float) -> str:
    """``text`` cut with "…" to fit ``width`` mm in the current font (a binary search: a name
    of fifty thousand characters costs a few measures, not fifty thousand)."""
    text = text[:400]  # more never fits on one line of an A4 page
    if pdf.get_string_width(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if pdf.get_string_width(text[:mid] + "…") <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…"
