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


def svg(url: str, title: str) -> tuple[str, str]:
    """The QR code of ``url`` for an HTML page: its SVG symbol, given once, and the picture that
    shows it (``title``: what it opens), as often as wanted, scaled by its box."""
    size, dark = modules(url)
    path = "".join(f"M{x} {y}h1v1h-1z" for x, y in dark)
    symbol = (
        f'<svg width="0" height="0" aria-hidden="true"><symbol id="qr" viewBox="0 0 {size} {size}">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/>'
        "</symbol></svg>"
    )
    shown = f'<svg class="qr" role="img" aria-label="{escape(title)}"><use href="#qr"/></svg>'
    return symbol, shown
