"""A break called now (Decision, Art. VII.1): ``tdconsole clock break MINUTES [--reason
TEXT]``, the console's ``P``, the phone's button behind the Director's PIN.

The break starts when it is recorded and lasts its minutes; the level's time left is kept and
the level goes on by itself when the break ends (``clock.call_break``). The structure is not
changed; undo takes the break back. Every screen shows it as a break, counting down.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import clock
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, pgettext

CALLED = pgettext("summary", "break called now: {minutes} minutes")
CALLED_FOR = pgettext("summary", "break called now: {minutes} minutes, {reason}")
"""The one sentence every face says of it (the log's summary, the command line's and the
console's words), in the reader's language."""

LOW, HIGH = clock.BREAK_MINUTES


class BreakCalled(EventBody):
    type: ClassVar[str] = "break_called"
    minutes: int
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        assert state.clock is not None and state.structure is not None
        auto = state.settings.clock.auto_announce
        state.clock = clock.call_break(
            state.clock, state.structure, self.minutes, at, auto_announce=auto
        )


class CallBreak(Command):
    """A break of ``minutes`` from now; the level goes on after it (Decision, VII.1)."""

    minutes: int = Bounded(ge=LOW, le=HIGH)
    reason: str | None = None

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "minutes": ("break_called.minutes",),
        "reason": ("break_called.reason",),
    }

    def describe(self) -> Summary:
        if self.reason:
            return summary_of(CALLED_FOR, minutes=self.minutes, reason=self.reason)
        return summary_of(CALLED, minutes=self.minutes)

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        reason = any(isinstance(body, BreakCalled) and body.reason for body in bodies)
        return CALLED_FOR if reason else CALLED

    @classmethod
    def check_applies(cls, state: State) -> None:
        if state.phase == "finished":
            raise RuleError(_("the tournament is over: the clock is stopped"), "IV.7")
        if state.clock is None or state.structure is None:
            raise RuleError(
                _("the clock exists once the tournament has started (`start`)"), "III.5"
            )

    @classmethod
    def check_applies_at(cls, state: State, now: datetime) -> None:
        """Refused while the clock is in a break, called or of the structure (as recorded)."""
        _called(state, LOW, now)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        _called(state, self.minutes, ctx.now)
        return [BreakCalled(minutes=self.minutes, reason=self.reason)]


def _called(state: State, minutes: int, now: datetime) -> None:
    """Refuse (``RuleError``) a break of ``minutes`` called at ``now`` (``clock.call_break``)."""
    CallBreak.check_applies(state)
    assert state.clock is not None and state.structure is not None
    auto = state.settings.clock.auto_announce
    clock.call_break(state.clock, state.structure, minutes, now, auto_announce=auto)


SLICE = Slice(
    command=CallBreak,
    description=Description(
        command="CallBreak",
        module="slices.call_break",
        cli="clock break",
        summaries=(CALLED, CALLED_FOR),
        keys=(Key("P", "command('CallBreak')", _("Call a break")),),
        when="in play",
        director_only=True,
        article="VII.1",
        phone=True,
    ),
    fields=(
        Field(
            "minutes",
            "whole",
            _("Minutes of break"),
            _("MINUTES"),
            low=LOW,
            high=HIGH,
        ),
        Field("reason", "text", _("Reason (optional)"), _("TEXT"), required=False),
    ),
    heading=_("Call a break now"),
    ok=_("Call the break"),
    in_break=False,
)
