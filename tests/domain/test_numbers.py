"""Chips written as the console writes them everywhere in words: thousands apart (4 000)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_change, chips_count, chips_text, money_said, whole_number


def test_chips_text_groups_thousands_and_says_unknown() -> None:
    assert [chips_text(v) for v in (0, 25, 4000, 40500, 1_000_000_000, -1500, None)] == [
        "0", "25", "4 000", "40 500", "1 000 000 000", "-1 500", "–",
    ]  # fmt: skip


def test_chips_change_keeps_its_sign() -> None:
    assert [chips_change(v) for v in (0, 25, -500, 1500)] == ["+0", "+25", "-500", "+1 500"]


def test_chips_count_is_grouped_and_counted_in_the_readers_language() -> None:
    assert chips_count(1).text("en") == "1 chip"
    assert chips_count(4000).text("en") == "4 000 chips"
    assert chips_count(4000).text("it") == "4 000 gettoni"


def test_money_is_grouped_like_chips_and_keeps_its_cents() -> None:
    assert money_said(Decimal(1680), "scudi") == "1 680 scudi"
    assert money_said("756", "scudi") == "756 scudi"
    assert money_said(Decimal("12.50")) == "12.50"
    assert money_said(Decimal("1E+3")) == "1 000"


def test_a_refusal_names_a_typed_field_in_one_line() -> None:
    """`count '0<newline>0=1e9'`: the name typed before `=` is the field the refusal names."""
    with pytest.raises(RuleError) as refused:
        whole_number("1e9", "0\n0")
    assert "\n" not in refused.value.text("en")
    assert refused.value.text("en").startswith("0 0: ")
