"""The blind clock on the log (Art. III.5): every control is an event with its wall-clock time;
the clock engine (``clock``) computes the time left from them, never decrementing anything."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _

Action = Literal["start", "pause", "resume", "announce", "next", "prev", "add", "sub", "set"]

TRANSITIONS = {
    "start": clock.start,
    "pause": clock.pause,
    "resume": clock.resume,
    "announce": clock.announce,
    "next": clock.next_level,
    "prev": clock.prev_level,
}
TIMED = {"add": clock.add, "sub": clock.sub, "set": clock.set_remaining}
"""The clock's actions without an amount of time (``TRANSITIONS``) and with one (``TIMED``)."""


def transition(state: State, action: Action, seconds: int | None, at: datetime) -> clock.ClockState:
    if state.clock is None or state.structure is None:
        raise RuleError(
            _("the clock exists once the tournament has started (`start`)"),
            "III.5",
        )
    auto = state.settings.clock.auto_announce
    if action in TIMED:
        if seconds is None:
            raise RuleError(
                _("clock {action} needs a number of seconds").format(action=action),
            )
        return TIMED[action](state.clock, state.structure, seconds, at, auto_announce=auto)
    return TRANSITIONS[action](state.clock, state.structure, at, auto_announce=auto)


class ClockChanged(EventBody):
    type: ClassVar[str] = "clock_changed"
    action: Action
    seconds: int | None = None

    def apply(self, state: State, at: datetime) -> None:
        state.clock = transition(state, self.action, self.seconds, at)


class ClockControl(Command):
    """Start, pause, resume, announce, next/previous level, add/remove/set time (III.5)."""

    action: Action
    seconds: int | None = Field(None, ge=0)

    def describe(self) -> Summary:
        if self.action in ("add", "sub"):
            sign = "+" if self.action == "add" else "-"
            return summary_of(said.CLOCK_SHIFT, seconds=f"{sign}{self.seconds}")
        if self.action == "set":
            return summary_of(said.CLOCK_SET, time=clock.format_mmss(self.seconds or 0))
        return summary_of(said.CLOCK[self.action])

    @classmethod
    def check_applies(cls, state: State) -> None:
        if state.phase == "finished":
            raise RuleError(
                _("the tournament is over: the clock is stopped"),
                "IV.7",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        transition(state, self.action, self.seconds, ctx.now)  # refuses what is not possible
        return [ClockChanged(action=self.action, seconds=self.seconds)]


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
        if state.clock is None or state.structure is None or state.stack is None:
            raise RuleError(
                _("the structure is set at `start`"),
                "III.5",
            )
        index = clock.settle(
            state.clock,
            state.structure,
            ctx.now,
            auto_announce=state.settings.clock.auto_announce,
        ).index
        structure = state.structure
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
