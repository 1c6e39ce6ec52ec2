"""CSV: UTF-8 with a byte-order mark (so spreadsheets read the accents and suits), plain numbers."""

from __future__ import annotations

import csv
import io

from tdconsole.reports.model import Report


def render(report: Report) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    header_written = False
    for section in report.sections:
        shown = [i for i, c in enumerate(section.columns) if c.csv]
        if not header_written:
            writer.writerow(
                [k for k, _ in section.csv_prefix] + [section.columns[i].label for i in shown]
            )
            header_written = True
        prefix = [v for _, v in section.csv_prefix]
        for row in section.rows:
            writer.writerow(prefix + [_safe(row[i].plain) for i in shown])
    return buffer.getvalue().encode("utf-8-sig")


def _safe(value: str) -> str:
    # A cell starting with = + - @ is a formula to a spreadsheet: a name must stay a name.
    if value[:1] in ("=", "+", "@") or (value[:1] == "-" and not _is_number(value)):
        return "'" + value
    return value


def _is_number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True
