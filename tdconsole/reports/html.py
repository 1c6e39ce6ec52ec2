"""HTML: one self-contained page (inline CSS, no scripts, no links) that prints well on A4."""

from __future__ import annotations

from html import escape

from tdconsole.reports.model import Cell, Receipt, Report, Section, Slip, shown_columns
from tdconsole.reports.qr import svg
from tdconsole.words.reports import label

CSS = """
:root { --ink: #111; --muted: #666; --rule: #bbb; --red: #b00020; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: var(--ink);
       margin: 2em auto; max-width: 60em; padding: 0 1em; font-size: 11pt; }
header { border-bottom: 2px solid var(--ink); margin-bottom: 1em; display: flex;
         justify-content: space-between; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 1.4em; margin: 0; }
header .date { color: var(--muted); }
h2 { font-size: 1.25em; margin: 0.2em 0 0.6em; }
h3 { font-size: 1.1em; margin: 1.2em 0 0.2em; }
.facts { display: flex; flex-wrap: wrap; gap: 0.3em 1.6em; margin: 0 0 1em; padding: 0; }
.facts div { margin: 0; }
.facts dt { display: inline; color: var(--muted); }
.facts dt::after { content: ":"; }
.facts dd { display: inline; margin: 0 0 0 0.3em; font-weight: bold; }
.lines { margin: 0 0 0.4em; color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin-bottom: 0.8em; }
th, td { padding: 0.25em 0.5em; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { text-align: left; border-bottom: 2px solid var(--ink); font-size: 0.9em; }
td.right, th.right { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.center, th.center { text-align: center; }
tfoot td { border-top: 2px solid var(--ink); border-bottom: none; font-weight: bold; }
.red { color: var(--red); }
.bold { font-weight: bold; }
.muted { color: var(--muted); font-style: italic; }
.notes { font-size: 0.9em; color: var(--muted); }
.slips { display: grid; grid-template-columns: 1fr 1fr; border-left: 1px dashed var(--muted);
         border-top: 1px dashed var(--muted); }
.slip { border-right: 1px dashed var(--muted); border-bottom: 1px dashed var(--muted);
        padding: 0.8em 1em; height: 52mm; display: flex; flex-direction: column;
        justify-content: space-between; break-inside: avoid; }
.slip .event { font-size: 0.8em; color: var(--muted); }
.slip { position: relative; }
.slip .qr { position: absolute; right: 1em; bottom: 0.8em; width: 16mm; height: 16mm; }
.slip .where { font-size: 1.3em; }
.slip .card { font-size: 3em; font-weight: bold; text-align: center; line-height: 1; }
.slip .player { text-align: center; font-weight: bold; }
.receipt { border: 1px dashed var(--muted); padding: 1em 1.2em; margin: 0 0 1em;
           break-inside: avoid; }
.receipt .head { display: flex; justify-content: space-between; color: var(--muted);
                 font-size: 0.9em; }
.receipt h3 { margin: 0.3em 0; }
.receipt .amount { font-size: 1.6em; font-weight: bold; margin: 0.2em 0; }
.receipt .signs { display: flex; gap: 2em; margin-top: 1.6em; }
.receipt .sign { flex: 1; border-top: 1px solid var(--ink); padding-top: 0.2em;
                 margin-top: 2.2em; font-size: 0.85em; color: var(--muted); }
@media print {
  @page { size: A4; margin: 12mm; }
  body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
  thead { display: table-header-group; }
  tr, .slip, .receipt { break-inside: avoid; page-break-inside: avoid; }
  h3 { break-after: avoid; page-break-after: avoid; }
  .red { color: var(--red); -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _td(cell: Cell, align: str, tag: str = "td") -> str:
    classes = " ".join(c for c in (align if align != "left" else "", cell.style) if c)
    attr = f' class="{classes}"' if classes else ""
    return f"<{tag}{attr}>{escape(cell.text)}</{tag}>"


def _section(section: Section) -> list[str]:
    shown = shown_columns(section)
    out = []
    if section.title:
        out.append(f"<h3>{escape(section.title)}</h3>")
    out += [f'<p class="lines">{escape(line)}</p>' for line in section.lines]
    if not section.rows:
        if section.empty:
            out.append(f'<p class="muted">{escape(section.empty)}</p>')
        return out
    out.append("<table>")
    head = "".join(
        _td(Cell(section.columns[i].label, ""), section.columns[i].align, "th") for i in shown
    )
    out.append(f"<thead><tr>{head}</tr></thead>")
    out.append("<tbody>")
    for row in section.rows:
        out.append("<tr>" + "".join(_td(row[i], section.columns[i].align) for i in shown) + "</tr>")
    out.append("</tbody>")
    if section.total:
        total = section.total
        out.append(
            "<tfoot><tr>"
            + "".join(_td(total[i], section.columns[i].align) for i in shown)
            + "</tr></tfoot>"
        )
    out.append("</table>")
    return out


def _slip(slip: Slip, event: str, qr: str = "") -> str:
    red = " red" if slip.red else ""
    return (
        '<div class="slip">'
        f"{qr}"
        f'<div class="event">{escape(event)}</div>'
        f'<div class="where">{escape(slip.table_label)} <b class="{red.strip()}">'
        f"{escape(slip.table)}</b> · {escape(slip.seat_label)} <b>{escape(slip.seat)}</b></div>"
        f'<div class="card{red}">{escape(slip.card)}</div>'
        f'<div class="player">{escape(slip.player)}</div>'
        "</div>"
    )


def _receipt(receipt: Receipt, event: str) -> str:
    signs = "".join(f'<div class="sign">{escape(s)}</div>' for s in receipt.signatures)
    return (
        '<div class="receipt">'
        f'<div class="head"><span>{escape(event)}</span><span>{escape(receipt.when)}</span></div>'
        f"<h3>{escape(receipt.title)} · {escape(receipt.place)}</h3>"
        f'<div class="player">{escape(receipt.player)}</div>'
        f'<div class="amount">{escape(receipt.amount)}</div>'
        f"<p>{escape(receipt.text)}</p>"
        f'<div class="signs">{signs}</div>'
        "</div>"
    )


def render(report: Report) -> str:
    title = f"{report.title} — {report.event}"
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{report.lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        f'<header><h1>{escape(report.event)}</h1><span class="date">{escape(report.date)}</span>'
        "</header>",
        f"<h2>{escape(report.title)}</h2>",
    ]
    if report.facts:
        out.append('<dl class="facts">')
        out += [f"<div><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>" for k, v in report.facts]
        out.append("</dl>")
    if report.slips:
        out.append(f'<p class="notes">✂ {escape(label("slip.cut", report.lang))}</p>')
        qr = ""
        if report.players_url:
            words = label("slip.players", report.lang)
            out.append(f'<p class="notes">{escape(words)}: {escape(report.players_url)}</p>')
            symbol, qr = svg(report.players_url, words)
            out.append(symbol)
        out.append('<div class="slips">')
        out += [_slip(slip, report.event, qr) for slip in report.slips]
        out.append("</div>")
    elif report.receipts:
        out.append(f'<p class="notes">✂ {escape(label("slip.cut", report.lang))}</p>')
        out += [_receipt(receipt, report.event) for receipt in report.receipts]
    else:
        for section in report.sections:
            out += _section(section)
    if report.notes:
        out.append('<div class="notes">')
        out += [f"<p>{escape(note)}</p>" for note in report.notes]
        out.append("</div>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)
