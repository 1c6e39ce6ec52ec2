"""The Director's message to the room (Art. VII.1): ``tdconsole message TEXT [--minutes N]
[--json]``, the console's ``!``.

"Dinner is served", "table 3 closes after this hand": on every TV, the players' page and the
floor's phones until he clears it (``message --clear``: ``clear_message``) or its minutes
pass (the Director's discretion). One line of 1 to 200 characters; its end is counted from the
command's time in the log, so a replay shows it until the same moment; a new message replaces
the one shown. The console's dialog opens on the message shown: emptied, it takes it off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, ClassVar

from pydantic import model_validator

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.message import Message
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.domain.texts import shows_something
from tdconsole.i18n import Msg, _

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

    named: ClassVar[dict[str, tuple[str, ...]]] = {"text": ("message_shown.message",)}

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


def until_said(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Until when the room reads it."""
    shown = state.message
    if shown is None or not any(isinstance(body, MessageShown) for body in bodies):
        return []
    if shown.until is None:
        return [_("on every screen of the room until cleared: {text}").format(text=shown.text)]
    until = shown.until.astimezone()  # the time of the room's clocks
    return [
        _("on every screen of the room until {time}: {text}").format(
            time=f"{until:%H:%M}", text=shown.text
        )
    ]


def document(bodies: Sequence[EventBody], state: State) -> dict[str, Any]:
    """The message the room reads now, or null (``message --json``, ``--clear`` too)."""
    shown = state.message
    return {"message": None if shown is None else shown.to_json()}


def emptied(state: State, typed: Mapping[str, str]) -> Msg | None:
    """What the message emptied does, while one is shown."""
    if state.message is None:
        return None
    return _("Emptied, the message shown comes off every screen of the room.")


def shown_now(state: State) -> str:
    """The message shown, to edit (emptied: it comes off)."""
    return "" if state.message is None else state.message.text


SLICE = Slice(
    command=ShowMessage,
    description=Description(
        command="ShowMessage",
        module="slices.show_message",
        cli="message",
        summaries=(said.MESSAGE_SHOWN,),
        keys=(Key("exclamation_mark", "command('ShowMessage')", _("Message to the room")),),
        director_only=True,
        article="VII.1",
    ),
    fields=(
        Field(
            "message",
            "text",
            _("Message"),
            _("TEXT"),
            opens_on=shown_now,
        ),
        Field(
            "minutes",
            "whole",
            _("Minutes (empty: until cleared)"),
            _("N"),
            required=False,
            high=CHIPS_MAX,
        ),
    ),
    heading=_("Message to the room"),
    ok=_("Show"),
    after=until_said,
    note=emptied,
    json=document,
)
