"""How the console writes a number of chips, or of scudi: thousands set apart by a space
(``4 000``, ``1 680 scudi``), in every language, on every path that says one in words (refusals,
the command line, the console).
The printed reports group with narrow no-break spaces of their own (``reports.model.group``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.i18n import Msg, ngettext

if TYPE_CHECKING:
    from decimal import Decimal  # (not imported to run: the console's first frame reads this)


def chips_text(value: int | None) -> str:
    """``4000`` → ``4 000``; ``-1500`` → ``-1 500``; '–' when unknown."""
    if value is None:
        return "–"
    return f"{value:,}".replace(",", " ")


def chips_count(value: int) -> Msg:
    """``4 000 chips`` / ``1 chip``, said in the reader's language."""
    return ngettext("{n} chip", "{n} chips", value).format(n=chips_text(value))


def chips_change(value: int) -> str:
    """A change of chips with its sign: ``+1 500``, ``-25``, ``+0``."""
    return f"{value:+,}".replace(",", " ")


def money_said(amount: Decimal | int | str, currency: str = "") -> str:
    """Money as the console and the command line say it, grouped like chips: ``1 680 scudi``
    (cents kept: ``12.50``). The JSON keeps ``payouts.money_text``'s plain decimal."""
    text = str(amount) if isinstance(amount, str | int) else format(amount, "f")
    whole, dot, cents = text.partition(".")
    sign, digits = ("-", whole[1:]) if whole.startswith("-") else ("", whole)
    if digits.isdigit():
        text = sign + chips_text(int(digits)) + dot + cents
    return f"{text} {currency}" if currency else text
