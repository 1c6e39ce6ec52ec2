"""A suspension served (Art. VI.2): ``tdconsole served ENTRY`` (its number in ``rulings``), the
console's ``m``, the floor's too.

A suspension of one or two orbits is shown until the floor marks it served; the player may
then play again. The console lists the suspensions still to serve, Enter on one marks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.slices.spec import Choice, Field, Slice
from tdconsole.domain.state import Ruling, State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class SuspensionServed(EventBody):
    type: ClassVar[str] = "suspension_served"
    ruling: int

    def apply(self, state: State, at: datetime) -> None:
        ruling = replace(state.rulings[self.ruling - 1], served=True)
        state.rulings[self.ruling - 1] = ruling
        for name in ruling.players:
            player = state.players[name_key(name)]
            player.suspended_orbits = None


class MarkServed(Command):
    """The floor marks a suspension served (VI.2)."""

    ruling: int

    named: ClassVar[dict[str, tuple[str, ...]]] = {"id": ("suspension_served.ruling",)}

    def describe(self) -> Summary:
        return summary_of(said.SERVED, id=self.ruling)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not 1 <= self.ruling <= len(state.rulings):
            raise RuleError(
                _("there is no ruling {ruling} in the log").format(ruling=self.ruling),
            )
        ruling = state.rulings[self.ruling - 1]
        if ruling.sanction != "suspend":
            raise RuleError(
                _("entry {ruling} is not a suspension").format(ruling=self.ruling),
                "VI.2",
            )
        if ruling.served:
            raise RuleError(
                _("suspension {ruling} is already marked served").format(ruling=self.ruling),
                "VI.2",
            )
        return [SuspensionServed(ruling=self.ruling)]


def open_suspensions(state: State) -> list[Ruling]:
    """The suspensions not yet marked served, in the log's order."""
    return [r for r in state.rulings if r.sanction == "suspend" and not r.served]


def suspensions(state: State) -> list[Choice]:
    """Each suspension to serve: when, who, how many orbits, why."""
    return [
        (
            r.id,
            (
                f"{r.at:%H:%M}",
                ", ".join(r.players),
                _("{n} orbit(s)").format(n=r.orbits or 1),
                *((r.text,) if r.text else ()),
            ),
        )
        for r in open_suspensions(state)
    ]


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Whose suspension it was."""
    return [
        _("{name}: suspension served (Art. VI.2)").format(name=name)
        for body in bodies
        if isinstance(body, SuspensionServed)
        for name in state.rulings[body.ruling - 1].players[:1]
    ]


SLICE = Slice(
    command=MarkServed,
    description=Description(
        command="MarkServed",
        module="slices.mark_served",
        cli="served",
        summaries=(said.SERVED,),
        keys=(Key("m", "command('MarkServed')", _("Suspension served"), False, True),),
        when="in play",
    ),
    fields=(
        Field(
            "ruling",
            "choice",
            _("The suspension's entry in the rulings log"),
            _("ENTRY"),
            high=CHIPS_MAX,
            choices=suspensions,
            none=_("No suspension to mark served"),
        ),
    ),
    heading=_("Suspension served"),
    ok=_("Suspension served"),
    after=aftermath,
    cites=("VI.2",),
)
