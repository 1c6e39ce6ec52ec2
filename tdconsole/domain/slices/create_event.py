"""A new event (Title I): ``tdconsole new PATH [--config FILE] [--name TEXT]``.

It makes the event's file, so it is given before any event exists: the command line reads
the settings file named (``--config``, else the shipped ``ordine.toml``) and makes the file
whole under a temporary name before linking it into place (``Tournament.create``); the
command recorded first in it is this one, with the settings.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.settings import Settings, validate_settings
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _


class EventCreated(EventBody):
    type: ClassVar[str] = "event_created"
    name: str
    settings: dict[str, Any]
    handovers: bool = False
    """Prizes are paid when recorded as handed over (I.7): True since that record exists, so
    an older file, without it, keeps counting a decided prize as paid."""

    def apply(self, state: State, at: datetime) -> None:
        state.name = self.name
        state.created_at = at
        state.handovers = self.handovers
        state.settings = Settings.model_validate(self.settings)


class CreateEvent(Command):
    name: str
    settings: dict[str, Any]

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ()}  # ("Torneo" for a name left empty)

    def describe(self) -> Summary:
        return summary_of(said.CREATE_EVENT, name=self.name)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.created_at is not None:
            raise RuleError(
                _("this event already exists: use `new` with another path"),
            )
        name = self.name.strip() or "Torneo"
        validate_settings(self.settings, source=_("the event's settings"))
        return [EventCreated(name=name, settings=self.settings, handovers=True)]


SLICE = Slice(
    command=CreateEvent,
    description=Description(
        command="CreateEvent",
        module="slices.create_event",
        cli="new",
        summaries=(said.CREATE_EVENT,),
    ),
    fields=(
        Field("path", "text", _("the new event's file"), _("PATH")),
        Field(
            "config",
            "text",
            _("settings file (default: the shipped ordine.toml)"),
            _("FILE"),
            required=False,
        ),
        Field(
            "name",
            "text",
            _("the event's name (default: the file's name)"),
            _("TEXT"),
            required=False,
        ),
    ),
    heading=_("create an event (a bare NAME lives in the data folder)"),
    ok=_("Record"),
    made_apart=True,
)
