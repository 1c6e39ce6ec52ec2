"""The players' page's QR code on the seat slips: the dark modules of its symbol, which the HTML
draws as one SVG path and the PDF as squares (segno, pure Python)."""

from __future__ import annotations

from html import escape

BORDER = 1
"""Light modules around the symbol (a slip's white paper gives the rest of the quiet zone)."""


def modules(url: str) -> tuple[int, list[tuple[int, int]]]:
    """The symbol's size in modules (border included) and the (column, row) of each dark one."""
    # lazy: only slips with a players' page need segno
    import segno

    matrix = segno.make(url, error="m").matrix
    size = len(matrix) + 2 * BORDER
    dark = [
        (x + BORDER, y + BORDER)
        for y, row in enumerate(matrix)
        for x, value in enumerate(row)
        if value
    ]
    return size, dark


def svg(url: str, title: str) -> str:
    """The QR code of ``url`` as an inline SVG, scaled by its box (``title``: what it opens)."""
    size, dark = modules(url)
    path = "".join(f"M{x} {y}h1v1h-1z" for x, y in dark)
    return (
        f'<svg class="qr" viewBox="0 0 {size} {size}" role="img" aria-label="{escape(title)}">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
