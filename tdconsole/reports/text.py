"""Plain text for a fixed-width printer: at most 80 columns, nothing but characters."""

from __future__ import annotations

import textwrap

from tdconsole.reports.model import (
    GROUP,
    Align,
    Column,
    Receipt,
    Report,
    Section,
    Slip,
    cell_len,
    shown_columns,
)
from tdconsole.words.reports import label

WIDTH = 80
GAP = "  "


def _plain(text: str) -> str:
    # Fixed width: the narrow grouping space prints as a full one.
    return text.replace(GROUP, " ").replace("\n", " ")


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, with "…" where it was cut."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


def pad(text: str, width: int, align: Align) -> str:
    space = width - cell_len(text)
    if space <= 0:
        return text
    if align == "right":
        return " " * space + text
    if align == "center":
        left = space // 2
        return " " * left + text + " " * (space - left)
    return text + " " * space


def wrap(text: str, width: int) -> list[str]:
    lines = textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False)
    return [fit(line, width) for line in lines] or [""]


def _widths(columns: list[Column], rows: list[list[str]], width: int) -> list[int]:
    natural = [
        max([cell_len(c.label)] + [cell_len(r[i]) for r in rows]) for i, c in enumerate(columns)
    ]
    stretch = [i for i, c in enumerate(columns) if c.flex or c.wrap]
    fixed = sum(w for i, w in enumerate(natural) if i not in stretch)
    room = width - fixed - len(GAP) * (len(columns) - 1)
    widths = list(natural)
    if stretch:
        share = max(room // len(stretch), 8)
        for i in stretch:
            widths[i] = min(natural[i], share)
    else:
        # No column meant to give way: cut the widest until the line fits.
        while sum(widths) + len(GAP) * (len(columns) - 1) > width and max(widths) > 4:
            widths[widths.index(max(widths))] -= 1
    return widths


def _section(section: Section) -> list[str]:
    if not section.rows:
        return [section.empty] if section.empty else []
    shown = shown_columns(section)
    columns = [section.columns[i] for i in shown]
    body = [[_plain(row[i].text) for i in shown] for row in section.rows]
    total = [_plain(section.total[i].text) for i in shown] if section.total else None
    widths = _widths(columns, body + ([total] if total else []), WIDTH)
    out: list[str] = []

    def line(cells: list[str]) -> list[str]:
        parts: list[list[str]] = []
        for text, col, w in zip(cells, columns, widths, strict=True):
            parts.append(wrap(text, w) if col.wrap else [fit(text, w)])
        height = max(len(p) for p in parts)
        lines = []
        for k in range(height):
            row = [
                pad(p[k] if k < len(p) else "", w, c.align)
                for p, c, w in zip(parts, columns, widths, strict=True)
            ]
            lines.append(GAP.join(row).rstrip())
        return lines

    out += line([c.label for c in columns])
    out.append(GAP.join("-" * w for w in widths))
    for cells in body:
        out += line(cells)
    if total:
        out.append(GAP.join("-" * w for w in widths))
        out += line(total)
    return out


def _slips(slips: list[Slip], report: Report) -> list[str]:
    """Two slips a row, framed by cut lines."""
    box = (WIDTH - 1) // 2  # 39 columns each, one cut line between
    cut = "+" + "-" * (box - 1) + "+" + "-" * (box - 1) + "+"
    out = [f"{label('slip.cut', report.lang)}:", cut]
    if report.players_url:
        out.insert(0, f"{label('slip.players', report.lang)}: {report.players_url}")
    for i in range(0, len(slips), 2):
        pair = slips[i : i + 2]
        blocks = []
        for slip in pair:
            blocks.append(
                [
                    fit(report.event, box - 3),
                    f"{slip.table_label} {slip.table}",
                    f"{slip.seat_label} {slip.seat}",
                    f"{slip.card}",
                    fit(_plain(slip.player), box - 3),
                ]
            )
        while len(blocks) < 2:
            blocks.append([""] * 5)
        for k in range(5):
            out.append(
                "| "
                + pad(blocks[0][k], box - 3, "left")
                + " | "
                + pad(blocks[1][k], box - 3, "left")
                + " |"
            )
        out.append(cut)
    return out


def _receipts(receipts: list[Receipt], report: Report) -> list[str]:
    """One framed receipt after another, each with lines to sign (I.7)."""
    inner = WIDTH - 4
    cut = "+" + "-" * (WIDTH - 2) + "+"
    out = [f"{label('slip.cut', report.lang)}:", cut]
    if report.players_url:
        out.insert(0, f"{label('slip.players', report.lang)}: {report.players_url}")
    for receipt in receipts:
        head = fit(_plain(report.event), inner - cell_len(receipt.when) - 2)
        lines = [
            receipt.title.upper(),
            head + " " * (inner - cell_len(head) - cell_len(receipt.when)) + receipt.when,
            "",
            fit(_plain(f"{receipt.place}: {receipt.player}"), inner),
            fit(_plain(receipt.amount), inner),
            *wrap(_plain(receipt.text), inner),
        ]
        for signature in receipt.signatures:
            lines += ["", fit(_plain(signature), inner), "_" * min(inner, 40)]
        out += [f"| {pad(line, inner, 'left')} |" for line in lines]
        out.append(cut)
    return out


def _facts(facts: list[tuple[str, str]]) -> list[str]:
    """``Label: value`` pairs on as few lines as fit, never splitting a pair."""
    lines = [""]
    for key, value in facts:
        fact = f"{key}: {_plain(value)}"
        if lines[-1] and cell_len(lines[-1]) + 3 + cell_len(fact) > WIDTH:
            lines.append("")
        lines[-1] = f"{lines[-1]}   {fact}" if lines[-1] else fact
    return [line for chunk in lines for line in wrap(chunk, WIDTH)]


def render(report: Report) -> str:
    rule = "=" * WIDTH
    head = fit(report.event, WIDTH - cell_len(report.date) - 2)
    out = [rule, head + " " * (WIDTH - cell_len(head) - cell_len(report.date)) + report.date]
    out.append(report.title.upper())
    out.append(rule)
    if report.facts:
        out += _facts(report.facts)
        out.append("")
    if report.slips is not None and report.slips:
        out += _slips(report.slips, report)
    elif report.receipts:
        out += _receipts(report.receipts, report)
    else:
        for section in report.sections:
            if section.title:
                out.append(fit(_plain(section.title), WIDTH))
            for text in section.lines:
                out += wrap(_plain(text), WIDTH)
            out += _section(section)
            out.append("")
    for note in report.notes:
        out += wrap(_plain(note), WIDTH)
    return "\n".join(line.rstrip() for line in out).rstrip("\n") + "\n"
