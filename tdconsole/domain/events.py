"""Events: the facts the log records, and the commands that produce them.

Every event type is a pydantic model registered by its ``type`` name; it knows how it changes
the State (``apply``). Every command validates against the current State and returns the events
to append, or raises ``RuleError`` citing the article it enforces. Nothing here does I/O.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from tdconsole.domain import texts
from tdconsole.domain.commands import BY_COMMAND, recorded
from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import same_person
from tdconsole.domain.slices.manifest import SLICE_EVENTS
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_msg
from tdconsole.i18n import Msg, _

SCHEMA_VERSION = 1

Role = Literal["director", "floor"]


EVENT_TYPES: dict[str, type[EventBody]] = {}
"""Every event type defined so far, by its ``type`` name (each registers itself)."""

EVENT_MODULES: dict[str, str] = {
    **dict.fromkeys(("undone", "redone", "command"), "events"),
    "pin_changed": "access",
    **SLICE_EVENTS,
}
"""The module of ``tdconsole.domain`` defining each event type: reading a log imports the
modules of the types it holds, no others (``tdconsole.domain.catalog`` imports them all; a
test holds the two together)."""


class EventBody(BaseModel):
    """Base of every event; subclasses set ``type`` and implement ``apply``."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    type: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type:
            if cls.type in EVENT_TYPES:
                raise TypeError(f"event type {cls.type!r} defined twice")
            EVENT_TYPES[cls.type] = cls

    def apply(self, state: State, at: datetime) -> None:
        raise NotImplementedError

    def payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def event_class(type_name: str) -> type[EventBody]:
    """The event type registered under ``type_name``, its module imported on first use
    (``KeyError`` for a type this version does not know)."""
    cls = EVENT_TYPES.get(type_name)
    if cls is None:
        importlib.import_module(f"tdconsole.domain.{EVENT_MODULES[type_name]}")
        cls = EVENT_TYPES[type_name]
    return cls


def parse_event(type_name: str, data: dict[str, Any]) -> EventBody:
    try:
        cls = event_class(type_name)
    except KeyError:
        raise ValueError(
            f"unknown event type {type_name!r}: the file is from a newer version"
        ) from None
    return event_from_data(cls, data)


# Every event read from a file (the log, an import) comes through these two: what an older or
# foreign file may hold that a terminal would obey is read escaped (``texts.escape_stored``),
# so no screen, report or JSON document receives it. Text recorded since is clean (commands
# check it), so the escaping changes nothing there and names keep their keys.


def event_from_data(cls: type[EventBody], data: Any) -> EventBody:
    """An event of type ``cls`` from its stored fields, texts escaped."""
    if isinstance(data, dict):
        data = {key: texts.escape_stored(value, key) for key, value in data.items()}
    return cls.model_validate(data)


def event_from_json(cls: type[EventBody], data: str) -> EventBody:
    """An event of type ``cls`` from its stored JSON, texts escaped. JSON holds a control
    character either raw or as an escape (``\\n``, ``\\u001b``), so a row with no backslash
    and no unsafe character takes pydantic's direct path (most rows: no cost)."""
    if "\\" not in data and texts.plain(data):
        return cls.model_validate_json(data)
    return event_from_data(cls, json.loads(data))


@dataclass(frozen=True)
class Record:
    """One stored event: its place in the log, the command it belongs to, who and when."""

    seq: int
    command: int
    at: datetime
    actor: str
    body: EventBody

    @property
    def type(self) -> str:
        return self.body.type


@dataclass
class Context:
    """What a command may know beyond the State: the time, the dice, and who acts."""

    now: datetime
    rng: random.Random
    actor: str
    role: Role = "director"


class Command(BaseModel):
    """Base of every command. ``decide`` returns the events or raises RuleError."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    director_only: ClassVar[bool] = False
    takes_over: ClassVar[bool] = False
    """The one command a copy being followed takes (``slices.take_over``): the service gives
    it the address the copy followed (its ``address``), and refuses it on any other file."""
    article: ClassVar[str | None] = None
    """The article cited when a floor terminal is refused a Director-only command."""
    named: ClassVar[dict[str, tuple[str, ...]]] = {}
    """What its events record of each field of its summary: the field's name, and where its
    events hold it (``event_type.attribute``, an attribute of each item of a list or
    ``key=value`` of each of a dict's after a dot: ``players_eliminated.players.name``); none
    for a field they do not hold as such (an import holds a summary to its events:
    ``authorship.check_summary``)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Who may give the command, as its description says (``commands``); a subclass no
        description names gives what its base gives."""
        super().__pydantic_init_subclass__(**kwargs)
        described = BY_COMMAND.get(cls.__name__)
        if described is not None and cls.__module__ == f"tdconsole.domain.{described.module}":
            cls.director_only = described.director_only
            cls.article = described.article

    @model_validator(mode="before")
    @classmethod
    def _check_texts(cls, data: Any) -> Any:
        """Every text a command carries is checked or cleaned as its field's kind asks
        (``texts``): one-line fields refuse control characters, prose loses them."""
        if isinstance(data, dict):
            return {key: texts.check_input(value, key) for key, value in data.items()}
        return data

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        raise NotImplementedError

    @classmethod
    def check_applies(cls, state: State) -> None:
        """Refuse (``RuleError``) when ``state`` alone forbids the command, whatever its
        fields: ``decide`` asks first, and a console asks before it opens the command's
        dialog (no names typed for a refusal). Most commands depend on their fields alone."""

    @classmethod
    def check_applies_at(cls, state: State, now: datetime) -> None:
        """``check_applies`` at ``now``, for a command the clock's time forbids too (a break
        called while the clock is in one): a console greys its key out then."""
        cls.check_applies(state)

    def describe(self) -> Summary:
        """What the command does, for the log and undo notifications: one of the summaries'
        messages with its fields (``summaries.summary_of``), whose text is English."""
        raise NotImplementedError

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        """Which of its summaries' messages its events ``bodies`` tell, for a command that has
        several (a clock's pause, not its start), with the fields they tell besides ``named``'s;
        None: any (an import holds a summary to it: ``authorship.check_summary``)."""
        return None

    def check_role(self, ctx: Context) -> None:
        if self.director_only and ctx.role != "director":
            raise RuleError(
                _("{describe}: only the Director may do this; ask the Director").format(
                    describe=summary_msg(self.describe())
                ),
                self.article or "VII.1",
            )


class Signed(EventBody):
    """An event that says who acted, as data (``acting.Who``): every command's first event,
    an undo, a redo. Logs written before these fields were kept lack them (None): their
    store's actor label is read instead (``acting.legacy``)."""

    person: str | None = None
    """Who acted: the Director's name as the settings had it, or the staff member's."""
    role: Role | None = None
    """The role he acted in: "director" or "floor"."""
    via: str | None = None
    """The staff member whose phone the Director's PIN was typed on."""


class Undone(Signed):
    """Cancels every event of one command (nothing is ever deleted)."""

    type: ClassVar[str] = "undone"
    command: int
    reason: str = ""
    summary: str = ""

    def apply(self, state: State, at: datetime) -> None:  # handled by the fold
        return None


class Redone(Signed):
    """Restores the events of a command an ``undone`` cancelled."""

    type: ClassVar[str] = "redone"
    command: int
    summary: str = ""

    def apply(self, state: State, at: datetime) -> None:  # handled by the fold
        return None


class CommandNoted(Signed):
    """Opens every command's events: what was asked, for the log and undo messages. The
    summary is kept as data (``message`` and ``fields``, said in the reader's language) beside
    its English text (``summary``, what older readers show); a log written before has the text
    alone. Given a command's ``Summary``, it keeps all three."""

    type: ClassVar[str] = "command"
    summary: str
    message: str | None = None
    """The summary's message id (``summaries.MESSAGES``)."""
    fields: dict[str, str] | None = None
    """The values of the message's placeholders."""

    @model_validator(mode="before")
    @classmethod
    def _summary_as_data(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("summary"), Summary):
            said: Summary = data["summary"]
            return {
                **data,
                "summary": str(said),
                "message": said.message,
                "fields": said.fields,
            }
        return data

    def said(self) -> str:
        """The summary: from its data when the log keeps them (``summaries.recorded``)."""
        return recorded(self.summary, self.message, self.fields)

    def apply(self, state: State, at: datetime) -> None:
        staff = self.via if self.role == "director" else self.person if self.role else None
        if staff is not None and not any(same_person(staff, known) for known in state.staff):
            state.staff.append(staff)
