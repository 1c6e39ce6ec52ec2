"""The blind clock: structure, announcements and a clock that never drifts (Art. III.1, III.5).

Pure: no I/O, no clock reads, no randomness. Time comes in as timezone-aware ``datetime``
(``at`` = the wall-clock time of the event being applied, ``now`` = the time to show); durations
are ``timedelta``, so all arithmetic is exact to the microsecond and nothing can drift.

Structure (stored in events, pydantic, JSON round-trips exactly)
    ``Structure(first_bb, first_minutes, second_bb, minutes, chip_unit=25, antes={}, breaks={},
    overrides={})``. Level 1 = ``first_bb`` for ``first_minutes``; level 2 = ``second_bb`` for
    ``minutes``; level k >= 3 = 2 x the big blind of level k-1 for ``minutes`` (III.5). An
    override of a level's big blind makes the later levels double from it. SB = BB // 2 (2.3).
    ``antes[k]`` is the ante of level k (2.6; levels not listed have none). ``breaks[k] = m``
    puts a break of m minutes after level k (the regulation is silent; none by default).
    Levels stop at ``MAX_LEVEL`` (200): asking beyond it is refused.

    ``Structure.build(first_bb, first_minutes=40, second_bb=None, minutes=20, *, stack,
    chip_unit=25, min_stack_bb=40, antes=None, breaks=None)`` checks everything, including
    S >= 40 x B (III.1); ``validate_stack(stack, min_stack_bb=40)`` checks a stored one
    (the other checks run whenever a Structure is created or loaded).
    ``period(index)`` / ``periods(count, start=0)``: the sequence of periods, 0-based, breaks
    included as periods with ``is_break=True``. ``index_of_level(level)``.
    ``with_edit(level, *, current_index, big_blind=None, ante=None, minutes=None)`` and
    ``with_break(after_level, minutes, *, current_index)`` edit periods not yet begun only
    (III.5: played levels and the current one are frozen; the current one's time is changed
    with ``add`` / ``sub`` / ``set_remaining``). ``warnings(index, chips_in_play, players_in)``.

ClockState (pydantic, frozen; the core snapshots it)
    ``index`` (current period, 0 = level 1), ``running``, ``ends_at`` (running only: the instant
    the current period's time runs out), ``remaining`` (paused only: time left, frozen; negative
    = overtime frozen by a pause), ``as_of`` (time of the last transition). A level change is
    pending exactly when the time left is <= 0, so ``pending_since(state)`` is derived, not
    stored. ``initial(structure)`` = stopped at level 1 with its full time (what ``start`` of
    the tournament leaves).

Transitions: ``start, pause, resume, announce, next_level, prev_level`` (state, structure, at),
``add, sub, set_remaining`` (state, structure, seconds, at); all take ``auto_announce=False``
(keyword; the core passes the setting in force at the event's time). Each first settles the
state at ``at`` and returns a new state; refusals raise ``RuleError``. An ``at`` earlier than
the previous transition is taken as the previous transition's time (clocks of two terminals
may disagree slightly; the clock never runs backwards).

Status: ``status(state, structure, now, auto_announce=False) -> ClockStatus`` with
``to_json()`` giving the ``clock`` keys of ``state --json``.

Plan: ``plan(structure, *, start_at, players, stack, count=24, from_index=0,
chips_in_play=None) -> list[PlanRow]`` (``count`` levels; breaks come as extra rows) and
``plan_live(state, structure, now, ...)`` for the plan from the current period on.

Decisions (documented in docs/clock.md):
- ``remaining_seconds`` rounds UP (a display shows 00:01 until true zero);
  ``overtime_seconds`` rounds DOWN.
- When a period's time runs out with ``auto_announce=False`` the clock waits: pending, overtime
  counting up, the current blinds still in play. A break's end waits for the announcement too.
  With ``auto_announce=True`` periods follow each other exactly at their end instants.
- ``announce``/``next_level``/``prev_level`` keep the clock running or paused as it was; the new
  period gets its full time from ``at``.
- ``add`` while pending gives the level that much time from ``at`` (overtime ends there).
- ``sub``: more than the displayed time left is refused (the message gives the time left);
  removing exactly the displayed time (or the sub-second part hiding in its rounding) brings
  the time to zero, which makes the change pending. Nothing goes below zero.
- A pause freezes the overtime too; resuming continues it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tdconsole.domain.errors import RuleError

__all__ = [
    "MAX_LEVEL",
    "Blinds",
    "ClockState",
    "ClockStatus",
    "LevelOverride",
    "Period",
    "PlanRow",
    "Structure",
    "add",
    "announce",
    "format_mmss",
    "initial",
    "next_level",
    "parse_mmss",
    "pause",
    "pending_since",
    "plan",
    "plan_live",
    "prev_level",
    "resume",
    "set_remaining",
    "settle",
    "start",
    "status",
    "sub",
]

MAX_LEVEL = 200
"""The last level the structure computes: past it the big blind is an absurd number of chips."""

MAX_REMAINING = timedelta(hours=24)
"""A period's time left may not be set or added past this (a typo guard)."""

_SECOND = timedelta(seconds=1)
_MICRO = timedelta(microseconds=1)
_US_PER_S = 1_000_000


# --------------------------------------------------------------------------------------------
# Structure


def _neighbours(value: int, step: int, word: str = "or") -> str:
    """The multiples of ``step`` either side of ``value`` (the positive ones)."""
    below, above = value // step * step, (value // step + 1) * step
    return f"{below} {word} {above}" if below > 0 else str(above)


class LevelOverride(BaseModel):
    """An edit of a level not yet played; ``None`` keeps the structure's value."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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

    model_config = ConfigDict(frozen=True, extra="forbid")

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
                f"The smallest chip must be at least 1, not {unit}: set chip_unit.",
                it=f"Il gettone più piccolo deve valere almeno 1, non {unit}: imposta chip_unit.",
            )
        self._check_big_blind(self.first_bb, "The first big blind", "Il primo grande buio")
        self._check_big_blind(self.second_bb, "The second big blind", "Il secondo grande buio")
        if self.second_bb <= self.first_bb:
            raise RuleError(
                f"The second big blind ({self.second_bb}) must be larger than the first "
                f"({self.first_bb}): the blinds rise after level 1; set --second-bb above "
                f"{self.first_bb}.",
                "III.5",
                it=f"Il secondo grande buio ({self.second_bb}) deve superare il primo "
                f"({self.first_bb}): i bui salgono dopo il livello 1; imposta --second-bb oltre "
                f"{self.first_bb}.",
            )
        if self.minutes < 1:
            raise RuleError(
                f"Levels must last at least 1 minute, not {self.minutes}: set --minutes to 1 "
                "or more.",
                "III.5",
                it=f"I livelli devono durare almeno 1 minuto, non {self.minutes}: imposta "
                "--minutes a 1 o più.",
            )
        first = self.level_minutes(1)
        if self.minutes >= first:
            raise RuleError(
                f"The later levels ({self.minutes} min) must be shorter than the first "
                f"({first} min): set --minutes below {first} or "
                f"--first-minutes above {self.minutes}.",
                "III.5",
                it=f"I livelli successivi ({self.minutes} min) devono essere più brevi del primo "
                f"({first} min): imposta --minutes sotto {first} oppure --first-minutes sopra "
                f"{self.minutes}.",
            )
        for level, ante in self.antes.items():
            self._check_level_number(level, "An ante", "Un ante")
            self._check_ante(level, ante)
        for level, length in self.breaks.items():
            self._check_level_number(level, "A break", "Una pausa")
            if length < 1:
                raise RuleError(
                    f"The break after level {level} must last at least 1 minute, not {length}: "
                    "give its minutes, or remove it.",
                    "VII.1",
                    it=f"La pausa dopo il livello {level} deve durare almeno 1 minuto, non "
                    f"{length}: indica i minuti, oppure toglila.",
                )
        for level, edit in self.overrides.items():
            self._check_level_number(level, "An edit", "Una modifica")
            if edit.big_blind is not None:
                self._check_big_blind(
                    edit.big_blind,
                    f"The big blind of level {level}",
                    f"Il grande buio del livello {level}",
                )
            if edit.ante is not None:
                self._check_ante(level, edit.ante)
            if edit.minutes is not None and edit.minutes < 1:
                raise RuleError(
                    f"Level {level} must last at least 1 minute, not {edit.minutes}.",
                    "III.5",
                    it=f"Il livello {level} deve durare almeno 1 minuto, non {edit.minutes}.",
                )
        for level, edit in self.overrides.items():
            if level >= 2 and edit.minutes is not None and edit.minutes >= first:
                raise RuleError(
                    f"Level {level} ({edit.minutes} min) must be shorter than level 1 "
                    f"({first} min): give it at most {first - 1} minutes.",
                    "III.5",
                    it=f"Il livello {level} ({edit.minutes} min) deve essere più breve del "
                    f"livello 1 ({first} min): dagli al massimo {first - 1} minuti.",
                )
        return self

    def _check_big_blind(self, big_blind: int, what: str, what_it: str) -> None:
        step = 2 * self.chip_unit
        if big_blind <= 0 or big_blind % step:
            raise RuleError(
                f"{what} must be a positive multiple of {step} (twice the smallest chip, "
                f"{self.chip_unit}) so the small blind is half of it: {big_blind} is not; "
                f"try {_neighbours(big_blind, step)}.",
                "2.3",
                it=f"{what_it} deve essere un multiplo positivo di {step} (il doppio del gettone "
                f"più piccolo, {self.chip_unit}) perché il piccolo buio ne sia la metà: "
                f"{big_blind} non lo è; prova {_neighbours(big_blind, step, 'o')}.",
            )

    def _check_ante(self, level: int, ante: int) -> None:
        if ante < 0 or ante % self.chip_unit:
            raise RuleError(
                f"The ante of level {level} must be 0 or a multiple of the smallest chip "
                f"({self.chip_unit}): {ante} is not.",
                "2.6",
                it=f"L'ante del livello {level} deve essere 0 o un multiplo del gettone più "
                f"piccolo ({self.chip_unit}): {ante} non lo è.",
            )

    @staticmethod
    def _check_level_number(level: int, what: str, what_it: str) -> None:
        if not 1 <= level <= MAX_LEVEL:
            raise RuleError(
                f"{what} names level {level}: levels go from 1 to {MAX_LEVEL}.",
                "III.5",
                it=f"{what_it} indica il livello {level}: i livelli vanno da 1 a {MAX_LEVEL}.",
            )

    def validate_stack(self, stack: int, *, min_stack_bb: int = 40) -> None:
        """Art. III.1: the starting stack S is at least 40 x the first big blind B."""
        need = min_stack_bb * self.first_bb
        if stack < need:
            step = 2 * self.chip_unit
            best = stack // min_stack_bb // step * step
            lower = (
                f"or lower the big blind to at most {best}"
                if best >= step
                else "a smaller big blind is impossible with this stack"
            )
            lower_it = (
                f"oppure abbassa il grande buio a non più di {best}"
                if best >= step
                else "con questa dote un grande buio più basso è impossibile"
            )
            raise RuleError(
                f"The starting stack {stack} is less than {min_stack_bb} × the big blind "
                f"{self.first_bb} = {need}: raise the stack to at least {need} {lower}.",
                "III.1",
                it=f"La dote iniziale {stack} è inferiore a {min_stack_bb} × il grande buio "
                f"{self.first_bb} = {need}: porta la dote ad almeno {need} {lower_it}.",
            )

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
                f"The structure stops at level {MAX_LEVEL} (level {level} asked): the blinds "
                "are beyond any chips in play; finish the event or edit the levels.",
                "III.5",
                it=f"La struttura si ferma al livello {MAX_LEVEL} (richiesto il livello {level}): "
                "i bui superano ogni gettone in gioco; concludi l'evento o modifica i livelli.",
            )

    # ---- periods (levels and breaks) ----------------------------------------------------

    def _locate(self, index: int) -> tuple[int, bool]:
        """(level, is_break) of the period at ``index``."""
        if index < 0:
            raise RuleError(
                f"There is no period {index}: the clock starts at level 1.",
                "III.5",
                it=f"Non esiste il periodo {index}: l'orologio parte dal livello 1.",
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
        level, _ = self._locate(index)
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
                f"Nothing to change for level {level}: give a big blind, an ante or minutes.",
                it=f"Nulla da cambiare per il livello {level}: indica un grande buio, un ante o "
                "i minuti.",
            )
        if self.index_of_level(level) <= current_index:
            raise RuleError(
                f"Level {level} is being played or already played: its blinds and time are "
                "frozen; edit a later level, or change the time left with clock add/sub/set.",
                "III.5",
                it=f"Il livello {level} è in corso o già giocato: bui e durata non si cambiano "
                "più; modifica un livello successivo, o cambia il tempo rimasto con "
                "clock add/sub/set.",
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
                f"The break after level {after_level} is in progress or past: it can no longer "
                "be changed; change the time left with clock add/sub/set.",
                "VII.1",
                it=f"La pausa dopo il livello {after_level} è in corso o passata: non si può "
                "più cambiare; cambia il tempo rimasto con clock add/sub/set.",
            )
        breaks = dict(self.breaks)
        if minutes == 0:
            if after_level not in breaks:
                raise RuleError(
                    f"There is no break after level {after_level} to remove.",
                    it=f"Non c'è una pausa dopo il livello {after_level} da togliere.",
                )
            del breaks[after_level]
        else:
            breaks[after_level] = minutes
        return self.model_validate({**self.model_dump(), "breaks": breaks})

    def warnings(
        self, index: int, chips_in_play: int, players_in: int, *, lang: str = "en"
    ) -> list[str]:
        """Warnings when the blinds of the current or next level pass sensible chip values
        (in English, or in Italian with ``lang="it"``)."""
        out: list[str] = []
        italian = lang == "it"
        if players_in <= 0 or chips_in_play <= 0:
            return out
        average = chips_in_play / players_in
        level, _ = self._locate(index)
        for k in (level, level + 1):
            if k > MAX_LEVEL:
                out.append(
                    f"Il livello {k} è oltre la fine della struttura ({MAX_LEVEL} livelli)."
                    if italian
                    else f"Level {k} is past the end of the structure ({MAX_LEVEL} levels)."
                )
                continue
            big = self.big_blind(k)
            if 2 * big > chips_in_play:
                out.append(
                    f"Livello {k}: il grande buio {big} supera la metà dei gettoni in gioco "
                    f"({chips_in_play})."
                    if italian
                    else f"Level {k}: the big blind {big} is more than half the chips in play "
                    f"({chips_in_play})."
                )
            elif big > average:
                out.append(
                    f"Livello {k}: il grande buio {big} supera lo stack medio ({average:.0f})."
                    if italian
                    else f"Level {k}: the big blind {big} is larger than the average stack "
                    f"({average:.0f})."
                )
            if k >= 2 and big < self.big_blind(k - 1):
                out.append(
                    f"Livello {k}: il grande buio {big} è più basso di quello del livello "
                    f"{k - 1} ({self.big_blind(k - 1)}): i bui dovrebbero salire (III.5)."
                    if italian
                    else f"Level {k}: the big blind {big} is lower than level {k - 1}'s "
                    f"({self.big_blind(k - 1)}): the blinds should rise (III.5)."
                )
        return out


# --------------------------------------------------------------------------------------------
# Clock state and transitions


def _aware(moment: datetime, name: str = "at") -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime, got {moment!r}")
    return moment


class ClockState(BaseModel):
    """Where the clock is: anchors only, never a decremented counter (see module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int = 0
    """Current period (0 = level 1; breaks count as periods)."""
    running: bool = False
    ends_at: datetime | None = None
    """While running: the instant the current period's time runs out (past it: pending)."""
    remaining: timedelta = timedelta(0)
    """While paused: the time left, frozen (<= 0: the level change is pending). 0 while running."""
    as_of: datetime | None = None
    """Time of the last transition; a later transition never goes back before it."""

    @model_validator(mode="after")
    def _check(self) -> ClockState:
        if self.running != (self.ends_at is not None):
            raise ValueError("a running clock has ends_at, a paused one has none")
        if self.index < 0:
            raise ValueError("index must be >= 0")
        if self.ends_at is not None:
            _aware(self.ends_at, "ends_at")
        if self.as_of is not None:
            _aware(self.as_of, "as_of")
        return self


def initial(structure: Structure) -> ClockState:
    """The clock after ``start`` of the tournament: stopped at level 1, full time (III.5)."""
    return ClockState(index=0, running=False, remaining=structure.duration(0))


def _left(state: ClockState, at: datetime) -> timedelta:
    """Time left in the current period at ``at`` (negative = overtime)."""
    if state.ends_at is not None:
        return state.ends_at - at
    return state.remaining


def _moment(state: ClockState, at: datetime) -> datetime:
    _aware(at)
    if state.as_of is not None and at < state.as_of:
        return state.as_of
    return at


def _with_left(
    state: ClockState, index: int, left: timedelta, at: datetime, running: bool | None = None
) -> ClockState:
    run = state.running if running is None else running
    return ClockState(
        index=index,
        running=run,
        ends_at=at + left if run else None,
        remaining=timedelta(0) if run else left,
        as_of=at,
    )


def _advance(structure: Structure, index: int, left: timedelta) -> tuple[int, timedelta]:
    """Auto-announce: from a period whose time is ``left``, move on while time has run out.

    One step per period (never per second); at the end of the structure it stays pending.
    """
    while left <= timedelta(0) and structure.has_period(index + 1):
        index += 1
        left += structure.duration(index)
    return index, left


def settle(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The state at ``at``: with ``auto_announce``, periods whose time ran out are left behind
    exactly at their end instants. Without it nothing changes (a pending change is derived)."""
    at = _moment(state, at)
    left = _left(state, at)
    if not auto_announce or left > timedelta(0):
        return state
    index, left = _advance(structure, state.index, left)
    return _with_left(state, index, left, at)


def pending_since(
    state: ClockState, structure: Structure, now: datetime, *, auto_announce: bool = False
) -> datetime | None:
    """When the current period's time ran out, if a change is pending and the clock runs."""
    state = settle(state, structure, now, auto_announce=auto_announce)
    if state.ends_at is not None and state.ends_at <= now:
        return state.ends_at
    return None


def start(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Start the clock (the first time, or again after a pause)."""
    at = _moment(state, at)
    if state.running:
        raise RuleError(
            "The clock is already running; to stop it use clock pause.",
            "III.5",
            it="L'orologio è già avviato; per fermarlo usa clock pause.",
        )
    settled = settle(state, structure, at, auto_announce=auto_announce)
    return _with_left(settled, settled.index, settled.remaining, at, running=True)


def resume(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Restart a paused clock where it stopped (the same as ``start``)."""
    return start(state, structure, at, auto_announce=auto_announce)


def pause(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Stop the clock; time left (or overtime, if a change is pending) is frozen."""
    at = _moment(state, at)
    if not state.running:
        raise RuleError(
            "The clock is already paused; to restart it use clock resume.",
            "III.5",
            it="L'orologio è già in pausa; per ripartire usa clock resume.",
        )
    settled = settle(state, structure, at, auto_announce=auto_announce)
    return _with_left(settled, settled.index, _left(settled, at), at, running=False)


def _go_to(state: ClockState, structure: Structure, index: int, at: datetime) -> ClockState:
    return _with_left(state, index, structure.duration(index), at)


def announce(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The Director announces the pending level: it applies from ``at`` with its full time
    (III.5). Refused when no change is pending."""
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = _left(settled, at)
    if left > timedelta(0):
        period = structure.period(settled.index)
        what = "the break" if period.is_break else f"level {period.level}"
        what_it = "della pausa" if period.is_break else f"del livello {period.level}"
        raise RuleError(
            f"No level change is pending: {format_mmss(_ceil_seconds(left))} left in {what}; "
            "to go to the next level now use clock next.",
            "III.5",
            it=f"Nessun cambio di livello in attesa: mancano {format_mmss(_ceil_seconds(left))} "
            f"alla fine {what_it}; per passare subito al livello successivo usa clock next.",
        )
    if not structure.has_period(settled.index + 1):
        raise RuleError(
            f"The structure ends at level {MAX_LEVEL}: there is no further level to announce.",
            "III.5",
            it=f"La struttura finisce al livello {MAX_LEVEL}: non ci sono altri livelli da "
            "annunciare.",
        )
    return _go_to(settled, structure, settled.index + 1, at)


def next_level(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """The next period now, with its full time from ``at``."""
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    if not structure.has_period(settled.index + 1):
        raise RuleError(
            f"The structure ends at level {MAX_LEVEL}: there is no next level.",
            "III.5",
            it=f"La struttura finisce al livello {MAX_LEVEL}: non c'è un livello successivo.",
        )
    return _go_to(settled, structure, settled.index + 1, at)


def prev_level(
    state: ClockState, structure: Structure, at: datetime, *, auto_announce: bool = False
) -> ClockState:
    """Back to the previous period, with its full time from ``at``."""
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    if settled.index == 0:
        raise RuleError(
            "The clock is at level 1: there is no previous level; to restore its time use "
            "clock set MM:SS.",
            "III.5",
            it="L'orologio è al livello 1: non c'è un livello precedente; per ripristinarne il "
            "tempo usa clock set MM:SS.",
        )
    return _go_to(settled, structure, settled.index - 1, at)


def _check_seconds(seconds: int, verb: str, verb_it: str) -> None:
    if seconds < 1:
        raise RuleError(
            f"Give a whole number of seconds, at least 1, to {verb}: not {seconds}.",
            it=f"Indica un numero intero di secondi da {verb_it}, almeno 1: non {seconds}.",
        )
    _check_not_absurd(seconds)


def _check_not_absurd(seconds: int) -> None:
    """A typo guard, before any arithmetic: no period holds more than MAX_REMAINING."""
    cap = int(MAX_REMAINING.total_seconds())
    if seconds > cap:
        raise RuleError(
            f"{seconds} seconds is more than {cap // 3600} hours: check the number of seconds.",
            it=f"{seconds} secondi sono più di {cap // 3600} ore: controlla il numero di secondi.",
        )


def _check_cap(left: timedelta) -> None:
    if left > MAX_REMAINING:
        raise RuleError(
            f"That would leave {format_mmss(_ceil_seconds(left))} in the level, more than "
            f"{MAX_REMAINING.total_seconds() / 3600:.0f} hours: check the number of seconds.",
            it=f"Resterebbero {format_mmss(_ceil_seconds(left))} nel livello, più di "
            f"{MAX_REMAINING.total_seconds() / 3600:.0f} ore: controlla il numero di secondi.",
        )


def add(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Add time to the current period (III.5, "piccoli recuperi di tempo").

    While a change is pending, the level gets ``seconds`` from ``at`` (the overtime ends).
    """
    _check_seconds(seconds, "add", "aggiungere")
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = max(_left(settled, at), timedelta(0)) + timedelta(seconds=seconds)
    _check_cap(left)
    return _with_left(settled, settled.index, left, at)


def sub(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Remove time from the current period; never below zero (see the module docstring)."""
    _check_seconds(seconds, "remove", "togliere")
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = _left(settled, at)
    if left <= timedelta(0):
        raise RuleError(
            "The level's time has already run out: there is none to remove; announce the next "
            "level with clock announce.",
            "III.5",
            it="Il tempo del livello è già scaduto: non c'è nulla da togliere; annuncia il "
            "livello successivo con clock announce.",
        )
    shown = _ceil_seconds(left)
    if seconds > shown:
        raise RuleError(
            f"Only {format_mmss(shown)} is left: remove at most {shown} seconds, or go to the "
            "next level with clock next.",
            "III.5",
            it=f"Restano solo {format_mmss(shown)}: togli al massimo {shown} secondi, oppure "
            "passa al livello successivo con clock next.",
        )
    left = max(left - timedelta(seconds=seconds), timedelta(0))
    settled = _with_left(settled, settled.index, left, at)
    return settle(settled, structure, at, auto_announce=auto_announce)


def set_remaining(
    state: ClockState,
    structure: Structure,
    seconds: int,
    at: datetime,
    *,
    auto_announce: bool = False,
) -> ClockState:
    """Set the time left in the current period exactly (0 = time is up: pending)."""
    if seconds < 0:
        raise RuleError(
            f"The time left cannot be negative ({seconds}): type MM:SS, e.g. 12:48.",
            it=f"Il tempo rimasto non può essere negativo ({seconds}): scrivi MM:SS, ad esempio "
            "12:48.",
        )
    _check_not_absurd(seconds)
    at = _moment(state, at)
    settled = settle(state, structure, at, auto_announce=auto_announce)
    left = timedelta(seconds=seconds)
    _check_cap(left)
    settled = _with_left(settled, settled.index, left, at)
    return settle(settled, structure, at, auto_announce=auto_announce)


# --------------------------------------------------------------------------------------------
# Status


def _ceil_seconds(delta: timedelta) -> int:
    micro = delta // _MICRO
    return -(-micro // _US_PER_S)


def _floor_seconds(delta: timedelta) -> int:
    return (delta // _MICRO) // _US_PER_S


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """What the clock shows at one instant (the ``clock`` keys of ``state --json`` and more)."""

    index: int
    level: int
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool
    minutes: int
    running: bool
    remaining: timedelta
    """Exact time left, >= 0."""
    overtime: timedelta
    """Exact time past zero while the announcement is pending, >= 0."""
    pending_announcement: bool
    next: Blinds | None
    """Blinds of the next level (after a break, if one comes first); None past the end."""
    next_is_break: bool
    level_ends_at: datetime | None

    @property
    def remaining_seconds(self) -> int:
        """Whole seconds left, rounded UP: 00:01 shows until true zero."""
        return _ceil_seconds(self.remaining)

    @property
    def overtime_seconds(self) -> int:
        """Whole seconds past zero, rounded DOWN."""
        return _floor_seconds(self.overtime)

    def to_json(self) -> dict[str, Any]:
        nxt: dict[str, Any] | None = None
        if self.next is not None:
            nxt = {**self.next.to_json(), "level": self.next.level}
        return {
            "level": self.level,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "running": self.running,
            "remaining_seconds": self.remaining_seconds,
            "pending_announcement": self.pending_announcement,
            "overtime_seconds": self.overtime_seconds,
            "next": nxt,
            "level_ends_at": None if self.level_ends_at is None else self.level_ends_at.isoformat(),
            "is_break": self.is_break,
            "next_is_break": self.next_is_break,
            "minutes": self.minutes,
            "index": self.index,
        }


def status(
    state: ClockState, structure: Structure, now: datetime, auto_announce: bool = False
) -> ClockStatus:
    """The clock at ``now``: a pure function of (state, structure, now, auto_announce)."""
    _aware(now, "now")
    settled = settle(state, structure, now, auto_announce=auto_announce)
    left = _left(settled, now)
    zero = timedelta(0)
    pending = left <= zero
    period = structure.period(settled.index)
    next_is_break = structure.has_period(settled.index + 1) and structure.is_break_at(
        settled.index + 1
    )
    return ClockStatus(
        index=settled.index,
        level=period.level,
        small_blind=period.small_blind,
        big_blind=period.big_blind,
        ante=period.ante,
        is_break=period.is_break,
        minutes=period.minutes,
        running=settled.running,
        remaining=left if left > zero else zero,
        overtime=-left if left < zero else zero,
        pending_announcement=pending,
        next=structure.next_level_blinds(settled.index),
        next_is_break=next_is_break,
        level_ends_at=settled.ends_at if settled.running and not pending else None,
    )


# --------------------------------------------------------------------------------------------
# Plan


@dataclass(frozen=True, slots=True)
class PlanRow:
    """One period of the plan (``clock plan --json``)."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    starts_at: datetime
    ends_at: datetime
    average_stack_bb: float
    is_break: bool = False

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "level": self.level,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "minutes": self.minutes,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "average_stack_bb": self.average_stack_bb,
        }
        if self.is_break:
            row["break"] = True
        return row


def _plan_rows(
    structure: Structure,
    first: int,
    first_start: datetime,
    first_end: datetime,
    *,
    count: int,
    average: float,
) -> list[PlanRow]:
    rows: list[PlanRow] = []
    index, starts, ends = first, first_start, first_end
    levels = 0
    while levels < count and structure.has_period(index):
        period = structure.period(index)
        rows.append(
            PlanRow(
                level=period.level,
                small_blind=period.small_blind,
                big_blind=period.big_blind,
                ante=period.ante,
                minutes=period.minutes,
                starts_at=starts,
                ends_at=ends,
                average_stack_bb=round(average / period.big_blind, 1),
                is_break=period.is_break,
            )
        )
        levels += 0 if period.is_break else 1
        index += 1
        if structure.has_period(index):
            starts, ends = ends, ends + structure.duration(index)
    return rows


def _average(players: int, stack: int, chips_in_play: int | None) -> float:
    if players < 1:
        raise RuleError(
            f"The plan needs at least 1 player, not {players}: give --players N.",
            it=f"Il piano richiede almeno 1 giocatore, non {players}: indica --players N.",
        )
    chips = players * stack if chips_in_play is None else chips_in_play
    return chips / players


def plan(
    structure: Structure,
    *,
    start_at: datetime,
    players: int,
    stack: int,
    count: int = 24,
    from_index: int = 0,
    chips_in_play: int | None = None,
) -> list[PlanRow]:
    """The schedule of ``count`` levels (breaks as extra rows) from period ``from_index``
    starting at ``start_at``, each announced on time; average stack in big blinds for
    ``players`` in play (chips: ``chips_in_play`` if given, else players x stack; III.1)."""
    _aware(start_at, "start_at")
    average = _average(players, stack, chips_in_play)
    return _plan_rows(
        structure,
        from_index,
        start_at,
        start_at + structure.duration(from_index),
        count=count,
        average=average,
    )


def plan_live(
    state: ClockState,
    structure: Structure,
    now: datetime,
    *,
    players: int,
    chips_in_play: int,
    count: int = 24,
    auto_announce: bool = False,
) -> list[PlanRow]:
    """The plan from the current period on, as the clock stands at ``now`` (a paused clock is
    taken to restart now; a pending change to be announced now)."""
    shown = status(state, structure, now, auto_announce)
    ends = now + shown.remaining
    starts = ends - structure.duration(shown.index)
    return _plan_rows(
        structure,
        shown.index,
        starts,
        ends,
        count=count,
        average=_average(players, 0, chips_in_play),
    )


# --------------------------------------------------------------------------------------------
# MM:SS


def format_mmss(seconds: int) -> str:
    """``768`` -> ``"12:48"``; minutes are not wrapped into hours (``"75:00"``)."""
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(abs(seconds), 60)
    return f"{sign}{minutes:02d}:{secs:02d}"


def parse_mmss(text: str) -> int:
    """``"12:48"`` -> 768 seconds; ``"1:05:00"`` (H:MM:SS) is accepted too."""
    parts = text.strip().split(":")
    ok = 2 <= len(parts) <= 3 and all(p.isascii() and p.isdigit() for p in parts)
    if ok and all(len(p) == 2 and int(p) < 60 for p in parts[1:]):
        total = 0
        for part in parts:
            total = total * 60 + int(part)
        return total
    raise RuleError(
        f"{text!r} is not a time: type minutes and seconds as MM:SS, e.g. 12:48.",
        it=f"{text!r} non è un tempo: scrivi minuti e secondi come MM:SS, ad esempio 12:48.",
    )
