"""One parser for every number anyone types: ASCII digits only, bounded in length
and in value, refused in one line with its article, never a traceback. Each input surface is
fed Unicode digits, huge and tiny exponents and 5,000-digit strings."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import (
    CHIPS_MAX,
    MONEY_MAX,
    decimal_number,
    money_amount,
    share_amount,
    whole_number,
)
from tdconsole.domain.settings import Settings, validate_settings
from tdconsole.i18n import _
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.calculators.parse import contributions, number
from tdconsole.ui.dialogs.base import parse_int

hostile = st.one_of(
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=8),
    st.builds(lambda m, e: f"{m}e{e}", st.integers(0, 99), st.integers(-(10**6), 10**6)),
    st.integers(4_000, 6_000).map(lambda n: "9" * n),
    st.integers(0, 10**30).map(str),
    st.sampled_from(
        [
            "²",
            "١٢",
            "٣٠٠٠",
            "NaN",
            "inf",
            "-0",
            "1_000",
            "0x10",
            "1e-999999",
            "1e30",
            "４０００",
            "12.345",
            " 7 ",
            "4 000",
            "",
            "+",
            "-",
            "1.",
            ".5",
            "1e3",
        ]
    ),
    st.text(max_size=12),
)

NUMERIC_SETTINGS = [
    "entry_fee",
    "food_fee",
    "payout_unit",
    "percents",
    "max_players",
    "table_seats",
    "chip_unit",
    "starting_stack",
    "denominations",
    "first_minutes",
    "keep",
    "every",
]


def _refused_in_one_line(refusal: RuleError) -> None:
    text = refusal.text("en")
    assert "\n" not in text and len(text) < 400, text


@pytest.mark.parametrize("typed", ["²", "١٢", "４０００", "9" * 5000, "1e30", "1_000", "0x10"])
def test_whole_numbers_are_ascii_digits_and_bounded(typed: str) -> None:
    with pytest.raises(RuleError) as refused:
        whole_number(typed, "chips")
    _refused_in_one_line(refused.value)


def test_whole_numbers_as_the_console_writes_them() -> None:
    assert whole_number(" 4 000 ", "chips") == 4000
    assert whole_number("4\u202f000", "chips") == 4000
    assert whole_number(str(CHIPS_MAX), "chips") == CHIPS_MAX
    with pytest.raises(RuleError, match="out of range"):
        whole_number(str(CHIPS_MAX + 1), "chips")


def test_money_is_bounded_with_the_units_decimals() -> None:
    assert money_amount("12.50", "fee") == Decimal("12.5")
    assert money_amount("70", "fee", places=0) == 70
    with pytest.raises(RuleError, match="decimals") as refused:
        money_amount("12.5", "fee", places=0)
    assert refused.value.article == "I.2"
    with pytest.raises(RuleError, match="more than"):
        money_amount(str(MONEY_MAX + 1), "fee")
    for typed in ("1e30", "1e-999999", "NaN", "Infinity", "²", "-1", "9" * 5000):
        with pytest.raises(RuleError):
            money_amount(typed, "fee")


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(typed=hostile)
def test_every_parser_returns_a_bounded_number_or_one_line(typed: str) -> None:
    """Attack (hypothesis): Unicode digits (Nd, No, Nl), exponents up to a million, strings of
    thousands of digits, fed to every number parser. Holds: a bounded number or a one-line
    refusal, never a traceback."""
    for parse, bound in (
        (lambda t: whole_number(t, "n"), CHIPS_MAX),
        (lambda t: money_amount(t, "n"), MONEY_MAX),
        (lambda t: share_amount(t, "n"), 100),
        (lambda t: decimal_number(t, "n"), CHIPS_MAX),
        (lambda t: number(t, _msg()), CHIPS_MAX),
        (lambda t: parse_int(t, "n", required=False) or 0, CHIPS_MAX),
    ):
        try:
            value = parse(typed)
        except RuleError as refused:
            _refused_in_one_line(refused)
        else:
            assert abs(value) <= bound
            assert typed.strip().replace(" ", "").lstrip("+-").replace(".", "").isascii()


def _msg():  # type: ignore[no-untyped-def]
    return _("chips")


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(NUMERIC_SETTINGS), typed=hostile)
def test_set_takes_a_bounded_number_or_refuses_in_one_line(key: str, typed: str) -> None:
    try:
        changed = Settings().with_value(key, typed)
    except RuleError as refused:
        _refused_in_one_line(refused)
        return
    registration = changed.registration
    assert registration.entry_fee <= MONEY_MAX and registration.food_fee <= MONEY_MAX
    assert len(str(registration.entry_fee)) < 20


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(["entry_fee", "food_fee", "payout_unit"]), typed=hostile)
def test_settings_files_and_imports_refuse_crazy_money(key: str, typed: str) -> None:
    section = "prizes" if key == "payout_unit" else "registration"
    try:
        read = validate_settings({section: {key: typed}}, source="ordine.toml")
    except RuleError as refused:
        _refused_in_one_line(refused)
        return
    value = getattr(getattr(read, section), key)
    assert 0 <= value <= MONEY_MAX and value.is_finite()


@pytest.mark.parametrize(
    "line",
    ["entry_fee = " + "9" * 5000, "entry_fee = 1e30", "entry_fee = 1e999", 'entry_fee = "²"'],
)
def test_a_settings_file_with_a_crazy_number_is_refused_in_one_line(
    tmp_path: Path, line: str
) -> None:
    path = tmp_path / "ordine.toml"
    path.write_text(f"[registration]\n{line}\n", encoding="utf-8")
    with pytest.raises(RuleError) as refused:
        load_settings(path)
    _refused_in_one_line(refused.value)


def test_console_calculator_fields_refuse_superscripts_and_long_digits() -> None:
    for typed in ("²", "9" * 5000, "١٢"):
        with pytest.raises(RuleError):
            number(typed, _msg())
        with pytest.raises(RuleError):
            contributions(f"Ada={typed} Bea=100")
        with pytest.raises(RuleError):
            contributions(f"{typed}:Ada=100")
    assert contributions("1:Ada=100 Bea=4000") == [(1, "Ada", 100), (None, "Bea", 4000)]
