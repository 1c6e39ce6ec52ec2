"""Entry fees and food contributions (Art. I.2): ``tdconsole pay NAME [NAME ...] [--food]``, the
console's ``y`` (the fee of the player under the cursor), ``v`` (his food contribution, at any
time) and ``Y`` (several at once: the names typed, or, left empty, every player still to pay).

The fee is paid before the draw by a registered player (not one waiting for a place); the food
contribution by anyone who takes part, at any time; each is paid once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import money_said
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.spec import Field, Slice, Value
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext


class FeePaid(EventBody):
    """Art. I.2: the entry fee or the food contribution, recorded separately."""

    type: ClassVar[str] = "fee_paid"
    name: str
    food: bool = False

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        if self.food:
            player.food_paid = True
        else:
            player.paid = True


class Pay(Command):
    names: list[str] = Bounded(min_length=1)
    food: bool = False

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("fee_paid.name",)}

    def describe(self) -> Summary:
        names = ", ".join(n.strip() for n in self.names)
        return summary_of(said.FOOD if self.food else said.ENTRY_FEE, name=names)

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        food = any(isinstance(body, FeePaid) and body.food for body in bodies)
        return said.FOOD if food else said.ENTRY_FEE

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        events: list[EventBody] = []
        seen: set[str] = set()
        for raw in self.names:
            player = require_player(state, raw)
            key = name_key(player.name)
            if key in seen:
                raise RuleError(
                    _("{name!r} is given twice: list each player once").format(name=player.name),
                )
            seen.add(key)
            if player.status == "withdrawn":
                raise RuleError(
                    _("{name} has withdrawn: nothing to pay").format(name=player.name),
                    "I.2",
                )
            if self.food:
                if player.food_paid:
                    raise RuleError(
                        _("{name} has already paid the food contribution").format(name=player.name),
                        "I.2",
                    )
            else:
                if player.paid:
                    raise RuleError(
                        _("{name} has already paid the entry fee").format(name=player.name),
                        "I.2",
                    )
                if player.status == "waitlisted":
                    raise RuleError(
                        _(
                            "{name} is on the waiting list: the fee is paid once a place frees"
                        ).format(name=player.name),
                        "I.1",
                    )
                if state.phase != "registration":
                    raise RuleError(
                        _("registration closed with the draw: {name} cannot enter now").format(
                            name=player.name
                        ),
                        "I.1",
                    )
            events.append(FeePaid(name=player.name, food=self.food))
        return events


def unpaid(state: State, food: bool) -> list[str]:
    """Who may still pay: registered (not waitlisted, not withdrawn), fee or food not paid;
    once seated, the food of every player who took part."""
    players = state.ordered_players()
    if food:
        gone = ("withdrawn", "waitlisted")
        return [p.name for p in players if p.status not in gone and not p.food_paid]
    return [p.name for p in players if p.status == "registered" and not p.paid]


def still_to_pay(state: State, values: Mapping[str, Value]) -> list[str]:
    """The names left empty in the dialog: every player still to pay what it records."""
    return unpaid(state, bool(values.get("food")))


def to_mark(command: Command) -> Msg:
    """Who the dialog would mark paid."""
    assert isinstance(command, Pay)
    return ngettext(
        "{n} player to mark paid: {names}",
        "{n} players to mark paid: {names}",
        len(command.names),
    ).format(names=", ".join(command.names))


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Each payment, with its amount."""
    fees = state.settings.registration
    lines = []
    for body in bodies:
        if not isinstance(body, FeePaid):
            continue
        amount = money_said(fees.food_fee if body.food else fees.entry_fee, state.settings.currency)
        if body.food:
            line = _("{name}: food contribution paid ({money})")
        else:
            line = _("{name}: entry fee paid ({money})")
        lines.append(line.format(name=body.name, money=amount))
    return lines


SLICE = Slice(
    command=Pay,
    description=Description(
        command="Pay",
        module="slices.pay",
        cli="pay",
        summaries=(said.ENTRY_FEE, said.FOOD),
        keys=(
            Key("y", "pay(False)", _("Pay"), True),
            Key("Y", "command('Pay')", _("Pay several")),
            # the food contribution is recorded per player at any time, the fee only before (I.2)
            Key("v", "food", _("Food"), when="any time"),
        ),
        when="before the start",
    ),
    fields=(
        Field(
            "names",
            "names",
            _("Names, separated by commas (empty: every player not yet paid)"),
            _("NAME"),
            otherwise=still_to_pay,
            none=_("Nobody left to pay"),
        ),
        Field("food", "flag", _("Food contributions instead of entry fees"), _("yes/no")),
    ),
    heading=_("Pay several"),
    ok=_("Pay"),
    after=aftermath,
    cites=("I.2",),
    preview=to_mark,
)
