"""Registration (Art. I.1): ``tdconsole register NAME [NAME ...]``, the console's ``i``.

Each name is a new player, taken as typed (never matched to one registered); past the cap
(``max_players``) the player goes on the waiting list, in order. The console keeps its own
dialog (``ui/dialogs/register.py``): the players the club already knows, taken by a few
letters, and the last event's, offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.identity import ReadAs
from tdconsole.domain.registration import check_new_player, clean_name
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import Player, State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class PlayerRegistered(EventBody):
    """Art. I.1: a place, or the waiting list once the places are taken."""

    type: ClassVar[str] = "player_registered"
    name: str
    waitlisted: bool = False

    def apply(self, state: State, at: datetime) -> None:
        state.players[name_key(self.name)] = Player(
            name=self.name,
            order=len(state.players),
            status="waitlisted" if self.waitlisted else "registered",
        )


def waiting_said(registered: PlayerRegistered) -> Msg | None:
    """A registration put on the waiting list (Art. I.1)."""
    if not registered.waitlisted:
        return None
    return _("{name}: waiting list").format(name=registered.name)


class Register(Command):
    names: list[str] = Bounded(min_length=1)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("player_registered.name",)}

    def describe(self) -> Summary:
        return summary_of(said.REGISTER, name=", ".join(n.strip() for n in self.names))

    @classmethod
    def check_applies(cls, state: State) -> None:
        if state.phase == "seated":
            raise RuleError(
                _(
                    "registration closed with the seat draw: for a latecomer, undo the draw, "
                    "register him and draw again"
                ),
                "I.1",
            )
        if state.phase != "registration":
            raise RuleError(
                _("registration closed with the seat draw: no new players now"),
                "I.1",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        cap = state.settings.registration.max_players
        taken = state.registered_count
        events: list[EventBody] = []
        given: list[str] = []
        read_as = ReadAs(p.name for p in state.ordered_players())
        for raw in self.names:
            name = clean_name(raw)
            check_new_player(state, name, given, read_as)
            given.append(name)
            read_as.add(name)
            waitlisted = taken >= cap
            if not waitlisted:
                taken += 1
            events.append(PlayerRegistered(name=name, waitlisted=waitlisted))
        return events


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Who went on the waiting list (I.1)."""
    return [
        said
        for body in bodies
        if isinstance(body, PlayerRegistered) and (said := waiting_said(body)) is not None
    ]


SLICE = Slice(
    command=Register,
    description=Description(
        command="Register",
        module="slices.register",
        cli="register",
        summaries=(said.REGISTER,),
        keys=(Key("i", "register", _("Register"), True),),
        when="before the start",
    ),
    fields=(
        Field(
            "names",
            "names",
            _("Names, one per line or separated by commas"),
            _("NAME"),
            new=True,
        ),
    ),
    heading=_("Register"),
    ok=_("Register"),
    after=aftermath,
    cites=("I.1", "I.2"),
)
