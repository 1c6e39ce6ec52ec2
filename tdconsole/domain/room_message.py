"""The Director's message to the room ("dinner is served", "table 3 closes after this hand"):
on every TV, the players' page and the floor's phones until he clears it or its minutes pass
(the Director's discretion, Art. VII.1). One line of 1 to 200 characters; its end is counted
from the command's time in the log, so a replay shows it until the same moment."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, ClassVar

from pydantic import model_validator

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.state import Message, State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.domain.texts import shows_something
from tdconsole.i18n import _

MINUTES_MAX = 240
"""The longest a message stays by itself (four hours: an evening)."""


class MessageShown(EventBody):
    """The Director's message, shown from the event's time; ``minutes`` None: until cleared."""

    type: ClassVar[str] = "message_shown"
    message: str
    minutes: int | None = None

    def apply(self, state: State, at: datetime) -> None:
        until = None if self.minutes is None else at + timedelta(minutes=self.minutes)
        state.message = Message(self.message, until)


class MessageCleared(EventBody):
    type: ClassVar[str] = "message_cleared"

    def apply(self, state: State, at: datetime) -> None:
        state.message = None


class ShowMessage(Command):
    """Show ``message`` on every screen of the room, for ``minutes`` or until cleared; a
    message shown before is replaced."""

    message: str
    minutes: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _trimmed(cls, data: Any) -> Any:
        """Spaces around the text are not part of it (nor of its length): trimmed before the
        text is checked."""
        if isinstance(data, dict) and isinstance(data.get("message"), str):
            return {**data, "message": data["message"].strip()}
        return data

    def describe(self) -> Summary:
        return summary_of(said.MESSAGE_SHOWN, text=self.message)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not self.message:
            raise RuleError(_("the message is empty: write what the room should read"), "VII.1")
        if not shows_something(self.message):
            raise RuleError(
                _("the message shows nothing a reader can see: write what the room should read"),
                "VII.1",
            )
        if self.minutes is not None and not 1 <= self.minutes <= MINUTES_MAX:
            raise RuleError(
                _(
                    "{minutes} minutes is not a time for a message: give 1 to {max} minutes, "
                    "or none to show it until cleared"
                ).format(minutes=self.minutes, max=MINUTES_MAX),
                "VII.1",
            )
        return [MessageShown(message=self.message, minutes=self.minutes)]


class ClearMessage(Command):
    """Take the Director's message off every screen."""

    def describe(self) -> Summary:
        return summary_of(said.MESSAGE_CLEARED)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.message_at(ctx.now) is None:
            raise RuleError(_("no message is shown in the room: there is nothing to clear"))
        return [MessageCleared()]
