"""A disqualification (Art. VI.2): ``tdconsole disqualify NAME --reason TEXT [--chips N]``, the
console's ``x``, the Director's alone.

The player forfeits his prize and keeps the place at which he left, marked as disqualified
(rules.md's Decision), so nobody else's place moves; his chips (``--chips``, else his last
count) leave play and the ledger says so; the rulings log records the sanction.
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
from tdconsole.domain.numbers import CHIPS_MAX, chips_count, chips_text
from tdconsole.domain.ordinals import in_place
from tdconsole.domain.play_common import (
    add_sanction,
    check_chip_unit,
    require_in,
    settle_finish,
    table_changes_said,
    unseat,
)
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class PlayerDisqualified(EventBody):
    """Art. VI.2: the prize forfeited; he keeps the place at which he left, marked as
    disqualified (rules.md's Decision), so nobody else's place moves and the places read
    without a gap; his chips leave play and the ledger says so."""

    type: ClassVar[str] = "player_disqualified"
    name: str
    reason: str
    chips: int

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        place = player.place
        if player.status == "in":
            place = state.in_play  # the place an elimination now would give him
            state.vacated.append(place)  # its prize passes to the better places
        if player.table is not None and player.status == "in":
            state.tables[player.table].chips -= self.chips
        state.removed += self.chips
        unseat(state, player)
        player.status = "disqualified"
        player.chips = 0
        player.place, player.tied, player.prize, player.out_at = place, False, None, at
        add_sanction(
            state,
            at,
            name=player.name,
            kind="disqualify",
            reason=self.reason,
            table=player.table,
            director=state.settings.director,
        )
        settle_finish(state, at)


class Disqualify(Command):
    name: str
    reason: str
    chips: int | None = Bounded(None, ge=0)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"name": ("player_disqualified.name",)}

    def describe(self) -> Summary:
        return summary_of(said.DISQUALIFIED, name=self.name.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not self.reason.strip():
            raise RuleError(
                _("a disqualification needs a reason: give --reason TEXT"),
                "VII.1",
            )
        if state.phase in ("registration", "finished"):
            raise RuleError(
                _("disqualification applies to a seated player in play"),
                "VI.2",
            )
        player = require_in(state, self.name)
        if self.chips is not None:
            check_chip_unit(state, player.name, self.chips)
        chips = self.chips if self.chips is not None else player.chips
        if chips is None:
            raise RuleError(
                _("{name}'s chips are not counted: give --chips N (they leave play)").format(
                    name=player.name
                ),
                "VI.2",
            )
        if player.table is not None:
            table = state.tables[player.table]
            if chips > table.chips:
                raise RuleError(
                    _("{chips} is more than table {number} holds ({chips2})").format(
                        chips=chips_count(chips),
                        number=table.number,
                        chips2=chips_text(table.chips),
                    ),
                    "VI.2",
                )
        return [PlayerDisqualified(name=player.name, reason=self.reason.strip(), chips=chips)]


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The place he keeps, without its prize; then what it leaves to do (a table to close, the
    final, the winner)."""
    places = [
        _("{name}: disqualified {in_place} (Art. VI.2), without a prize").format(
            name=body.name, in_place=in_place(state.players[name_key(body.name)].place or 0)
        )
        for body in bodies
        if isinstance(body, PlayerDisqualified)
    ]
    return places + table_changes_said(state)


SLICE = Slice(
    command=Disqualify,
    description=Description(
        command="Disqualify",
        module="slices.disqualify",
        cli="disqualify",
        summaries=(said.DISQUALIFIED,),
        keys=(Key("x", "command('Disqualify')", _("Disqualify")),),
        when="in play",
        director_only=True,
        article="VI.2",
        phone=True,
    ),
    fields=(
        Field("name", "player", _("Player"), _("NAME")),
        Field("reason", "text", _("Reason"), _("TEXT"), option=True),
        Field(
            "chips",
            "whole",
            _("Chips leaving play (empty: his last count)"),
            _("N"),
            required=False,
            high=CHIPS_MAX,
        ),
    ),
    heading=_("Disqualify"),
    ok=_("Disqualify"),
    after=aftermath,
    cites=("VII.1",),
)
