"""A prize handed over (Art. I.7, V.1): ``tdconsole hand-over NAME [--json]``, the console's
``H`` (on the Prizes tab, the place under the cursor), the Director's alone.

A prize is due when its place is decided, paid when the Director records that he handed it
over (rules.md's Decision), with its time and a receipt to sign: the console writes it to the
event's print folder as it records it, the command line names the command that prints it. An
event file written before handovers were recorded (``EventCreated.handovers`` False) counts a
decided prize as paid, as it did then: there, nothing is handed over by record.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import money_said, money_shown
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.payouts import money_text
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class PrizeHandedOver(EventBody):
    """The Director handed a player his prize (I.7): the amount as it was then, so the cash
    box reads what was given whatever changes later; the time is the event's."""

    type: ClassVar[str] = "prize_handed_over"
    name: str
    prize: Decimal = Bounded(ge=0)
    """The amount handed over (scudi; a decimal string in the log)."""

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        player.handed_over, player.handed_over_at = self.prize, at


class HandOverPrize(Command):
    """The Director records that he handed ``name`` his prize (I.7): from due to paid."""

    name: str

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("prize_handed_over.name",)}

    def describe(self) -> Summary:
        return summary_of(said.PRIZE_HANDED_OVER, name=self.name.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        player = require_player(state, self.name)
        if not state.handovers:
            raise RuleError(
                _(
                    "this event was recorded before prizes were handed over by record: its "
                    "prizes count as paid when their place is decided"
                ),
                "I.7",
            )
        if player.prize is None or player.place is None:
            raise RuleError(
                _(
                    "no prize is due to {name}: a prize is handed over once its paid place is "
                    "decided"
                ).format(name=player.name),
                "I.7",
            )
        if player.handed_over_at is not None:
            raise RuleError(
                _("{name}'s prize of {amount} was already handed over at {time}").format(
                    name=player.name,
                    amount=money_shown(player.prize, state.settings.currency),
                    time=f"{player.handed_over_at:%H:%M}",
                ),
                "I.7",
            )
        return [PrizeHandedOver(name=player.name, prize=player.prize)]


def asked(state: State, typed: Mapping[str, str]) -> Msg | None:
    """The prize the player named is handed: his place, his name, the amount (none while the
    name typed means no player with a prize)."""
    found = state.match(typed.get("name", "")) if typed.get("name", "").strip() else []
    player = found[0] if len(found) == 1 else None
    if player is None or player.prize is None or player.place is None:
        return None
    return _("{place}  {name}  {amount} · Enter: handed over, its receipt written").format(
        place=ordinal(player.place),
        name=player.name,
        amount=money_shown(player.prize, state.settings.currency),
    )


def handed(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """When, how much, and the command that prints the receipt to sign."""
    lines = []
    for body in bodies:
        if isinstance(body, PrizeHandedOver):
            player = state.players[name_key(body.name)]
            at = player.handed_over_at
            lines.append(
                _(
                    "{name}: prize of {amount} handed over at {time} (Art. I.7); the receipt to "
                    "sign: `tdconsole print receipts --player {quoted}`"
                ).format(
                    name=player.name,
                    amount=money_said(body.prize, state.settings.currency),
                    time="" if at is None else f"{at:%H:%M}",
                    quoted=shlex.quote(player.name),
                )
            )
    return lines


def document(bodies: Sequence[EventBody], state: State) -> dict[str, Any]:
    """Who, his place, the amount, when (``hand-over --json``)."""
    body = next(b for b in bodies if isinstance(b, PrizeHandedOver))
    player = state.players[name_key(body.name)]
    at = player.handed_over_at
    return {
        "name": player.name,
        "place": player.place,
        "prize": money_text(body.prize),
        "handed_over_at": None if at is None else at.isoformat(),
    }


SLICE = Slice(
    command=HandOverPrize,
    description=Description(
        command="HandOverPrize",
        module="slices.hand_over",
        cli="hand-over",
        summaries=(said.PRIZE_HANDED_OVER,),
        keys=(Key("H", "command('HandOverPrize')", _("Hand over the prize")),),
        when="in play",
        director_only=True,
        article="I.7",
    ),
    fields=(Field("name", "player", _("Player"), _("NAME")),),
    heading=_("Hand over the prize"),
    ok=_("Handed over"),
    after=handed,
    cites=("V.1",),
    chosen_first=True,
    chosen_among=lambda player: player.prize is not None and player.handed_over_at is None,
    chosen_where="prize",
    note=asked,
    json=document,
    receipt=True,
)
