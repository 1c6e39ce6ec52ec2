"""A change of the event's settings (Art. VII.1): ``tdconsole set KEY=VALUE [KEY=VALUE ...]``,
Director only, logged; the console's ``o`` opens the settings screen, which records its
changes as this one command (``ui/screens/settings.py``: every setting named and explained).

A PIN of the served views (``floor_pin``, ``director_pin``) is logged only as a salted hash
(``access``); the command line says it is set, never what it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.settings import PIN_KEYS, PinKind, Settings, is_pin_key, masked
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import Seat, State, card_for
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, pgettext


class SettingChanged(EventBody):
    """A Director's change of a setting (Art. VII.1), with the settings it produced."""

    type: ClassVar[str] = "setting_changed"
    key: str
    value: str
    settings: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        state.settings = Settings.model_validate(self.settings)
        seats = state.settings.seating.table_seats
        for table in state.tables.values():
            if table.final or not table.open:
                continue
            while len(table.seats) < seats:
                number = len(table.seats) + 1
                table.seats.append(Seat(number, card_for(number, table.suit)))
            while len(table.seats) > seats and table.seats[-1].player is None:
                table.seats.pop()
        if state.phase == "registration":
            # More places (I.1): the waiting list moves up in order.
            free = state.settings.registration.max_players - state.registered_count
            waiting = [p for p in state.ordered_players() if p.status == "waitlisted"]
            for player in waiting[: max(free, 0)]:
                player.status = "registered"


class ChangeSettings(Command):
    """``set KEY=VALUE ...``: Director only, logged (Art. VII.1)."""

    assignments: list[tuple[str, str]] = Bounded(min_length=1)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"setting": ()}  # (a PIN masked)

    def describe(self) -> Summary:
        return summary_of(said.SET, setting=" ".join(masked(k, v) for k, v in self.assignments))

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        settings = state.settings
        events: list[EventBody] = []
        pins: dict[PinKind, str] = {}
        for key, value in self.assignments:
            if is_pin_key(key):  # a PIN is logged only as a salted hash (``access``)
                # lazy: access (its PIN events) loads for a PIN's `set` alone: reading a log
                # loads only its event types' modules (tests/test_start_up.py)
                from tdconsole.domain.access import pin_change

                events.append(pin_change(key, value, ctx, state, pins))
                continue
            settings = settings.with_value(key.strip(), value)
            events.append(
                SettingChanged(
                    key=key.strip(), value=value, settings=settings.model_dump(mode="json")
                )
            )
        seats = settings.seating.table_seats
        for table in state.open_tables():
            occupied = [s.number for s in table.seats if s.player is not None]
            if not table.final and occupied and max(occupied) > seats:
                raise RuleError(
                    _("table {number} uses seat {occupied}: table_seats cannot go below it").format(
                        number=table.number, occupied=max(occupied)
                    ),
                    "IV.4",
                )
        return events


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Each setting as it is now (``KEY = VALUE``); a PIN only whether there is one."""
    flat = state.settings.flat()
    lines = []
    for body in bodies:
        if isinstance(body, SettingChanged):
            value: str | Msg = str(flat[body.key])
            key = body.key
        elif body.type == "pin_changed":  # (``access``'s): whether there is one, never what
            kind = body.payload()["kind"]
            key = next(key for key, pin in PIN_KEYS.items() if pin == kind)
            value = pgettext("pin", "set") if kind in state.pins else pgettext("pin", "none")
        else:  # the command's own record
            continue
        lines.append(_("{key} = {value}").format(key=key, value=value))
    return lines


SLICE = Slice(
    command=ChangeSettings,
    description=Description(
        command="ChangeSettings",
        module="slices.change_settings",
        cli="set",
        summaries=(said.SET,),
        keys=(Key("o", "settings", _("Settings")),),
        director_only=True,
    ),
    fields=(
        Field(
            "assignments",
            "assignments",
            _(
                "change settings, e.g. table_seats=11, or the served views' floor_pin / "
                "director_pin (Director only, logged; a PIN only as a salted hash)"
            ),
            _("KEY=VALUE"),
        ),
    ),
    heading=_("Settings"),
    ok=_("Record"),
    after=aftermath,
    cites=("VII.1",),
    records=("pin_changed",),
)
