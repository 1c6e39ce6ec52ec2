"""The event taken over by its copy on a second device (Decision, VII.1): ``tdconsole take-over``
on the copy's file, the console's ``O`` there, the Director's alone.

A copy being followed (``tdconsole follow``) refuses every command; when the Director's laptop
is gone, ``take-over`` records in the copy's log that the event moved to this device (its name
and the address it followed) and makes the copy the event's file: every command works there,
the clock runs on from its anchors as if nothing happened. The service fills in the address
from the file (``store.copy_marks``) and refuses it on a file that is not a copy.
"""

from __future__ import annotations

import platform
from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain.described import Description, Key
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, pgettext

TAKEN_OVER = pgettext("summary", "event taken over on {device}")
"""The one sentence every face says of it."""


class TakenOver(EventBody):
    """The event moved to ``device``, whose copy followed the server at ``address``."""

    type: ClassVar[str] = "taken_over"
    device: str
    address: str

    def apply(self, state: State, at: datetime) -> None:
        """Nothing in the State changes: the night goes on here as it was."""


class TakeOver(Command):
    """This copy becomes the event's file, on ``device`` (Decision, VII.1)."""

    device: str = Bounded(default_factory=lambda: platform.node() or "?", min_length=1)
    """This computer's name (its own when not given)."""
    address: str = ""
    """The address the copy followed (the service reads it from the file)."""

    named: ClassVar[dict[str, tuple[str, ...]]] = {"device": ("taken_over.device",)}
    takes_over: ClassVar[bool] = True

    def describe(self) -> Summary:
        return summary_of(TAKEN_OVER, device=self.device)

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        return TAKEN_OVER

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        return [TakenOver(device=self.device, address=self.address)]


def taken_over(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """What it means from now on."""
    return [
        _(
            "the event served at {address} is here now: every command works here, and the "
            "pages still open on the old laptop come here by themselves"
        ).format(address=body.address)
        for body in bodies
        if isinstance(body, TakenOver)
    ]


SLICE = Slice(
    command=TakeOver,
    description=Description(
        command="TakeOver",
        module="slices.take_over",
        cli="take-over",
        summaries=(TAKEN_OVER,),
        keys=(Key("O", "command('TakeOver')", _("Take the event over")),),
        director_only=True,
        article="VII.1",
    ),
    fields=(
        Field(
            "device",
            "text",
            _("This computer's name (optional)"),
            _("NAME"),
            required=False,
            option=True,
        ),
    ),
    heading=_("Take the event over on this computer"),
    ok=_("Take over"),
    after=taken_over,
)
