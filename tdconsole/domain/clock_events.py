"""The blind clock on the log (Art. III.5): every control is an event with its wall-clock time;
the clock engine (``clock``) computes the time left from them, never decrementing anything."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _

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

    named: ClassVar[dict[str, tuple[str, ...]]] = {"seconds": (), "time": ()}

    def describe(self) -> Summary:
        if self.action in ("add", "sub"):
            sign = "+" if self.action == "add" else "-"
            return summary_of(said.CLOCK_SHIFT, seconds=f"{sign}{self.seconds}")
        if self.action == "set":
            return summary_of(said.CLOCK_SET, time=clock.format_mmss(self.seconds or 0))
        return summary_of(said.CLOCK[self.action])

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        """Its whole summary, said again from its event."""
        for body in bodies:
            if isinstance(body, ClockChanged):
                built = cls.model_construct(action=body.action, seconds=body.seconds)
                return built.describe().said
        return None

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
