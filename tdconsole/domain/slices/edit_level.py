"""A level not yet played edited (Art. III.5): ``tdconsole clock edit LEVEL [--bb N] [--ante N]
[--minutes N] [--break M]``, the console's ``h``, the Director's alone.

Its big blind, ante, minutes, and the break after it (0 removes it); the levels played and the
one in play are frozen. The dialog lists the levels to come and opens on the next one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX, chips_text
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _

SHOWN = 6
"""How many periods (levels and breaks) the dialog lists, from the current one."""


class StructureEdited(EventBody):
    type: ClassVar[str] = "structure_edited"
    structure: dict[str, object]

    def apply(self, state: State, at: datetime) -> None:
        state.structure = clock.Structure.model_validate(self.structure)


class EditLevel(Command):
    """Edit a level not yet played (III.5: played levels and the current one are frozen)."""

    level: int
    big_blind: int | None = None
    ante: int | None = None
    minutes: int | None = None
    break_minutes: int | None = None

    named: ClassVar[dict[str, tuple[str, ...]]] = {"level": ()}

    def describe(self) -> Summary:
        return summary_of(said.EDIT_LEVEL, level=self.level)

    @classmethod
    def check_applies(cls, state: State) -> None:
        if state.phase == "finished":
            raise RuleError(
                _("the tournament is over: the clock is stopped and its levels are closed"),
                "IV.7",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        index = current_index(state, ctx.now)
        structure = state.structure
        if index is None or structure is None or state.stack is None:
            raise RuleError(
                _("the structure is set at `start`"),
                "III.5",
            )
        if self.big_blind is not None or self.ante is not None or self.minutes is not None:
            structure = structure.with_edit(
                self.level,
                current_index=index,
                big_blind=self.big_blind,
                ante=self.ante,
                minutes=self.minutes,
            )
            unit = state.settings.stacks.chip_unit
            if unit > structure.chip_unit:  # after a colour-up: the chips in play now
                structure.check_chips(self.level, unit, big_blind=self.big_blind, ante=self.ante)
        if self.break_minutes is not None:
            structure = structure.with_break(self.level, self.break_minutes, current_index=index)
        if structure == state.structure:
            raise RuleError(
                _("nothing to change: give --bb, --ante, --minutes or --break"),
            )
        return [StructureEdited(structure=structure.model_dump(mode="json"))]


def current_index(state: State, now: datetime) -> int | None:
    """The period the clock is in at ``now`` (it and those before are frozen)."""
    if state.clock is None or state.structure is None:
        return None
    auto = state.settings.clock.auto_announce
    return clock.settle(state.clock, state.structure, now, auto_announce=auto).index


def levels_to_come(
    state: State, now: datetime, typed: Mapping[str, str]
) -> list[tuple[str | Msg, ...]]:
    """The period in play (marked) and the next ones, as they stand."""
    index = current_index(state, now)
    if index is None or state.structure is None:
        return []
    lines: list[tuple[str | Msg, ...]] = []
    for period in state.structure.periods(SHOWN, start=index):
        mark = "▶" if period.index == index else " "
        if period.is_break:
            line = _("Break: {minutes} min").format(minutes=period.minutes)
        else:
            line = _("Level {level}: {blinds} · ante {ante} · {minutes} min").format(
                level=period.level,
                blinds=f"{chips_text(period.small_blind)} / {chips_text(period.big_blind)}",
                ante=chips_text(period.ante) if period.ante else "–",
                minutes=period.minutes,
            )
        lines.append((mark, line))
    return lines


def next_level(state: State, now: datetime) -> str:
    """The first level not yet played (the dialog's level as it opens)."""
    index = current_index(state, now)
    if index is None or state.structure is None:
        return ""
    periods = state.structure.periods(SHOWN, start=index + 1)
    return next((str(p.level) for p in periods if not p.is_break), "")


def edited(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Where the structure is read whole."""
    return [_("the structure as it stands: `clock plan`")]


SLICE = Slice(
    command=EditLevel,
    description=Description(
        command="EditLevel",
        module="slices.edit_level",
        cli="clock edit",
        summaries=(said.EDIT_LEVEL,),
        keys=(Key("h", "command('EditLevel')", _("Edit a level")),),
        when="in play",
        director_only=True,
        article="III.5",
    ),
    fields=(
        Field(
            "level",
            "whole",
            _("Level"),
            _("LEVEL"),
            low=1,
            high=clock.MAX_LEVEL,
            default=next_level,
        ),
        Field(
            "big_blind",
            "whole",
            _("Big blind (empty: as it is)"),
            _("N"),
            required=False,
            low=1,
            high=CHIPS_MAX,
            flag="bb",
        ),
        Field("ante", "whole", _("Ante (empty: as it is)"), _("N"), required=False, high=CHIPS_MAX),
        Field(
            "minutes",
            "whole",
            _("Minutes (empty: as they are)"),
            _("N"),
            required=False,
            low=1,
            high=CHIPS_MAX,
        ),
        Field(
            "break_minutes",
            "whole",
            _("Break after it (minutes, 0: none)"),
            _("M"),
            required=False,
            high=clock.BREAK_MINUTES[1],
            flag="break",
        ),
    ),
    heading=_("Edit a level"),
    ok=_("Record"),
    after=edited,
    opened_at="big_blind",
    context=levels_to_come,
)
