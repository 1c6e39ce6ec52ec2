"""Prize receipts on A4: three to a page inside dashed cut lines, each with the place, the
player, the amount and two lines to sign (the player's, the Director's), Art. I.7."""

from __future__ import annotations

from fpdf import FPDF

from tdconsole.reports.model import Receipt
from tdconsole.reports.pdf_ink import FONT, INK, MUTED, fit

PER_PAGE = 3


def receipts(pdf: FPDF, items: list[Receipt], event: str) -> None:
    top = pdf.get_y() + 2
    bottom = pdf.h - 16
    height = (bottom - top) / PER_PAGE
    for start in range(0, len(items), PER_PAGE):
        if start:
            pdf.add_page()
        page = items[start : start + PER_PAGE]
        for k, receipt in enumerate(page):
            _receipt(pdf, receipt, event, top + k * height, height)
        _cut_lines(pdf, top, height, len(page))


def _cut_lines(pdf: FPDF, top: float, height: float, rows: int) -> None:
    pdf.set_draw_color(*MUTED)
    pdf.set_line_width(0.25)
    pdf.set_dash_pattern(dash=2, gap=1.5)
    left, right = pdf.l_margin, pdf.w - pdf.r_margin
    for r in range(rows + 1):
        pdf.line(left, top + r * height, right, top + r * height)
    pdf.line(left, top, left, top + rows * height)
    pdf.line(right, top, right, top + rows * height)
    pdf.set_dash_pattern()
    pdf.set_font(FONT, "", 10)
    pdf.set_text_color(*MUTED)
    pdf.text(left - 4.5, top + 1.4, "✂")


def _receipt(pdf: FPDF, receipt: Receipt, event: str, y: float, h: float) -> None:
    pad = 6.0
    x = pdf.l_margin + pad
    inner = pdf.epw - 2 * pad
    pdf.set_font(FONT, "", 8)
    pdf.set_text_color(*MUTED)
    when_width = pdf.get_string_width(receipt.when) + 2
    pdf.set_xy(x, y + 4)
    pdf.cell(inner - when_width, 4, fit(pdf, event, inner - when_width - 2))
    pdf.cell(when_width, 4, receipt.when, align="R")
    pdf.set_text_color(*INK)
    pdf.set_font(FONT, "B", 14)
    pdf.set_xy(x, y + 11)
    pdf.cell(inner, 7, fit(pdf, f"{receipt.title} · {receipt.place}", inner))
    pdf.set_font(FONT, "B", 13)
    pdf.set_xy(x, y + 20)
    pdf.cell(inner, 7, fit(pdf, receipt.player, inner))
    pdf.set_font(FONT, "B", 22)
    pdf.set_xy(x, y + 29)
    pdf.cell(inner, 10, fit(pdf, receipt.amount, inner))
    pdf.set_font(FONT, "", 9)
    pdf.set_xy(x, y + 42)
    pdf.multi_cell(inner, 4.5, receipt.text, new_x="LMARGIN", new_y="NEXT")
    # The lines to sign, side by side along the bottom, each with its label under it.
    count = max(len(receipt.signatures), 1)
    gap = 10.0
    width = (inner - gap * (count - 1)) / count
    line_y = y + h - 14
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.3)
    for k, signature in enumerate(receipt.signatures):
        left = x + k * (width + gap)
        pdf.line(left, line_y, left + width, line_y)
        pdf.set_font(FONT, "", 8)
        pdf.set_text_color(*MUTED)
        pdf.set_xy(left, line_y + 1.5)
        pdf.cell(width, 4, fit(pdf, signature, width))
    pdf.set_text_color(*INK)
