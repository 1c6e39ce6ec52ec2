"""The blind clock (Art. III.5): ``tdconsole clock start|pause|resume|announce|next|prev``,
``clock add|sub SECONDS``, ``clock set MM:SS``; the console's keys space, a, n, b, +, - act at
once (a level or a minute changed asked first), T sets the time left.

Every control is an event with its wall-clock time; the clock engine (``clock``) computes the
time left from them, never decrementing anything. ``tdconsole clock`` alone is the clock's
status, and ``clock plan`` the levels to come: the command line's own parser reads them beside
the actions (``cli.clock_cmds``), whose output is that status too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field as Bounded
from pydantic import model_validator

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import whole_number
from tdconsole.domain.slices.spec import Field, Slice
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


def seconds_typed(action: str, value: str | None) -> int | None:
    """The time typed after an action (``VALUE``) as its seconds: none after a transition,
    MM:SS after ``set``, a positive number of seconds after ``add`` and ``sub``; refused in
    one line saying what to write."""
    if action in TRANSITIONS:
        if value is not None:
            raise RuleError(_("clock {action} takes no value").format(action=action))
        return None
    if value is None:
        hint = _("MM:SS") if action == "set" else _("SECONDS")
        raise RuleError(_("write clock {action} {hint}").format(action=action, hint=hint))
    if action == "set":
        return clock.parse_mmss(value)
    seconds = whole_number(value, _("seconds"), low=-(10**6), high=10**6, article="III.5")
    if seconds <= 0:
        raise RuleError(_("give a positive number of seconds"))
    return seconds


class ClockChanged(EventBody):
    type: ClassVar[str] = "clock_changed"
    action: Action
    seconds: int | None = None

    def apply(self, state: State, at: datetime) -> None:
        state.clock = transition(state, self.action, self.seconds, at)


class ClockControl(Command):
    """Start, pause, resume, announce, next/previous level, add/remove/set time (III.5)."""

    action: Action
    seconds: int | None = Bounded(None, ge=0)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"seconds": (), "time": ()}

    @model_validator(mode="before")
    @classmethod
    def _typed(cls, data: Any) -> Any:
        """The time as typed after the action (``value``: the fields' ``VALUE``, none when
        not typed), read as its seconds (``seconds_typed``), unless its seconds are given."""
        if isinstance(data, dict) and ("value" in data or "seconds" not in data):
            data = dict(data)
            value = data.pop("value", None)
            if isinstance(data.get("action"), str):
                data["seconds"] = seconds_typed(data["action"], value)
        return data

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


SLICE = Slice(
    command=ClockControl,
    description=Description(
        command="ClockControl",
        module="slices.clock_control",
        cli="clock",
        summaries=(*said.CLOCK.values(), said.CLOCK_SHIFT, said.CLOCK_SET),
        keys=(
            Key("space", "clock_toggle", _("Pause / resume"), True),
            Key("a", "clock('announce')", _("Announce"), True),
            Key("n", "clock('next')", _("Next level")),
            Key("b", "clock('prev')", _("Previous level")),
            Key("plus", "clock_time('add')", _("Add a minute")),
            Key("minus", "clock_time('sub')", _("Remove a minute")),
            Key("T", "clock_set", _("Set the time")),
        ),
        when="in play",
        director_only=True,
        article="III.5",
        parsed_by="clock_cmds",
    ),
    fields=(
        Field(
            "action",
            "word",
            _("Action"),
            _("ACTION"),
            words=(
                _("start"),
                _("pause"),
                _("resume"),
                _("announce"),
                _("next"),
                _("prev"),
                _("add"),
                _("sub"),
                _("set"),
            ),
        ),
        Field(
            "value",
            "text",
            _("SECONDS for add/sub, MM:SS for set"),
            _("VALUE"),
            required=False,
        ),
    ),
    heading=_("The blind clock"),
    ok=_("Record"),
    help=_("Without an action: its status."),
)
