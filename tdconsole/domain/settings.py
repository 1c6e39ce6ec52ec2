"""The event's settings: the regulation's numbers and every Decision of rules.md, validated.

The shipped defaults live in ``config/ordine.toml`` (installed as ``tdconsole/_config``). An
event copies its settings into its log when it is created, so a later change of the file never
changes an event already running; ``set KEY=VALUE`` changes one and logs it.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tdconsole.domain.errors import RuleError

Language = Literal["it", "en"]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


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
            raise ValueError("table_min must not exceed table_max")
        if self.table_max > self.table_seats:
            raise ValueError("table_max must not exceed table_seats")
        if not self.suits or len(set(self.suits)) != len(self.suits):
            raise ValueError("suits must list distinct suit symbols")
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


class ClockSettings(_Section):
    first_minutes: int = Field(40, ge=1, le=600)
    """Art. III.5: length of the first, longer level."""
    second_bb_factor: int = Field(2, ge=2, le=100)
    """Art. III.5: the default second big blind is this many times the first."""
    minutes: int = Field(20, ge=1, le=600)
    """Art. III.5: length of every later level (shorter than the first)."""
    auto_announce: bool = False
    """Art. III.5: when false, a level applies only once the Director announces it."""

    @model_validator(mode="after")
    def _shorter(self) -> ClockSettings:
        if self.minutes >= self.first_minutes:
            raise ValueError("minutes must be shorter than first_minutes (Art. III.5)")
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
            raise ValueError("percents must be positive and sum to 100")
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
            raise ValueError("the folder must not contain control characters")
        return value


class Settings(BaseModel):
    """Every setting of an event. Sections mirror ``config/ordine.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    language: Language = "it"
    """The console's and printouts' language."""
    director: str = Field("Direttore", min_length=1, max_length=60)
    """The Director's name, recorded on the actions he takes (Art. VII)."""
    currency: str = "scudi"
    """Art. I.5: the unit of money."""
    registration: RegistrationSettings = RegistrationSettings()
    seating: SeatingSettings = SeatingSettings()
    stacks: StackSettings = StackSettings()
    clock: ClockSettings = ClockSettings()
    prizes: PrizeSettings = PrizeSettings()
    rulings: RulingSettings = RulingSettings()
    backup: BackupSettings = BackupSettings()

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
        return validate_settings(data, source=f"setting {key}")


def _parse_value(raw: str, current: Any) -> Any:
    if isinstance(current, bool):
        lowered = raw.strip().lower()
        if lowered in ("true", "yes", "on", "1", "si", "sì"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RuleError(
            f"{raw!r} is not true or false: write true or false",
            it=f"{raw!r} non è vero o falso: scrivete true o false",
        )
    if isinstance(current, (list, tuple)):
        return [part.strip() for part in raw.split(",") if part.strip()]
    return raw.strip()


def validate_settings(data: dict[str, Any], source: str) -> Settings:
    """Validate settings; a bad value is a one-line RuleError naming the key and the fix."""
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "settings"
        message = first["msg"].removeprefix("Value error, ")
        raise RuleError(
            f"{source}: {where}: {message}; fix the value and try again",
            it=f"{source}: {where}: {message}; correggete il valore e riprovate",
        ) from None


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
