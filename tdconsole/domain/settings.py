"""The event's settings: the regulation's numbers and every Decision of rules.md, validated.

The shipped defaults live in ``config/ordine.toml`` (installed as ``tdconsole/_config``). An
event copies its settings into its log when it is created, so a later change of the file never
changes an event already running; ``set KEY=VALUE`` changes one and logs it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import ErrorDetails, PydanticCustomError

from tdconsole.domain.errors import RuleError

Language = Literal["it", "en"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class RegistrationSettings(_Section):
    max_players: int = Field(24, ge=2, le=100_000)
    """Art. I.1: places available; later registrations go to the waiting list."""
    entry_fee: Decimal = Field(Decimal("70"), ge=0)
    """Art. I.2: the entry fee in scudi; all of it forms the prize pool (V.1)."""
    food_fee: Decimal = Field(Decimal("20"), ge=0)
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
    percents: tuple[Decimal, ...] = (
        Decimal(45),
        Decimal(25),
        Decimal(15),
        Decimal(10),
        Decimal(5),
    )
    """Art. V.1: shares of the prize pool for places 1, 2, ... (sum 100)."""
    payout_unit: Decimal = Field(Decimal("1"), gt=0)
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
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
            raise PydanticCustomError("control_chars", "", {"key": "folder"})
        return value


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
        data = self.model_dump()
        for section, value in data.items():
            if isinstance(value, dict) and key in value:
                value[key] = _parse_value(raw, value[key])
                break
            if section == key:
                data[section] = _parse_value(raw, value)
                break
        else:
            known = ", ".join(sorted(self.flat()))
            raise RuleError(
                f"unknown setting {key!r}: use one of {known}",
                it=f"impostazione sconosciuta {key!r}: usate una di queste: {known}",
            )
        return validate_settings(data, source=f"setting {key}", key=key)


def _parse_value(raw: str, current: Any) -> Any:
    if isinstance(current, bool):
        lowered = raw.strip().lower()
        if lowered in ("true", "yes", "on", "1", "si", "sì"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RuleError(
            f"{raw!r} is not yes or no: write yes or no (true or false)",
            it=f"{raw!r} non è sì o no: scrivete sì o no",
        )
    if isinstance(current, (list, tuple)):
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw.strip()


def validate_settings(data: dict[str, Any], source: str, key: str | None = None) -> Settings:
    """Validate settings; a bad value is a one-line RuleError naming the setting and the fix.

    ``key`` is the one setting being changed (``set``): the refusal then names it by its label
    (``config/ordine.toml``), in each language; a settings file's refusal names the file and
    the place in it."""
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        english, italian = explain(first, "en"), explain(first, "it")
        if key is not None:
            from tdconsole.domain.settings_help import label

            raise RuleError(
                f"{label(key, 'en')} ({key}): {english}; fix the value and try again",
                it=f"{label(key, 'it')}: {italian}; correggete il valore e riprovate",
            ) from None
        raise RuleError(
            f"{source}: {where}: {english}; fix the value and try again",
            it=f"{source}: {where}: {italian}; correggete il valore e riprovate",
        ) from None


_PLAIN: dict[str, tuple[str, str]] = {
    "greater_than_equal": ("must be at least {ge}", "deve valere almeno {ge}"),
    "greater_than": ("must be more than {gt}", "deve superare {gt}"),
    "less_than_equal": ("must be at most {le}", "non può superare {le}"),
    "less_than": ("must be less than {lt}", "deve stare sotto {lt}"),
    "int_parsing": ("write a whole number", "scrivete un numero intero"),
    "int_from_float": ("write a whole number", "scrivete un numero intero"),
    "int_type": ("write a whole number", "scrivete un numero intero"),
    "decimal_parsing": ("write a number", "scrivete un numero"),
    "decimal_type": ("write a number", "scrivete un numero"),
    "bool_parsing": ("write yes or no", "scrivete sì o no"),
    "bool_type": ("write yes or no", "scrivete sì o no"),
    "literal_error": ("choose one of {expected}", "scegliete tra {expected}"),
    "string_pattern_mismatch": ("write a time of day as HH:MM", "scrivete un orario come HH:MM"),
    "string_too_short": ("must not be empty", "non può essere vuoto"),
    "string_too_long": (
        "must be at most {max_length} characters",
        "al massimo {max_length} caratteri",
    ),
    "string_type": ("write a text", "scrivete un testo"),
    "tuple_type": ("write the values separated by commas", "scrivete i valori separati da virgole"),
    "extra_forbidden": ("is not a setting", "non è un'impostazione"),
    "distinct_suits": (
        "list different suit symbols, one a table",
        "elencate semi diversi, uno per tavolo",
    ),
    "ascending_chips": (
        "list positive, different values, smallest first",
        "elencate valori positivi e diversi, dal più piccolo",
    ),
    "percents": (
        "give positive shares that add up to 100",
        "indicate quote positive che in tutto fanno 100",
    ),
    "control_chars": (
        "must not contain control characters",
        "non può contenere caratteri di controllo",
    ),
}
_PAIRED: dict[str, tuple[str, str]] = {
    "not_above": ("{low} must not exceed {high}", "«{low}» non può superare «{high}»"),
    "shorter": ("{low} must be shorter than {high}", "«{low}» deve essere minore di «{high}»"),
    "unit_in_chips": ("{key} must be one of {chips}", "«{key}» deve essere uno dei «{chips}»"),
}


def explain(error: ErrorDetails, lang: str) -> str:
    """One validation error in words (``lang`` "it" or "en"), settings named by their labels."""
    from tdconsole.domain.settings_help import label

    index = 1 if lang == "it" else 0
    context: dict[str, Any] = dict(error.get("ctx") or {})
    kind = error["type"]
    if kind in _PAIRED:
        named = {
            k: (f"{label(v, 'en')} ({v})" if index == 0 else label(v, "it"))
            for k, v in context.items()
        }
        return _PAIRED[kind][index].format(**named)
    if kind in _PLAIN:
        if "expected" in context:
            expected = str(context["expected"]).replace("'", '"')
            context["expected"] = expected.replace(" or ", " o ") if index else expected
        return _PLAIN[kind][index].format(**context)
    return str(error["msg"]) if index == 0 else "valore non valido"


def config_dir() -> Path:
    """The shipped configuration folder (installed wheel or source checkout)."""
    installed = Path(__file__).resolve().parent.parent / "_config"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent.parent / "config"


def default_settings_path() -> Path:
    return config_dir() / "ordine.toml"


def load_settings(path: Path | None = None) -> Settings:
    """Read and validate a settings file (default: the shipped ``ordine.toml``)."""
    import tomllib

    from tdconsole.store.reading import MIB, check_depth, read_input, too_deep

    path = path or default_settings_path()
    try:
        text = read_input(path, MIB, "a settings file", "un file di impostazioni").decode()
    except FileNotFoundError:
        raise RuleError(
            f"settings file {path} not found: give an existing file",
            it=f"file di impostazioni {path} non trovato: indicate un file esistente",
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, a NUL in the name
        raise RuleError(
            f"cannot read settings file {path}: {exc}",
            it=f"impossibile leggere il file di impostazioni {path}: {exc}",
        ) from None
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise too_deep(str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(
            f"settings file {path} is not valid TOML ({exc}): fix it",
            it=f"il file di impostazioni {path} non è TOML valido ({exc}): correggetelo",
        ) from None
    check_depth(data, str(path))
    return validate_settings(data, source=str(path))
