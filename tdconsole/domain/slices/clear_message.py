"""The Director's message taken off every screen of the room (Art. VII.1): ``tdconsole message
--clear [--json]`` (the command line's ``message`` told apart by its flag: ``show_message``),
the console's ``!`` with the message emptied."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.slices.show_message import document
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _


class MessageCleared(EventBody):
    type: ClassVar[str] = "message_cleared"

    def apply(self, state: State, at: datetime) -> None:
        state.message = None


class ClearMessage(Command):
    """Take the Director's message off every screen."""

    def describe(self) -> Summary:
        return summary_of(said.MESSAGE_CLEARED)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.message_at(ctx.now) is None:
            raise RuleError(_("no message is shown in the room: there is nothing to clear"))
        return [MessageCleared()]


SLICE = Slice(
    command=ClearMessage,
    description=Description(
        command="ClearMessage",
        module="slices.clear_message",
        cli="message --clear",
        summaries=(said.MESSAGE_CLEARED,),
        director_only=True,
        article="VII.1",
    ),
    fields=(),
    heading=_("Take the message off the screens"),
    ok=_("Take it off"),
    note=lambda state, typed: _("The message shown comes off every screen of the room."),
    json=document,
)
