"""PDF on A4 with fpdf2 and the bundled DejaVu Sans (it has Ł ë Ω and ♥ ♦ ♣ ♠).

Every page carries the event's name, its date, the report's title and "page n of N". Seat slips
are laid out ten to a page (2 × 5) inside dashed cut lines, prize receipts three to a page
(``pdf_receipts``).

Whatever the event holds prints: a cell longer than a page (a ruling of thousands of characters)
goes on over the next rows and pages, a number of any length wraps inside its column, a name cut
to fit a line is measured in one pass, and a letter the font lacks (Chinese, Thai, …) prints as
its code point, ``[U+5C71]``, never as a blank, with a warning naming the text (``warnings``).
"""

from __future__ import annotations

import dataclasses
from contextlib import ExitStack
from importlib.resources import as_file, files
from typing import Any, TypeVar

from fpdf import FPDF
from fpdf.fonts import FontFace

from tdconsole.i18n import _
from tdconsole.reports.model import Cell, Report, Section, Slip, shown_columns
from tdconsole.reports.pdf_ink import FONT, FONT_FILES, INK, MUTED, fit
from tdconsole.reports.pdf_receipts import receipts
from tdconsole.reports.qr import modules
from tdconsole.words.reports import label, page_of

RED = (176, 0, 32)
RULE = (170, 170, 170)
ZEBRA = (243, 243, 243)
HEAD_FILL = (225, 225, 225)
ALIGN = {"left": "LEFT", "right": "RIGHT", "center": "CENTER"}
TABLE_SIZE = 9.5
PAD_X = 1.5
SLIP_COLUMNS = 2
SLIP_ROWS = 5
QR_MM = 15.0
"""The players' page's QR code on a slip: 15 mm, read by a phone at arm's length."""
ROW_LINES = 36
"""A table row holds at most this many lines (well under a page); a longer cell goes on in
the rows after it."""
MAX_CELL = 20_000
"""Characters of one value printed at most (the log's own limit for a text)."""
MAX_COLUMN_SHARE = 0.4
"""No column but the name or text column takes more of the page's width (a long number wraps)."""

T = TypeVar("T")


class _Document(FPDF):
    def __init__(self, report: Report) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.report = report
        self.set_margins(15, 12, 15)
        self.set_auto_page_break(auto=True, margin=16)
        self.set_title(f"{report.title} — {report.event[:400]}")
        self.set_author("tdconsole")
        self.set_creator("tdconsole")
        self.set_lang(report.lang)

    def header(self) -> None:
        report = self.report
        self.set_text_color(*INK)
        self.set_font(FONT, "", 9)
        date_width = self.get_string_width(report.date) + 2
        self.set_font(FONT, "B", 13)
        self.cell(self.epw - date_width, 7, fit(self, report.event, self.epw - date_width - 2))
        self.set_font(FONT, "", 9)
        self.set_text_color(*MUTED)
        self.cell(date_width, 7, report.date, align="R", new_x="LMARGIN", new_y="NEXT")
        self.set_text_color(*INK)
        self.set_font(FONT, "B", 11)
        self.cell(0, 6, report.title, new_x="LMARGIN", new_y="NEXT")
        self.set_draw_color(*INK)
        self.set_line_width(0.5)
        self.line(self.l_margin, self.get_y() + 1, self.w - self.r_margin, self.get_y() + 1)
        self.set_line_width(0.2)
        self.ln(4)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FONT, "", 8)
        self.set_text_color(*MUTED)
        lang = self.report.lang
        self.cell(0, 5, page_of(self.page_no(), lang), align="C")


def _facts(pdf: FPDF, facts: list[tuple[str, str]]) -> None:
    if not facts:
        return
    for key, value in facts:
        pdf.set_font(FONT, "", 9.5)
        pdf.set_text_color(*MUTED)
        piece = f"{key}: "
        need = pdf.get_string_width(piece)
        pdf.set_font(FONT, "B", 9.5)
        need += pdf.get_string_width(value) + 6
        if pdf.get_x() + need > pdf.w - pdf.r_margin and pdf.get_x() > pdf.l_margin:
            pdf.ln(5.5)
        pdf.set_font(FONT, "", 9.5)
        pdf.write(5.5, piece)
        pdf.set_font(FONT, "B", 9.5)
        pdf.set_text_color(*INK)
        pdf.write(5.5, value + "     ")
    pdf.ln(8)


def _section(pdf: FPDF, section: Section) -> None:
    if section.title:
        if pdf.get_y() > pdf.h - 60:
            pdf.add_page()
        pdf.set_font(FONT, "B", 11.5)
        pdf.set_text_color(*INK)
        pdf.multi_cell(0, 6.5, section.title, new_x="LMARGIN", new_y="NEXT")
    for line in section.lines:
        pdf.set_font(FONT, "", 9)
        pdf.set_text_color(*MUTED)
        pdf.multi_cell(0, 5, line, new_x="LMARGIN", new_y="NEXT")
        pdf.set_text_color(*INK)
    if not section.rows:
        if section.empty:
            pdf.set_font(FONT, "", 10)
            pdf.set_text_color(*MUTED)
            pdf.multi_cell(0, 6, section.empty, new_x="LMARGIN", new_y="NEXT")
            pdf.set_text_color(*INK)
        pdf.ln(2)
        return
    shown = shown_columns(section)
    columns = [section.columns[i] for i in shown]
    pdf.set_font(FONT, "", TABLE_SIZE)
    pdf.set_text_color(*INK)
    pdf.ln(1)
    styles = {
        "": None,
        "red": FontFace(color=RED),
        "bold": FontFace(emphasis="BOLD"),
        "muted": FontFace(color=MUTED),
    }
    widths = _widths(pdf, section, shown)
    with pdf.table(
        width=min(sum(widths), pdf.epw),
        align="LEFT",
        col_widths=tuple(widths),
        text_align=tuple(ALIGN[c.align] for c in columns),
        headings_style=FontFace(emphasis="BOLD", fill_color=HEAD_FILL),
        borders_layout="HORIZONTAL_LINES",
        cell_fill_color=ZEBRA,
        cell_fill_mode="ROWS",
        line_height=5.6,
        padding=(0.8, PAD_X),
        v_align="TOP",
    ) as table:
        head = table.row()
        for column in columns:
            head.cell(column.label)
        for cells in section.rows:
            for pieces in _split_row(pdf, [cells[i] for i in shown], widths):
                row = table.row()
                for cell, piece in zip([cells[i] for i in shown], pieces, strict=True):
                    row.cell(piece, style=styles[cell.style])
        if section.total:
            row = table.row()
            for i in shown:
                row.cell(
                    section.total[i].text, style=FontFace(emphasis="BOLD", fill_color=HEAD_FILL)
                )
    pdf.ln(4)


def _widths(pdf: FPDF, section: Section, shown: list[int]) -> list[float]:
    """Each column as wide as its longest text; the name or text column takes what is left."""
    padding = 2 * PAD_X + 1.5
    widest = pdf.epw * MAX_COLUMN_SHARE
    rows = section.rows + ([section.total] if section.total else [])
    natural = []
    for i in shown:
        pdf.set_font(FONT, "B", TABLE_SIZE)
        width = pdf.get_string_width(section.columns[i].label)
        pdf.set_font(FONT, "", TABLE_SIZE)
        for row in rows:
            if row[i].style == "bold" or row is section.total:
                pdf.set_font(FONT, "B", TABLE_SIZE)
            width = max(width, pdf.get_string_width(row[i].text[:200]))
            pdf.set_font(FONT, "", TABLE_SIZE)
        natural.append(min(width + padding, widest))
    stretch = [k for k, i in enumerate(shown) if section.columns[i].flex or section.columns[i].wrap]
    fixed = sum(w for k, w in enumerate(natural) if k not in stretch)
    if not stretch:
        scale = min(1.0, pdf.epw / sum(natural))
        return [w * scale for w in natural]
    room = max(pdf.epw - fixed - 0.01, 30.0 * len(stretch))
    widths = list(natural)
    for k in stretch:
        widths[k] = room / len(stretch)
    total = sum(widths)
    if total > pdf.epw:  # the stretched columns' minimum did not fit: narrow them all
        widths = [w * pdf.epw / total for w in widths]
    return widths


def _split_row(pdf: FPDF, cells: list[Cell], widths: list[float]) -> list[list[str]]:
    """One row's texts as one or more rows of at most ``ROW_LINES`` lines each: a cell that
    would not fit on a page goes on in the rows after it (fpdf2 never breaks a row)."""
    texts = [cell.text for cell in cells]
    if all(len(text) <= 120 for text in texts):  # too short to fill ROW_LINES lines
        return [texts]
    pdf.set_font(FONT, "", TABLE_SIZE)
    pieces: list[list[str]] = []
    for text, width in zip(texts, widths, strict=True):
        if len(text) <= 120:
            pieces.append([text])
            continue
        inner = max(width - 2 * PAD_X - 2 * pdf.c_margin - 0.5, 2.0)
        lines: Any = pdf.multi_cell(inner, 5.6, text, dry_run=True, output="LINES")
        if len(lines) <= ROW_LINES:
            pieces.append([text])
            continue
        pieces.append(
            ["\n".join(lines[k : k + ROW_LINES]) for k in range(0, len(lines), ROW_LINES)]
        )
    count = max(len(p) for p in pieces)
    return [[p[k] if k < len(p) else "" for p in pieces] for k in range(count)]


def _slips(pdf: FPDF, report: Report, slips: list[Slip]) -> None:
    event, players_url = report.event, report.players_url
    if players_url:
        pdf.set_font(FONT, "", 9)
        pdf.set_text_color(*INK)
        words = label("slip.players", report.lang)
        pdf.cell(pdf.epw, 5, fit(pdf, f"{words}: {players_url}", pdf.epw))
        pdf.ln(5)
    top = pdf.get_y() + 2
    bottom = pdf.h - 16
    width = pdf.epw / SLIP_COLUMNS
    height = (bottom - top) / SLIP_ROWS
    per_page = SLIP_COLUMNS * SLIP_ROWS
    for start in range(0, len(slips), per_page):
        if start:
            pdf.add_page()
        page = slips[start : start + per_page]
        rows = (len(page) + SLIP_COLUMNS - 1) // SLIP_COLUMNS
        for k, slip in enumerate(page):
            x = pdf.l_margin + (k % SLIP_COLUMNS) * width
            y = top + (k // SLIP_COLUMNS) * height
            _slip(pdf, slip, event, x, y, width, height, QR_MM + 2 if players_url else 0.0)
            if players_url:
                _qr(pdf, players_url, x + width - QR_MM - 4, y + height - QR_MM - 3)
        _cut_lines(pdf, top, width, height, rows)


def _cut_lines(pdf: FPDF, top: float, width: float, height: float, rows: int) -> None:
    pdf.set_draw_color(*MUTED)
    pdf.set_line_width(0.25)
    pdf.set_dash_pattern(dash=2, gap=1.5)
    left = pdf.l_margin
    right = left + width * SLIP_COLUMNS
    for r in range(rows + 1):
        pdf.line(left, top + r * height, right, top + r * height)
    for c in range(SLIP_COLUMNS + 1):
        pdf.line(left + c * width, top, left + c * width, top + rows * height)
    pdf.set_dash_pattern()
    pdf.set_font(FONT, "", 10)
    pdf.set_text_color(*MUTED)
    pdf.text(left - 4.5, top + 1.4, "✂")


def _slip(
    pdf: FPDF, slip: Slip, event: str, x: float, y: float, w: float, h: float, right: float = 0.0
) -> None:
    """One slip in the box (``x``, ``y``, ``w``, ``h``); ``right``: the width kept free in its
    lower right corner (the QR code) beside the player's name."""
    pad = 5.0
    inner = w - 2 * pad
    colour = RED if slip.red else INK
    pdf.set_font(FONT, "", 7.5)
    pdf.set_text_color(*MUTED)
    pdf.set_xy(x + pad, y + 3)
    pdf.cell(inner, 4, fit(pdf, event, inner))
    # Where to sit, on the left.
    pdf.set_text_color(*INK)
    pdf.set_font(FONT, "", 10)
    pdf.set_xy(x + pad, y + 10)
    pdf.cell(inner / 2, 5, slip.table_label)
    pdf.set_font(FONT, "B", 20)
    pdf.set_text_color(*colour)
    pdf.set_xy(x + pad, y + 15)
    pdf.cell(inner / 2, 9, slip.table)
    pdf.set_text_color(*INK)
    pdf.set_font(FONT, "", 10)
    pdf.set_xy(x + pad, y + 26)
    pdf.cell(inner / 2, 5, slip.seat_label)
    pdf.set_font(FONT, "B", 20)
    pdf.set_xy(x + pad, y + 31)
    pdf.cell(inner / 2, 9, slip.seat)
    # The card, large, on the right.
    pdf.set_font(FONT, "B", 44)
    pdf.set_text_color(*colour)
    pdf.set_xy(x + w / 2, y + 12)
    pdf.cell(w / 2 - pad, 20, slip.card, align="C")
    # Who sits there, along the bottom.
    if slip.player:
        size, room = 12.0, inner - right
        pdf.set_font(FONT, "B", size)
        while pdf.get_string_width(slip.player) > room and size > 8:
            size -= 0.5
            pdf.set_font(FONT, "B", size)
        pdf.set_text_color(*INK)
        pdf.set_xy(x + pad, y + h - 10)
        pdf.cell(room, 6, fit(pdf, slip.player, room), align="C")
    pdf.set_text_color(*INK)


def _qr(pdf: FPDF, url: str, x: float, y: float) -> None:
    """The QR code of ``url``, ``QR_MM`` square, its top left corner at (``x``, ``y``)."""
    size, dark = modules(url)
    unit = QR_MM / size
    pdf.set_fill_color(0, 0, 0)
    for col, row in dark:
        pdf.rect(x + col * unit, y + row * unit, unit, unit, style="F")


def _notes(pdf: FPDF, notes: list[str]) -> None:
    if not notes:
        return
    pdf.ln(1)
    pdf.set_font(FONT, "", 8.5)
    pdf.set_text_color(*MUTED)
    for note in notes:
        pdf.multi_cell(0, 4.4, note, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(0.8)
    pdf.set_text_color(*INK)


def render(report: Report, warnings: list[str] | None = None) -> bytes:
    """The PDF of ``report``; a text with letters the font lacks is printed with their code
    points and named in ``warnings`` (one line, in the report's language)."""
    pdf = _Document(report)
    with ExitStack() as stack:
        fonts = files("tdconsole.reports") / "fonts"
        for style, name in FONT_FILES.items():
            path = stack.enter_context(as_file(fonts / name))
            pdf.add_font(FONT, style, str(path))
        covered = _Coverage(pdf)
        report = covered.report(report)
        pdf.report = report
        if covered.missing and warnings is not None:
            warnings.append(covered.warning(report.lang))
        pdf.add_page()
        if report.facts:
            _facts(pdf, report.facts)
        if report.slips:
            _slips(pdf, report, report.slips)
        elif report.receipts:
            receipts(pdf, report.receipts, report.event)
        else:
            for section in report.sections:
                _section(pdf, section)
            _notes(pdf, report.notes)
        data: Any = pdf.output()
    return bytes(data)


class _Coverage:
    """Every text of a report made printable with the bundled font: a letter it lacks becomes
    its code point (``[U+5C71]``), so that no name ever prints blank; the texts so changed are
    remembered for the warning."""

    def __init__(self, pdf: FPDF) -> None:
        faces: Any = pdf.fonts
        regular = set(faces[FONT.lower()].cmap)
        bold = set(faces[FONT.lower() + "B"].cmap)
        self.glyphs = regular & bold
        self.missing: dict[str, None] = {}  # the texts changed, in order, once each

    def text(self, text: str) -> str:
        text = text if len(text) <= MAX_CELL else text[:MAX_CELL] + "…"
        if all(ord(ch) in self.glyphs or ch in "\n\t" for ch in text):
            return text
        out: list[str] = []
        run: list[str] = []
        for ch in text:
            if ord(ch) in self.glyphs or ch in "\n\t" or ch.isspace():
                if run:
                    out.append("[" + " ".join(run) + "]")
                    run = []
                out.append(ch if ord(ch) in self.glyphs or ch == "\n" else " ")
            else:
                run.append(f"U+{ord(ch):04X}")
        if run:
            out.append("[" + " ".join(run) + "]")
        if len(self.missing) < 50:
            self.missing[text[:60]] = None
        return "".join(out)

    def report(self, report: Report) -> Report:
        return self._walk(report)

    def _walk(self, value: T) -> T:
        if isinstance(value, str):
            return self.text(value)  # type: ignore[return-value]
        if isinstance(value, list):
            return [self._walk(v) for v in value]  # type: ignore[return-value]
        if isinstance(value, tuple):
            return tuple(self._walk(v) for v in value)  # type: ignore[return-value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            changes = {
                f.name: self._walk(getattr(value, f.name)) for f in dataclasses.fields(value)
            }
            return dataclasses.replace(value, **changes)
        return value

    def warning(self, lang: str) -> str:
        names = ", ".join(repr(name) for name in self.missing)
        return (
            _(
                "the PDF's font lacks some letters of {names}: printed as their codes (U+…); "
                "use the html format to see them"
            )
            .format(names=names)
            .text(lang)
        )
