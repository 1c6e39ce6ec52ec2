"""The blind structure of Art. III.5: levels, breaks and edits of levels not yet played.

Pure: no I/O. ``Structure`` is stored in events (pydantic, JSON round-trips exactly); see the
docstring of ``tdconsole.domain.clock`` for its rules (III.1, III.5, 2.3, 2.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_text
from tdconsole.i18n import Msg, _, ngettext

__all__ = ["MAX_LEVEL", "Blinds", "LevelOverride", "Period", "Structure"]

MAX_LEVEL = 200
"""The last level the structure computes: past it the big blind is an absurd number of chips."""


def _neighbours(value: int, step: int) -> Msg | int:
    """The multiples of ``step`` either side of ``value`` (the positive ones)."""
    below, above = value // step * step, (value // step + 1) * step
    return _("{below} or {above}").format(below=below, above=above) if below > 0 else above


class LevelOverride(BaseModel):
    """An edit of a level not yet played; ``None`` keeps the structure's value."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    big_blind: int | None = None
    """New big blind; the later levels double from it (III.5)."""
    ante: int | None = None
    """New ante (2.6); 0 removes it."""
    minutes: int | None = None
    """New length of the level."""


@dataclass(frozen=True, slots=True)
class Blinds:
    """The blinds of one level."""

    level: int
    small_blind: int
    big_blind: int
    ante: int

    def to_json(self) -> dict[str, int]:
        return {"small_blind": self.small_blind, "big_blind": self.big_blind, "ante": self.ante}


@dataclass(frozen=True, slots=True)
class Period:
    """One period of the clock: a blind level, or a break after ``level``.

    A break carries the blinds of the level it follows (no hands are dealt during it).
    """

    index: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    is_break: bool = False

    @property
    def duration(self) -> timedelta:
        return timedelta(minutes=self.minutes)


class Structure(BaseModel):
    """The blind structure of Art. III.5 (see the module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    first_bb: int
    """Big blind of level 1 (III.1: the starting stack is at least 40 times it)."""
    first_minutes: int
    """Length of level 1, longer than every later level (III.5)."""
    second_bb: int
    """Big blind of level 2, chosen by the Director (III.5)."""
    minutes: int
    """Length of every level from 2 on (III.5)."""
    chip_unit: int = 25
    """The smallest chip: every small blind and ante is a multiple of it (2.3)."""
    antes: dict[int, int] = Field(default_factory=dict)
    """Level number -> ante (2.6); levels not listed have no ante."""
    breaks: dict[int, int] = Field(default_factory=dict)
    """Level number k -> minutes of a break after level k (Director's discretion, VII.1)."""
    overrides: dict[int, LevelOverride] = Field(default_factory=dict)
    """Edits of levels made while the event runs (levels not yet played only)."""

    # ---- construction and checks ----------------------------------------------------------

    @classmethod
    def build(
        cls,
        first_bb: int,
        first_minutes: int = 40,
        second_bb: int | None = None,
        minutes: int = 20,
        *,
        stack: int,
        chip_unit: int = 25,
        min_stack_bb: int = 40,
        antes: dict[int, int] | None = None,
        breaks: dict[int, int] | None = None,
    ) -> Structure:
        """The Director's structure at ``start``, checked (III.1, III.5, 2.3, 2.6).

        ``second_bb`` defaults to twice ``first_bb`` (the shipped setting).
        """
        structure = cls(
            first_bb=first_bb,
            first_minutes=first_minutes,
            second_bb=2 * first_bb if second_bb is None else second_bb,
            minutes=minutes,
            chip_unit=chip_unit,
            antes=dict(antes or {}),
            breaks=dict(breaks or {}),
        )
        structure.validate_stack(stack, min_stack_bb=min_stack_bb)
        return structure

    @model_validator(mode="after")
    def _check(self) -> Structure:
        unit = self.chip_unit
        if unit < 1:
            raise RuleError(
                _("The smallest chip must be at least 1, not {unit}: set chip_unit.").format(
                    unit=unit
                ),
            )
        self._check_big_blind(self.first_bb, _("The first big blind"))
        self._check_big_blind(self.second_bb, _("The second big blind"))
        if self.second_bb <= self.first_bb:
            raise RuleError(
                _(
                    "The second big blind ({second_bb}) must be larger than the "
                    "first ({first_bb}): the blinds rise after level 1; set "
                    "--second-bb above {first_bb}."
                ).format(second_bb=self.second_bb, first_bb=self.first_bb),
                "III.5",
            )
        if self.minutes < 1:
            raise RuleError(
                _(
                    "Levels must last at least 1 minute, not {minutes}: set --minutes to 1 or more."
                ).format(minutes=self.minutes),
                "III.5",
            )
        first = self.level_minutes(1)
        if self.minutes >= first:
            raise RuleError(
                _(
                    "The later levels ({minutes} min) must be shorter than the "
                    "first ({first} min): set --minutes below {first} or "
                    "--first-minutes above {minutes}."
                ).format(minutes=self.minutes, first=first),
                "III.5",
            )
        for level, ante in self.antes.items():
            self._check_level_number(level, _("An ante"))
            self._check_ante(level, ante)
        for level, length in self.breaks.items():
            self._check_level_number(level, _("A break"))
            if length < 1:
                raise RuleError(
                    _(
                        "The break after level {level} must last at least 1 minute, "
                        "not {length}: give its minutes, or remove it."
                    ).format(level=level, length=length),
                    "VII.1",
                )
        for level, edit in self.overrides.items():
            self._check_level_number(level, _("An edit"))
            if edit.big_blind is not None:
                self._check_big_blind(
                    edit.big_blind, _("The big blind of level {level}").format(level=level)
                )
            if edit.ante is not None:
                self._check_ante(level, edit.ante)
            if edit.minutes is not None and edit.minutes < 1:
                raise RuleError(
                    _("Level {level} must last at least 1 minute, not {minutes}.").format(
                        level=level, minutes=edit.minutes
                    ),
                    "III.5",
                )
        for level, edit in self.overrides.items():
            if level >= 2 and edit.minutes is not None and edit.minutes >= first:
                raise RuleError(
                    _(
                        "Level {level} ({minutes} min) must be shorter than level 1 "
                        "({first} min): give it at most {most}."
                    ).format(
                        level=level,
                        minutes=edit.minutes,
                        first=first,
                        most=ngettext("{n} minute", "{n} minutes", first - 1),
                    ),
                    "III.5",
                )
        return self

    def check_chips(
        self, level: int, unit: int, *, big_blind: int | None, ante: int | None
    ) -> None:
        """An edit of ``level`` checked against ``unit``, the smallest chip in play now (a
        colour-up raises it above the structure's own, which the played levels keep)."""
        now = self.model_copy(update={"chip_unit": unit})
        if big_blind is not None:
            now._check_big_blind(big_blind, _("The big blind of level {level}").format(level=level))
        if ante is not None:
            now._check_ante(level, ante)

    def _check_big_blind(self, big_blind: int, what: Msg) -> None:
        step = 2 * self.chip_unit
        if big_blind <= 0 or big_blind % step:
            raise RuleError(
                _(
                    "{what} must be a positive multiple of {step} (twice the smallest chip, "
                    "{chip_unit}) so the small blind is half of it: {big_blind} is not; try "
                    "{neighbours}."
                ).format(
                    what=what,
                    step=step,
                    chip_unit=self.chip_unit,
                    big_blind=big_blind,
                    neighbours=_neighbours(big_blind, step),
                ),
                "2.3",
            )

    def _check_ante(self, level: int, ante: int) -> None:
        if ante < 0 or ante % self.chip_unit:
            raise RuleError(
                _(
                    "The ante of level {level} must be 0 or a multiple of the "
                    "smallest chip ({chip_unit}): {ante} is not."
                ).format(level=level, chip_unit=self.chip_unit, ante=ante),
                "2.6",
            )

    @staticmethod
    def _check_level_number(level: int, what: Msg) -> None:
        if not 1 <= level <= MAX_LEVEL:
            raise RuleError(
                _("{what} names level {level}: levels go from 1 to {MAX_LEVEL}.").format(
                    what=what, level=level, MAX_LEVEL=MAX_LEVEL
                ),
                "III.5",
            )

    def validate_stack(self, stack: int, *, min_stack_bb: int = 40) -> None:
        """Art. III.1: the starting stack S is at least 40 x the first big blind B."""
        need = min_stack_bb * self.first_bb
        if stack < need:
            step = 2 * self.chip_unit
            best = stack // min_stack_bb // step * step
            values = {
                "stack": chips_text(stack),
                "min_stack_bb": min_stack_bb,
                "first_bb": chips_text(self.first_bb),
                "need": chips_text(need),
            }
            if best >= step:
                refusal = _(
                    "The starting stack {stack} is less than {min_stack_bb} × the big blind "
                    "{first_bb} = {need}: raise the stack to at least {need} or lower the big "
                    "blind to at most {best}."
                ).format(best=chips_text(best), **values)
            else:
                refusal = _(
                    "The starting stack {stack} is less than {min_stack_bb} × the big blind "
                    "{first_bb} = {need}: raise the stack to at least {need}; a smaller big "
                    "blind is impossible with this stack."
                ).format(**values)
            raise RuleError(refusal, "III.1")

    # ---- levels -------------------------------------------------------------------------

    def big_blind(self, level: int) -> int:
        """Big blind of ``level`` (III.5): doubling from the last fixed value at or before it."""
        self._check_in_range(level)
        anchor_level, anchor_bb = (2, self.second_bb) if level >= 2 else (1, self.first_bb)
        # The last edited big blind at or before `level` wins; an edit of level 1 does not
        # reach level 2, whose big blind is the Director's own (III.5).
        for k, edit in self.overrides.items():
            if edit.big_blind is not None and anchor_level <= k <= level:
                anchor_level, anchor_bb = k, edit.big_blind
        return anchor_bb << (level - anchor_level)

    def level_minutes(self, level: int) -> int:
        edit = self.overrides.get(level)
        if edit is not None and edit.minutes is not None:
            return edit.minutes
        return self.first_minutes if level == 1 else self.minutes

    def ante(self, level: int) -> int:
        edit = self.overrides.get(level)
        if edit is not None and edit.ante is not None:
            return edit.ante
        return self.antes.get(level, 0)

    def blinds(self, level: int) -> Blinds:
        big = self.big_blind(level)
        return Blinds(level, big // 2, big, self.ante(level))

    @staticmethod
    def _check_in_range(level: int) -> None:
        if not 1 <= level <= MAX_LEVEL:
            raise RuleError(
                _(
                    "The structure stops at level {MAX_LEVEL} (level {level} "
                    "asked): the blinds are beyond any chips in play; finish the "
                    "event or edit the levels."
                ).format(MAX_LEVEL=MAX_LEVEL, level=level),
                "III.5",
            )

    # ---- periods (levels and breaks) ----------------------------------------------------

    def _locate(self, index: int) -> tuple[int, bool]:
        """(level, is_break) of the period at ``index``."""
        if index < 0:
            raise RuleError(
                _("There is no period {index}: the clock starts at level 1.").format(index=index),
                "III.5",
            )
        offset = 0
        for after in sorted(self.breaks):
            position = after + offset  # the break after level `after`
            if index < position:
                break
            if index == position:
                return after, True
            offset += 1
        return index - offset + 1, False

    def index_of_level(self, level: int) -> int:
        """The period index of ``level`` (breaks before it push it on)."""
        self._check_in_range(level)
        return level - 1 + sum(1 for after in self.breaks if after < level)

    def index_of_break(self, after_level: int) -> int:
        """The period index a break after ``after_level`` has (or would have)."""
        return after_level + sum(1 for after in self.breaks if after < after_level)

    def is_break_at(self, index: int) -> bool:
        return self._locate(index)[1]

    def has_period(self, index: int) -> bool:
        """Whether ``index`` is within the structure (level <= MAX_LEVEL)."""
        if index < 0:
            return False
        level, is_break = self._locate(index)
        return level <= MAX_LEVEL and not (is_break and level >= MAX_LEVEL)

    def period(self, index: int) -> Period:
        level, is_break = self._locate(index)
        blinds = self.blinds(level)
        minutes = self.breaks[level] if is_break else self.level_minutes(level)
        return Period(
            index, level, blinds.small_blind, blinds.big_blind, blinds.ante, minutes, is_break
        )

    def periods(self, count: int, start: int = 0) -> list[Period]:
        return [self.period(i) for i in range(start, start + count)]

    def duration(self, index: int) -> timedelta:
        """Full time of the period at ``index``."""
        level, is_break = self._locate(index)
        self._check_in_range(level)
        return timedelta(minutes=self.breaks[level] if is_break else self.level_minutes(level))

    def next_level_blinds(self, index: int) -> Blinds | None:
        """Blinds of the first level after period ``index`` (None past ``MAX_LEVEL``)."""
        level, _at = self._locate(index)
        return self.blinds(level + 1) if level < MAX_LEVEL else None

    # ---- edits during play --------------------------------------------------------------

    def with_edit(
        self,
        level: int,
        *,
        current_index: int,
        big_blind: int | None = None,
        ante: int | None = None,
        minutes: int | None = None,
    ) -> Structure:
        """This structure with ``level`` edited; only levels not yet begun (III.5).

        ``current_index`` is the clock's current period after settling (``ClockStatus.index``);
        -1 means the clock has no level yet. The current level's time is changed with
        ``add`` / ``sub`` / ``set_remaining`` instead.
        """
        self._check_in_range(level)
        if big_blind is None and ante is None and minutes is None:
            raise RuleError(
                _(
                    "Nothing to change for level {level}: give a big blind, an ante or minutes."
                ).format(level=level),
            )
        if self.index_of_level(level) <= current_index:
            raise RuleError(
                _(
                    "Level {level} is being played or already played: its blinds "
                    "and time are frozen; edit a later level, or change the time "
                    "left with clock add/sub/set."
                ).format(level=level),
                "III.5",
            )
        old = self.overrides.get(level, LevelOverride())
        new = LevelOverride(
            big_blind=old.big_blind if big_blind is None else big_blind,
            ante=old.ante if ante is None else ante,
            minutes=old.minutes if minutes is None else minutes,
        )
        return self.model_validate(
            {**self.model_dump(), "overrides": {**self.overrides, level: new}}
        )

    def with_break(self, after_level: int, minutes: int, *, current_index: int) -> Structure:
        """This structure with a break of ``minutes`` after ``after_level`` (0 removes it).

        Only a break not yet begun may be added, changed or removed, so the periods already
        played keep their indexes.
        """
        self._check_in_range(after_level)
        if self.index_of_break(after_level) <= current_index:
            raise RuleError(
                _(
                    "The break after level {after_level} is in progress or past: "
                    "it can no longer be changed; change the time left with "
                    "clock add/sub/set."
                ).format(after_level=after_level),
                "VII.1",
            )
        breaks = dict(self.breaks)
        if minutes == 0:
            if after_level not in breaks:
                raise RuleError(
                    _("There is no break after level {after_level} to remove.").format(
                        after_level=after_level
                    ),
                )
            del breaks[after_level]
        else:
            breaks[after_level] = minutes
        return self.model_validate({**self.model_dump(), "breaks": breaks})

    def warnings(self, index: int, chips_in_play: int, players_in: int) -> list[Msg]:
        """Warnings when the blinds of the current or next level pass sensible chip values,
        said in the reader's language (``.text(lang)``)."""
        out: list[Msg] = []
        if players_in <= 0 or chips_in_play <= 0:
            return out
        average = round(chips_in_play / players_in)
        level, _at = self._locate(index)
        for k in (level, level + 1):
            if k > MAX_LEVEL:
                past = _("Level {level} is past the end of the structure ({MAX_LEVEL} levels).")
                out.append(past.format(level=k, MAX_LEVEL=MAX_LEVEL))
                continue
            big = self.big_blind(k)
            if 2 * big > chips_in_play:
                out.append(
                    _(
                        "Level {level}: the big blind {big} is more than half the chips in play "
                        "({chips})."
                    ).format(level=k, big=chips_text(big), chips=chips_text(chips_in_play))
                )
            elif big > average:
                out.append(
                    _(
                        "Level {level}: the big blind {big} is larger than the average stack "
                        "({average})."
                    ).format(level=k, big=chips_text(big), average=chips_text(average))
                )
            if k >= 2 and big < self.big_blind(k - 1):
                out.append(
                    _(
                        "Level {level}: the big blind {big} is lower than level {previous}'s "
                        "({previous_big}): the blinds should rise (III.5)."
                    ).format(level=k, big=big, previous=k - 1, previous_big=self.big_blind(k - 1))
                )
        return out
