"""The event's settings: the regulation's numbers and every Decision of rules.md, validated.

The shipped defaults live in ``config/ordine.toml`` (installed as ``tdconsole/_config``). An
event copies its settings into its log when it is created, so a later change of the file never
changes an event already running; ``set KEY=VALUE`` changes one and logs it.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Any, Literal, Protocol

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from tdconsole.domain.errors import RuleError
from tdconsole.domain.folders import FOLDER_KEYS, folder_refusal
from tdconsole.domain.numbers import (
    CHIPS_MAX,
    MONEY_MAX,
    MONEY_PLACES,
    TYPED_LIMIT,
    decimal_places,
    money_amount,
    share_amount,
    whole_number,
)
from tdconsole.domain.settings_help import label
from tdconsole.i18n import PSEUDO, SOURCE, Msg, Said, _, languages, ngettext

PinKind = Literal["floor", "director"]

PIN_KEYS: dict[str, PinKind] = {"floor_pin": "floor", "director_pin": "director"}
"""The keys ``set`` takes for the PINs, and which PIN each one is (their hashes and events are
``access``'s)."""


def is_pin_key(key: str) -> bool:
    return key.strip() in PIN_KEYS


def masked(key: str, value: str) -> str:
    """``key=value`` for the log's summary: a PIN's digits never appear."""
    if not is_pin_key(key):
        return f"{key}={value}"
    return f"{key.strip()}=" + ("****" if value.strip() else "")


def _language(value: str) -> str:
    """A language of the console: English, any catalogue shipped, or the test language."""
    if value in languages() or value == PSEUDO:
        return value
    expected = " or ".join(repr(lang) for lang in languages())
    raise PydanticCustomError("literal_error", "", {"expected": expected})


Language = Annotated[str, AfterValidator(_language)]

_STORED_DECIMAL = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]{1,3})?")


def _ascii_decimal(value: Any) -> Any:
    """A decimal written as text (a settings file, an import, the event's log): ASCII digits
    and bounded in length before Decimal reads it (``numbers``: ``'١٢'``, 5,000 nines)."""
    if isinstance(value, str):
        text = value.strip()
        if len(text) > TYPED_LIMIT or not _STORED_DECIMAL.fullmatch(text):
            raise PydanticCustomError("ascii_number", "", {})
        return text
    return value


Money = Annotated[
    Decimal,
    BeforeValidator(_ascii_decimal),
    Field(ge=0, le=MONEY_MAX, decimal_places=MONEY_PLACES),
]
"""Scudi: 0 to ``MONEY_MAX``, at most ``MONEY_PLACES`` decimals (``numbers``)."""
Share = Annotated[Decimal, BeforeValidator(_ascii_decimal), Field(gt=0, le=100, decimal_places=2)]
"""A share of the prize pool, in percent."""


MAX_PLAYERS = 100_000
"""The most places an event may have (``max_players``)."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class RegistrationSettings(_Section):
    max_players: int = Field(24, ge=2, le=MAX_PLAYERS)
    """Art. I.1: places available; later registrations go to the waiting list."""
    entry_fee: Money = Decimal("70")
    """Art. I.2: the entry fee in scudi; all of it forms the prize pool (V.1)."""
    food_fee: Money = Decimal("20")
    """Art. I.2: the food contribution in scudi; never part of the prize pool."""


class SeatingSettings(_Section):
    table_min: int = Field(6, ge=2, le=13)
    """Art. II.1: fewest players a table at the start."""
    table_max: int = Field(8, ge=2, le=13)
    """Art. II.1: most players a table at the start."""
    table_seats: int = Field(10, ge=2, le=13)
    """Decision (IV.4): most players a table may hold after moves (13 cards of a suit)."""
    final_seats: int = Field(9, ge=2, le=13)
    """Art. IV.1: seats at the final table; the final begins when this many or fewer are in."""
    close_at: int = Field(3, ge=1, le=12)
    """Art. IV.4: a table closes when this many or fewer of its players are still in."""
    suits: str = "♥♦♣♠"
    """Decision (II.2): the suit marking each table's cards, in turn (table 1 = first)."""
    table_count: Literal["fewest", "most"] = "fewest"
    """Decision (II.1): the fewest (or most) tables whose balanced sizes fall in the range."""

    @model_validator(mode="after")
    def _consistent(self) -> SeatingSettings:
        if self.table_min > self.table_max:
            raise PydanticCustomError("not_above", "", {"low": "table_min", "high": "table_max"})
        if self.table_max > self.table_seats:
            raise PydanticCustomError("not_above", "", {"low": "table_max", "high": "table_seats"})
        if not self.suits or len(set(self.suits)) != len(self.suits):
            raise PydanticCustomError("distinct_suits", "", {"key": "suits"})
        return self


class StackSettings(_Section):
    min_stack_bb: int = Field(40, ge=1, le=10_000)
    """Art. III.1: the starting stack is at least this many first big blinds."""
    chip_unit: int = Field(25, ge=1, le=1_000_000)
    """The smallest chip: stacks, second stacks and blinds are multiples of it."""
    second_stack_rounding: Literal["half_up", "down"] = "half_up"
    """Decision (III.3): how the table average is rounded to the chip unit."""
    second_stack_phase: Literal["elimination"] = "elimination"
    """Decision (III.2): the second stack is given only during the elimination phase."""
    starting_stack: int = Field(4000, ge=1, le=100_000_000)
    """Art. III.1: the starting stack the structure screen proposes (the Director decides it
    at ``start``)."""
    denominations: tuple[int, ...] = (25, 100, 500, 1000, 5000)
    """Decision (colour-up): the chips in the box, smallest first; ``chip_unit`` is the
    smallest still in play, the next one takes its place at the colour-up."""

    @model_validator(mode="after")
    def _chips(self) -> StackSettings:
        chips = self.denominations
        if any(c <= 0 for c in chips) or list(chips) != sorted(set(chips)):
            raise PydanticCustomError("ascending_chips", "", {"key": "denominations"})
        if chips and self.chip_unit not in chips:
            raise PydanticCustomError(
                "unit_in_chips", "", {"key": "chip_unit", "chips": "denominations"}
            )
        return self


class ClockSettings(_Section):
    first_minutes: int = Field(40, ge=1, le=600)
    """Art. III.5: length of the first, longer level."""
    second_bb_factor: int = Field(2, ge=2, le=100)
    """Art. III.5: the default second big blind is this many times the first."""
    minutes: int = Field(20, ge=1, le=600)
    """Art. III.5: length of every later level (shorter than the first)."""
    auto_announce: bool = False
    """Art. III.5: when false, a level applies only once the Director announces it."""
    finish_by: str = Field("01:00", pattern=r"^([01]\d|2[0-3]):[0-5]\d$")
    """Decision (III.1): the time of day (HH:MM) the proposed structure aims to end by."""
    break_minutes: int = Field(15, ge=1, le=600)
    """Decision (VII.1): the length of a break inserted from the structure screen."""

    @model_validator(mode="after")
    def _shorter(self) -> ClockSettings:
        if self.minutes >= self.first_minutes:
            raise PydanticCustomError("shorter", "", {"low": "minutes", "high": "first_minutes"})
        return self


class PrizeSettings(_Section):
    percents: tuple[Share, ...] = (
        Decimal(45),
        Decimal(25),
        Decimal(15),
        Decimal(10),
        Decimal(5),
    )
    """Art. V.1: shares of the prize pool for places 1, 2, ... (sum 100)."""
    payout_unit: Annotated[Money, Field(gt=0)] = Decimal("1")
    """Decision (V.1): prizes are multiples of this many scudi."""
    rounding: Literal["down_remainder_first"] = "down_remainder_first"
    """Decision (V.1): each share rounded down to the unit, the remainder to 1st."""
    tie_split: Literal["equal_registration_order"] = "equal_registration_order"
    """Decision: tied players pool their places' prizes; leftover units in registration order."""
    vacated_place: Literal["spread_to_better_places"] = "spread_to_better_places"
    """Decision (VI.2): the prize of a place nobody can take after a disqualification is
    spread over the better places still to be awarded, in proportion to their shares."""

    @field_validator("percents")
    @classmethod
    def _sum_100(cls, value: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
        if not value or sum(value) != 100 or any(p <= 0 for p in value):
            raise PydanticCustomError("percents", "", {"key": "percents"})
        return value


class RulingSettings(_Section):
    odd_chip: Literal["first_left_of_button"] = "first_left_of_button"
    """Decision (1.3): an odd chip of a split pot goes to the first winner left of the button."""
    italiana_flush: Literal["suit", "ace"] = "suit"
    """Decision (003 Art. 7.2): flush against flush, the better suit first ("ace": the ace)."""
    italiana_ace_straight: Literal["plain", "wrap"] = "plain"
    """Decision (003 Art. 8.1-8.3): A-6-7-8-9 plays the ace low ("wrap": a minimum straight)."""


class BackupSettings(_Section):
    keep: int = Field(10, ge=0, le=1000)
    """Backups of the event file kept, the oldest deleted first (0: no automatic backups)."""
    every: int = Field(20, ge=1, le=100_000)
    """A backup is taken once this many commands were recorded since the last one."""
    folder: str = Field("", max_length=1000)
    """Where backups go: empty for the console's data folder (``backups/``); a relative path
    is taken from the event file's folder."""

    @field_validator("folder")
    @classmethod
    def _printable(cls, value: str) -> str:
        return _typed_folder(value, "folder")


class PrintSettings(_Section):
    print_dir: str = Field("", max_length=1000)
    """Where the console's printouts are written: empty for a ``prints`` folder beside the
    event file; a relative path is taken from the event file's folder."""

    @field_validator("print_dir")
    @classmethod
    def _printable(cls, value: str) -> str:
        return _typed_folder(value, "print_dir")


def _typed_folder(value: str, key: str) -> str:
    """A folder typed into a setting: any path, but no control character."""
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise PydanticCustomError("control_chars", "", {"key": key})
    return value


class DisplaySettings(_Section):
    voice: bool = True
    """The room's screens say aloud the level changes, the breaks, the last minute and the
    Director's messages, once their sound is on."""


class Settings(BaseModel):
    """Every setting of an event. Sections mirror ``config/ordine.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    language: Language = "it"
    """The console's and printouts' language."""
    director: str = Field("Direttore", min_length=1, max_length=60)
    """The Director's name, recorded on the actions he takes (Art. VII)."""
    currency: str = "scudi"
    """Art. I.5: the unit of money."""
    # The defaults as their classes declare them, built without a validator each (a test
    # holds them to the validated ones): a command builds Settings' validator alone.
    registration: RegistrationSettings = RegistrationSettings.model_construct()
    seating: SeatingSettings = SeatingSettings.model_construct()
    stacks: StackSettings = StackSettings.model_construct()
    clock: ClockSettings = ClockSettings.model_construct()
    prizes: PrizeSettings = PrizeSettings.model_construct()
    rulings: RulingSettings = RulingSettings.model_construct()
    backup: BackupSettings = BackupSettings.model_construct()
    printing: PrintSettings = PrintSettings.model_construct()
    display: DisplaySettings = DisplaySettings.model_construct()

    def flat(self) -> dict[str, Any]:
        """Settings as ``key -> value`` with the short keys ``set`` accepts."""
        out: dict[str, Any] = {}
        for section, value in self.model_dump().items():
            if isinstance(value, dict):
                out.update(value)
            else:
                out[section] = value
        return out

    def with_value(self, key: str, raw: str) -> Settings:
        """A copy with one setting changed, ``key`` as in :meth:`flat` (``table_seats``)."""
        check_local_folder(key, raw)
        data = self.model_dump()
        for section, value in data.items():
            if isinstance(value, dict) and key in value:
                value[key] = _parse_value(key, raw, value[key], self)
                break
            if section == key:
                data[section] = _parse_value(key, raw, value, self)
                break
        else:
            known = ", ".join(sorted(self.flat()))
            raise RuleError(
                _("unknown setting {key!r}: use one of {known}").format(key=key, known=known),
            )
        return validate_settings(data, source=key, key=key)


def check_local_folder(key: str, value: str) -> None:
    """Refuse, for a setting naming a folder, one that is not of this machine
    (``folders.folder_refusal``): ``set`` and the settings of a new event."""
    refusal = folder_refusal(value) if key in FOLDER_KEYS else None
    if refusal is not None:
        raise RuleError(
            _("{setting}: {explanation}; fix the value and try again").format(
                setting=setting_name(key), explanation=refusal
            )
        )


def _parse_value(key: str, raw: str, current: Any, settings: Settings) -> Any:
    """A value typed for ``set``, read as its setting's kind; a number through ``numbers``'
    one parser (ASCII digits, bounded), its range then checked by the settings' validation."""
    if isinstance(current, bool):
        lowered = raw.strip().lower()
        if lowered in ("true", "yes", "on", "1", "si", "sì"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RuleError(
            _("{raw!r} is not yes or no: write yes or no (true or false)").format(raw=raw),
        )
    if isinstance(current, int):
        return whole_number(raw, setting_name(key), low=-CHIPS_MAX, article="VII.1")
    if isinstance(current, Decimal):
        places = MONEY_PLACES if key == "payout_unit" else _unit_places(settings)
        return money_amount(raw, setting_name(key), places=places)
    if isinstance(current, (list, tuple)):
        parts = [part.strip() for part in raw.split(",") if part.strip()]
        if current and isinstance(current[0], int):
            return [whole_number(part, setting_name(key), article="VII.1") for part in parts]
        if current and isinstance(current[0], Decimal):
            return [share_amount(part, setting_name(key)) for part in parts]
        return parts
    return raw.strip()


def _unit_places(settings: Settings) -> int:
    return min(MONEY_PLACES, decimal_places(settings.prizes.payout_unit))


def _fees_in_units(settings: Settings) -> None:
    """A fee has no more decimals than the payout unit (Decision V.1): 12.50 scudi of entry
    with a unit of 1 makes a prize pool the payouts cannot divide. Checked on what is typed
    and on settings files, not on an event's log (an older event may hold such a fee)."""
    places = decimal_places(settings.prizes.payout_unit)
    for key in ("entry_fee", "food_fee"):
        if decimal_places(getattr(settings.registration, key)) > places:
            error = PydanticCustomError(
                "fee_places", "", {"key": key, "unit": "payout_unit", "n": places}
            )
            raise ValidationError.from_exception_data(
                "Settings",
                [{"type": error, "loc": ("registration", key), "input": None}],
            )


def validate_settings(data: dict[str, Any], source: Said | str, key: str | None = None) -> Settings:
    """Validate settings; a bad value is a one-line RuleError naming the setting and the fix.

    ``key`` is the one setting being changed (``set``): the refusal then names it by its label
    (``config/ordine.toml``); a settings file's refusal names the file (``source``) and the place
    in it. Every word of the refusal is said in the reader's language."""
    try:
        settings = Settings.model_validate(data)
        _fees_in_units(settings)
        return settings
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        explanation = explain(first)
        if key is not None:
            raise RuleError(
                _("{setting}: {explanation}; fix the value and try again").format(
                    setting=setting_name(key), explanation=explanation
                )
            ) from None
        raise RuleError(
            _("{source}: {where}: {explanation}; fix the value and try again").format(
                source=source, where=where, explanation=explanation
            )
        ) from None


class Configured(Protocol):
    """What holds an event's settings: the State the service read, or a model of it."""

    @property
    def settings(self) -> Settings: ...


class _Label:
    """A setting's label (``config/ordine.toml``) in the reader's language."""

    def __init__(self, key: str) -> None:
        self.key = key

    def text(self, lang: str = SOURCE) -> str:
        return label(self.key, lang)


def setting_name(key: str) -> Msg:
    """A setting named for a reader: its label, and in English its key too."""
    return _("{label} ({key})").format(label=_Label(key), key=key)


def _choices(expected: str) -> Msg | str:
    """Pydantic's ``'a', 'b' or 'c'`` as a list in the reader's language."""
    values = [f'"{value}"' for value in re.findall(r"'([^']*)'", expected)]
    if len(values) < 2:
        return ", ".join(values) or expected
    return _("{values} or {last}").format(values=", ".join(values[:-1]), last=values[-1])


def explain(error: ErrorDetails) -> Msg:
    """One validation error in words, settings named by their labels (``.text(lang)``)."""
    context: dict[str, Any] = dict(error.get("ctx") or {})
    kind = error["type"]
    named = {k: setting_name(str(v)) for k, v in context.items()}
    match kind:
        case "not_above":
            return _("{low} must not exceed {high}").format(**named)
        case "shorter":
            return _("{low} must be shorter than {high}").format(**named)
        case "unit_in_chips":
            return _("{key} must be one of {chips}").format(**named)
        case "greater_than_equal":
            return _("must be at least {ge}").format(**context)
        case "greater_than":
            return _("must be more than {gt}").format(**context)
        case "less_than_equal":
            return _("must be at most {le}").format(**context)
        case "less_than":
            return _("must be less than {lt}").format(**context)
        case "int_parsing" | "int_from_float" | "int_type":
            return _("write a whole number")
        case "decimal_parsing" | "decimal_type":
            return _("write a number")
        case "bool_parsing" | "bool_type":
            return _("write yes or no")
        case "literal_error":
            expected = _choices(str(context.get("expected", "")))
            return _("choose one of {expected}").format(expected=expected)
        case "string_pattern_mismatch":
            return _("write a time of day as HH:MM")
        case "string_too_short":
            return _("must not be empty")
        case "string_too_long":
            return ngettext(
                "must be at most {n} character",
                "must be at most {n} characters",
                int(context.get("max_length", 0)),
            )
        case "string_type":
            return _("write a text")
        case "tuple_type" | "list_type":
            return _("write the values separated by commas")
        case "model_type" | "model_attributes_type" | "dict_type":
            return _("write a section of settings, as in the shipped file")
        case "extra_forbidden":
            return _("is not a setting")
        case "distinct_suits":
            return _("list different suit symbols, one a table")
        case "ascending_chips":
            return _("list positive, different values, smallest first")
        case "percents":
            return _("give positive shares that add up to 100")
        case "control_chars":
            return _("must not contain control characters")
        case "ascii_number":
            return _("write a number with the digits 0-9")
        case "decimal_max_places" | "decimal_max_digits" | "decimal_whole_digits":
            return _("has too many decimals")
        case "fee_places":
            return ngettext(
                "{key} must have no more decimals than {unit} ({n} decimal)",
                "{key} must have no more decimals than {unit} ({n} decimals)",
                int(context.get("n", 0)),
            ).format(key=named["key"], unit=named["unit"])
    return _("is not a valid value")
