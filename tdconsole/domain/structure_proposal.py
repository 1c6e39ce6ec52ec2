"""A blind structure proposed from the players and the start time (Art. III.1, III.5).

III.1 leaves the starting stack and the first big blind to the Director, "secondo il numero dei
giocatori e l'orario di inizio effettivo", at least forty big blinds a stack; III.5 gives the
shape: a longer first level, a rise the Director chooses, then doubling at fixed, shorter
intervals. The regulation says no more, so the proposal is a Decision (docs/clock.md):

- The stack is the one typed (else the setting ``starting_stack``); the levels are the
  settings' (``first_minutes``, ``second_bb_factor``, ``minutes``).
- The event is expected to end at the first level whose big blind reaches a twentieth of the
  chips in play (``END_SHARE``): two players left then hold ten big blinds each on average.
- The first big blind proposed is the smallest (the deepest game) whose expected end comes
  before ``finish_by``; if even the largest III.1 allows ends later, the later levels are
  shortened (never below ``MIN_MINUTES``) so that it ends on time.
- A break of ``break_minutes`` is put where the smallest chip stops being needed (the
  colour-up, ``colour_up_level``), when that comes before the expected end.

Pure: the time comes in (``start_at``), nothing is read from a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta

from tdconsole.domain.clock import Structure
from tdconsole.domain.colour_up import HORIZON, needs_chip, next_chip
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_text
from tdconsole.domain.settings import Settings
from tdconsole.i18n import _

END_SHARE = 20
"""The expected end: the first level whose big blind is at least chips in play / END_SHARE."""
MIN_MINUTES = 10
"""The shortest later level a proposal makes."""


@dataclass(frozen=True)
class Proposal:
    """What the structure screen fills in (the fields of ``start``) and what it expects."""

    stack: int
    big_blind: int
    first_minutes: int
    second_big_blind: int
    minutes: int
    breaks: dict[int, int]
    end_level: int
    """The level at which the event is expected to end (``END_SHARE``)."""
    ends_at: datetime


def colour_up_level(structure: Structure, unit: int, chip: int, *, horizon: int = HORIZON) -> int:
    """The first level from which every blind and ante, up to ``horizon``, is a multiple of
    ``chip``: the chips of ``unit`` are no longer needed from there on (0: never within it)."""
    needed = max((lv for lv in range(1, horizon + 1) if needs_chip(structure, lv, chip)), default=0)
    return needed + 1 if needed < horizon else 0


def colour_up_break(structure: Structure, unit: int, chip: int) -> int | None:
    """The break after which ``unit`` chips are no longer needed: the level it follows, or None
    when no break of the structure comes at or after the colour-up level."""
    level = colour_up_level(structure, unit, chip)
    if level == 0:
        return None
    after = [k for k in sorted(structure.breaks) if k + 1 >= level]
    return after[0] if after else None


def expected_end_level(structure: Structure, chips: int) -> int:
    for level in range(1, HORIZON + 1):
        if structure.big_blind(level) * END_SHARE >= chips:
            return level
    return HORIZON


def _ends_at(structure: Structure, start_at: datetime, end_level: int) -> datetime:
    end_index = structure.index_of_level(end_level)
    total = sum((structure.duration(i) for i in range(end_index + 1)), timedelta())
    return start_at + total


def finish_time(settings: Settings, start_at: datetime) -> datetime:
    """``finish_by`` as an instant after ``start_at`` (the next day if earlier in the day)."""
    hour = time.fromisoformat(settings.clock.finish_by)
    moment = datetime.combine(start_at.date(), hour, tzinfo=start_at.tzinfo)
    return moment if moment > start_at else moment + timedelta(days=1)


def build(
    settings: Settings,
    *,
    stack: int,
    big_blind: int,
    first_minutes: int,
    second_big_blind: int,
    minutes: int,
    with_break: bool = True,
) -> Structure:
    """The structure of these fields, with the colour-up break when ``with_break``."""
    stacks = settings.stacks
    structure = Structure.build(
        first_bb=big_blind,
        first_minutes=first_minutes,
        second_bb=second_big_blind,
        minutes=minutes,
        stack=stack,
        chip_unit=stacks.chip_unit,
        min_stack_bb=stacks.min_stack_bb,
    )
    chip = next_chip(settings)
    if not with_break or chip is None:
        return structure
    level = colour_up_level(structure, stacks.chip_unit, chip)
    if level < 2:
        return structure
    return structure.with_break(level - 1, settings.clock.break_minutes, current_index=-1)


def propose(
    settings: Settings, *, players: int, start_at: datetime, stack: int | None = None
) -> Proposal:
    """The proposal for ``players`` starting at ``start_at`` (see the module docstring)."""
    if players < 2:
        raise RuleError(
            _("A structure needs at least 2 players, not {players}: give the players.").format(
                players=players
            ),
            "III.1",
        )
    stacks, clock = settings.stacks, settings.clock
    stack = stacks.starting_stack if stack is None else stack
    step = 2 * stacks.chip_unit
    largest = stack // stacks.min_stack_bb // step * step
    if largest < step:
        raise RuleError(
            _(
                "The stack {stack} is less than {min_stack_bb} big blinds of "
                "{step} (the smallest big blind): give a stack of at least "
                "{value}."
            ).format(
                stack=chips_text(stack),
                min_stack_bb=stacks.min_stack_bb,
                step=step,
                value=chips_text(stacks.min_stack_bb * step),
            ),
            "III.1",
        )
    chips = players * stack
    finish = finish_time(settings, start_at)

    def attempt(big_blind: int, minutes: int) -> Proposal:
        structure = build(
            settings,
            stack=stack,
            big_blind=big_blind,
            first_minutes=clock.first_minutes,
            second_big_blind=big_blind * clock.second_bb_factor,
            minutes=minutes,
        )
        end = expected_end_level(structure, chips)
        breaks = {k: m for k, m in structure.breaks.items() if k < end}
        if breaks != structure.breaks:
            structure = structure.model_copy(update={"breaks": breaks})
        return Proposal(
            stack=stack,
            big_blind=big_blind,
            first_minutes=clock.first_minutes,
            second_big_blind=big_blind * clock.second_bb_factor,
            minutes=minutes,
            breaks=breaks,
            end_level=end,
            ends_at=_ends_at(structure, start_at, end),
        )

    for big_blind in range(step, largest + 1, step):
        found = attempt(big_blind, clock.minutes)
        if found.ends_at <= finish:
            return found
    # Even the shallowest start ends late: shorter later levels, as short as MIN_MINUTES.
    shallow = attempt(largest, clock.minutes)
    for minutes in range(clock.minutes - 1, min(MIN_MINUTES, clock.minutes) - 1, -1):
        shorter = attempt(largest, minutes)
        if shorter.ends_at <= finish:
            return shorter
        shallow = shorter
    return shallow
