"""How the console writes a number of chips, or of scudi: thousands set apart by a space
(``4 000``, ``1 680 scudi``), in every language, on every path that says one in words (refusals,
the command line, the console).
The printed reports group with narrow no-break spaces of their own (``reports.model.group``)."""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

from tdconsole.domain.errors import RuleError
from tdconsole.domain.payouts import money_text
from tdconsole.i18n import Msg, _, ngettext


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


def money_shown(amount: Decimal | None, currency: str = "") -> str:
    """A read model's money said as its JSON writes it, grouped (``756.00`` is said ``756``);
    None (no prize) is said as nothing."""
    return "" if amount is None else money_said(money_text(amount), currency)


# -- numbers as typed ------------------------------------------------------------------------
# One parser for every number a person types: the command line (every ``type=int`` option goes
# through ``whole_number``), the console's fields and calculators, ``set`` and the settings'
# own validation (files, imports, the event's log). Digits are ASCII 0-9 only (``'²'`` and
# ``'١'`` are digits to Python, not to a player); the text is bounded before it is converted
# (Python refuses more than 4,300 digits, and a decimal like ``1e-999999`` is two megabytes
# written out); the value is bounded after.

CHIPS_MAX = 10**12
"""The most chips any count, stack, blind or calculator field may hold."""
MONEY_MAX = 10**9
"""The most scudi any fee or unit may be."""
MONEY_PLACES = 2
"""The most decimals money may have (cents); fees have no more than the payout unit."""
TYPED_LIMIT = 40
"""The most characters a typed number may have, grouping spaces and sign included."""

_GROUPING = (" ", "\u00a0", "\u202f")  # how the console writes thousands (``4 000``)
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"\+?([0-9]+)(?:\.([0-9]+))?")


def _check_length(raw: str, what: Msg | str, article: str | None) -> None:
    if len(raw) > TYPED_LIMIT:
        raise RuleError(
            _("{what}: {raw} is too long for a number: give at most {limit} characters").format(
                what=_named(what), raw=_shown(raw), limit=TYPED_LIMIT
            ),
            article,
        )


def _named(what: Msg | str) -> Msg | str:
    """The field a refusal names, in one line: a name typed on the command line (``count
    NAME=CHIPS``) may hold line breaks or be long; a field's own label passes as it is."""
    if isinstance(what, str):
        text = " ".join(what.split())
        return text if len(text) <= 40 else text[:40] + "…"
    return what


def _shown(raw: str) -> str:
    """A typed text quoted in a refusal: at most 20 characters of it."""
    text = raw.strip()
    return repr(text if len(text) <= 20 else text[:20] + "…")


def whole_number(
    raw: str,
    what: Msg | str,
    *,
    low: int = 0,
    high: int = CHIPS_MAX,
    article: str | None = None,
) -> int:
    """``raw`` as a whole number from ``low`` to ``high``: ASCII digits, an optional sign,
    thousands spaced as the console writes them. A ``RuleError`` in one line otherwise;
    ``what`` names the field."""
    _check_length(raw, what, article)
    text = raw.strip()
    for space in _GROUPING:
        text = text.replace(space, "")
    if not _WHOLE.fullmatch(text):
        raise RuleError(
            _("{what}: {raw} is not a whole number: write it with the digits 0-9").format(
                what=_named(what), raw=_shown(raw)
            ),
            article,
        )
    value = int(text)
    if value < low and high == CHIPS_MAX:  # no bound of its own above: its floor is the range
        raise RuleError(
            _("{what}: {value} is out of range: give {low} or more").format(
                what=_named(what), value=chips_text(value), low=chips_text(low)
            ),
            article,
        )
    if not low <= value <= high:
        raise RuleError(
            _("{what}: {value} is out of range: give a number from {low} to {high}").format(
                what=_named(what),
                value=chips_text(value),
                low=chips_text(low),
                high=chips_text(high),
            ),
            article,
        )
    return value


_COUNT = re.compile(r"0|[1-9][0-9]*|[1-9][0-9]{0,2}(?:[ \u00a0\u202f][0-9]{3})+")
_NEGATIVE = re.compile(r"-[0-9]*[1-9][0-9]*")


def chips_typed(raw: str, what: Msg | str) -> int:
    """A count of chips as typed, the one parser of the command line's ``NAME=CHIPS``, the
    console's count fields and the phone's: ASCII digits exactly, without a sign, a space
    around them or a leading zero; thousands may be set apart as the console writes them
    (``4 000``). From 0 to ``CHIPS_MAX``; a negative count is refused as a Decision (VII.1)."""
    _check_length(raw, what, None)
    if _NEGATIVE.fullmatch(raw):
        raise RuleError(
            _(
                "{name}: a count cannot be negative ({chips}): give the chips he has, 0 or more"
            ).format(name=_named(what), chips=raw),
            "VII.1",
        )
    if not _COUNT.fullmatch(raw):
        raise RuleError(
            _(
                "{what}: {raw} is not a count of chips: write it with the digits 0-9 alone "
                "(no sign, no space around it, no leading zero)"
            ).format(what=_named(what), raw=repr(raw[:20] + ("…" if len(raw) > 20 else ""))),
        )
    return whole_number(raw, what)


def money_amount(
    raw: str,
    what: Msg | str,
    *,
    places: int = MONEY_PLACES,
    high: int = MONEY_MAX,
    article: str | None = "I.2",
) -> Decimal:
    """``raw`` as scudi: ASCII digits with at most ``places`` decimals after a point, from 0 to
    ``high``. A ``RuleError`` in one line otherwise (``what`` names the field)."""
    value = _decimal(raw, what, places, article)
    if value is None:
        raise RuleError(
            _(
                "{what}: {raw} is not an amount: write scudi with the digits 0-9 (e.g. 70 or 12.50)"
            ).format(what=_named(what), raw=_shown(raw)),
            article,
        )
    if value > high:
        raise RuleError(
            _("{what}: {value} is more than {high} scudi: give a smaller amount").format(
                what=_named(what), value=money_said(value), high=money_said(high)
            ),
            article,
        )
    return value


def share_amount(raw: str, what: Msg | str, *, article: str | None = "V.1") -> Decimal:
    """``raw`` as a share of the prize pool in percent: ASCII digits, at most 2 decimals."""
    value = _decimal(raw, what, 2, article)
    if value is None:
        raise RuleError(
            _(
                "{what}: {raw} is not a percentage: write it with the digits 0-9 (e.g. 45 or 12.5)"
            ).format(what=_named(what), raw=_shown(raw)),
            article,
        )
    if value > 100:
        raise RuleError(
            _("{what}: {value} is more than 100 percent: give a smaller share").format(
                what=_named(what), value=str(value)
            ),
            article,
        )
    return value


def _decimal(raw: str, what: Msg | str, places: int, article: str | None) -> Decimal | None:
    """``raw`` as a decimal of at most ``places`` decimals, or None when it is not one."""
    _check_length(raw, what, article)
    found = _DECIMAL.fullmatch(raw.strip())
    if found is None:
        return None
    cents = (found.group(2) or "").rstrip("0")
    if len(cents) > places:
        if places == 0:
            refusal = _("{what}: {raw} has decimals: give a whole number of scudi").format(
                what=_named(what), raw=_shown(raw)
            )
        else:
            refusal = _("{what}: {raw} has too many decimals: give at most {n}").format(
                what=_named(what), raw=_shown(raw), n=places
            )
        raise RuleError(refusal, article)
    return Decimal(f"{int(found.group(1))}.{cents}" if cents else str(int(found.group(1))))


def decimal_number(
    raw: str,
    what: Msg | str,
    *,
    places: int = 3,
    low: int = 0,
    high: int = CHIPS_MAX,
    article: str | None = None,
) -> Decimal:
    """``raw`` as a decimal from ``low`` to ``high`` (seconds, a factor): ASCII digits, an
    optional sign, at most ``places`` decimals after a point."""
    text = raw.strip()
    negative = text.startswith("-")
    value = _decimal(text[1:] if negative else text, what, places, article)
    if value is None:
        raise RuleError(
            _(
                "{what}: {raw} is not a number: write it with the digits 0-9 (e.g. 45 or 2.5)"
            ).format(what=_named(what), raw=_shown(raw)),
            article,
        )
    value = -value if negative else value
    if not low <= value <= high:
        raise RuleError(
            _("{what}: {value} is out of range: give a number from {low} to {high}").format(
                what=_named(what), value=str(value), low=chips_text(low), high=chips_text(high)
            ),
            article,
        )
    return Decimal(value)


def decimal_places(value: Decimal) -> int:
    """How many decimals ``value`` needs (``12.50`` → 1, ``70`` → 0)."""
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def round_chips(value: Decimal, unit: int, mode: str = "half_up") -> int:
    """Round to a multiple of the chip unit (Decision of III.3: nearest, halves up)."""
    rounding = ROUND_HALF_UP if mode == "half_up" else ROUND_DOWN
    return int((value / unit).to_integral_value(rounding=rounding)) * unit
