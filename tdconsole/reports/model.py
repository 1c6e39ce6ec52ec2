"""A report before it is printed: title, facts, tables of cells, notes, seat slips.

The builders (``builders/``) turn the event's read model into a ``Report``; each format
(``text.py``, ``html.py``, ``pdf.py``, ``csvout.py``) prints a ``Report`` and knows nothing of
the tournament.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Literal

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _, pgettext

Align = Literal["left", "right", "center"]
Style = Literal["", "red", "bold", "muted"]

#: Grouping of thousands in chips counts: a narrow no-break space (U+202F). Plain text prints
#: it as an ordinary space (fixed width), CSV prints chips without grouping.
GROUP = "\u202f"

RED_SUITS = frozenset("♥♦")


@dataclass(frozen=True)
class Cell:
    """One value: ``text`` as shown on paper, ``plain`` as written to CSV."""

    text: str
    plain: str
    style: Style = ""


@dataclass(frozen=True)
class Column:
    label: str
    align: Align = "left"
    #: Takes the width left over in plain text; longer values are cut with "…".
    flex: bool = False
    #: Takes the width left over in plain text; longer values wrap onto more lines.
    wrap: bool = False
    #: Shown on paper / written to CSV.
    display: bool = True
    csv: bool = True


@dataclass
class Section:
    title: str | None
    columns: list[Column]
    rows: list[list[Cell]] = field(default_factory=list)
    #: A totals line, shown under the rows (not written to CSV).
    total: list[Cell] | None = None
    #: Columns put in front of every CSV row (e.g. the table of a seating section).
    csv_prefix: list[tuple[str, str]] = field(default_factory=list)
    #: Lines under the section's title (facts of one table, the moves to announce).
    lines: list[str] = field(default_factory=list)
    empty: str = ""


@dataclass(frozen=True)
class Slip:
    """One seat slip, to cut and hand out (II.2)."""

    table_label: str
    table: str
    seat_label: str
    seat: str
    card: str
    player: str
    red: bool


@dataclass(frozen=True)
class Receipt:
    """One prize receipt, handed over with the prize and signed by the player (I.7)."""

    title: str
    place: str
    player: str
    amount: str
    text: str
    when: str
    signatures: tuple[str, ...]
    """The lines to sign, each under its label: the player's, the Director's."""


@dataclass
class Report:
    kind: str
    lang: Literal["it", "en"]
    title: str
    event: str
    date: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    slips: list[Slip] | None = None
    players_url: str | None = None
    """The players' page (``tdconsole serve``'s ``/players``) whose QR code each slip carries."""
    receipts: list[Receipt] | None = None


def shown_columns(section: Section) -> list[int]:
    """The columns printed on paper: those meant for it that have something to show."""
    rows = section.rows + ([section.total] if section.total else [])
    return [
        i
        for i, c in enumerate(section.columns)
        if c.display and (not section.rows or any(r[i].text for r in rows))
    ]


# -- values ------------------------------------------------------------------------------------


def group(n: int) -> str:
    """``1234567`` → ``1 234 567`` with narrow no-break spaces."""
    sign = "-" if n < 0 else ""
    digits = str(abs(n))
    parts = []
    while len(digits) > 3:
        parts.append(digits[-3:])
        digits = digits[:-3]
    parts.append(digits)
    return sign + GROUP.join(reversed(parts))


def _what(what: str) -> object:
    """The value a report reads, named in the refusal below (``what`` is its key)."""
    named = {
        "amount": pgettext("bad value", "amount"),
        "best": pgettext("bad value", "best"),
        "bonus": pgettext("bad value", "bonus"),
        "button": pgettext("bad value", "button"),
        "cashes": pgettext("bad value", "cashes"),
        "chips": pgettext("bad value", "chips"),
        "counted": pgettext("bad value", "counted"),
        "entrants": pgettext("bad value", "entrants"),
        "final bonus": pgettext("bad value", "final bonus"),
        "id": pgettext("bad value", "id"),
        "number": pgettext("bad value", "number"),
        "orbits": pgettext("bad value", "orbits"),
        "percent": pgettext("bad value", "percent"),
        "place": pgettext("bad value", "place"),
        "played": pgettext("bad value", "played"),
        "prize pool": pgettext("bad value", "prize pool"),
        "prize": pgettext("bad value", "prize"),
        "ruling id": pgettext("bad value", "ruling id"),
        "seat": pgettext("bad value", "seat"),
        "second stack": pgettext("bad value", "second stack"),
        "suspended orbits": pgettext("bad value", "suspended orbits"),
        "table number": pgettext("bad value", "table number"),
        "table": pgettext("bad value", "table"),
        "wins": pgettext("bad value", "wins"),
    }
    return named.get(what, what)


def bad_value(what: str, value: object) -> RuleError:
    return RuleError(
        _("the event's state has a bad {what}: {value!r}").format(what=_what(what), value=value),
    )


def as_int(value: object, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise bad_value(what, value)
    try:
        return int(value)
    except ValueError:
        raise bad_value(what, value) from None


def as_money(value: object, what: str = "amount") -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        raise bad_value(what, value) from None


def money_text(amount: Decimal) -> str:
    """Scudi as the regulation writes them: whole scudi without decimals, grouped."""
    if amount == amount.to_integral_value():
        return group(int(amount))
    whole, _dot, cents = f"{amount:.2f}".partition(".")
    return f"{group(int(whole))}.{cents}"


def money_plain(amount: Decimal) -> str:
    if amount == amount.to_integral_value():
        return str(int(amount))
    return f"{amount:.2f}"


def chips_cell(value: object, what: str = "chips") -> Cell:
    n = as_int(value, what)
    if n is None:
        return Cell("—", "")
    return Cell(group(n), str(n))


def money_cell(value: object, what: str = "amount") -> Cell:
    amount = as_money(value, what)
    if amount is None:
        return Cell("—", "")
    return Cell(money_text(amount), money_plain(amount))


def text_cell(value: object, style: Style = "") -> Cell:
    if value is None:
        return Cell("—", "")
    text = str(value)
    return Cell(text, text, style)


def card_cell(card: object) -> Cell:
    if not card:
        return Cell("—", "")
    text = str(card)
    return Cell(text, text, "red" if text[-1:] in RED_SUITS else "")


def int_cell(value: object, what: str = "number") -> Cell:
    n = as_int(value, what)
    return Cell("—", "") if n is None else Cell(str(n), str(n))


def word(text: str) -> Cell:
    return Cell(text, text)


def empty_cell() -> Cell:
    return Cell("", "")


# -- width on a fixed-width printer -------------------------------------------------------------


def cell_len(text: str) -> int:
    """Columns taken by ``text`` on a terminal or a fixed-width printer."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufeff":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width
