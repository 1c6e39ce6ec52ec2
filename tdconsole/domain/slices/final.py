"""The final table (Art. IV.1-IV.2, IV.5-IV.6, III.4): ``tdconsole final --count NAME=N ...
[--seed N] [--override REASON]``, the console's ``f`` (its own dialog: a count row per
finalist in seat order, their sum against the chips in play, the bonus).

Once nine or fewer are in, every table closes into the final: each finalist is counted now,
the counts must add up to the chips in play (a difference accepted only with a reason, recorded
as a ledger adjustment), the seats are redrawn, and whoever never took the second stack gets
the III.4 bonus, the average of the counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_change, chips_text, round_chips
from tdconsole.domain.play_common import check_chip_unit, check_in_play, require_in
from tdconsole.domain.seating import DrawnTable, draw_seats, place_tables
from tdconsole.domain.slices.close_plan import SEED
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext


class FinalDrawn(EventBody):
    """The final table's redraw, the finalists' counts and the III.4 bonus."""

    type: ClassVar[str] = "final_drawn"
    table: Any
    counts: dict[str, int]
    bonus: int
    bonus_players: list[str]
    adjustment: int = 0
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        for table in state.tables.values():
            table.open = False
            table.chips = 0
            table.plan = None
            for seat in table.seats:
                seat.player = None
        drawn = DrawnTable.model_validate(self.table)
        place_tables(state, [drawn])
        final = state.tables[drawn.number]
        for name, chips in self.counts.items():
            finalist = state.players[name_key(name)]
            finalist.chips, finalist.counted = chips, True
            final.chips += chips
        for name in self.bonus_players:
            player = state.players[name_key(name)]
            player.bonus = self.bonus
            player.chips = (player.chips or 0) + self.bonus
            final.chips += self.bonus
            state.issued += self.bonus
        state.adjusted += self.adjustment
        state.final_bonus = self.bonus
        state.phase = "final"


class Final(Command):
    counts: dict[str, int]
    seed: int | None = None
    override: str | None = None

    def describe(self) -> Summary:
        return summary_of(said.FINAL)

    @classmethod
    def check_applies(cls, state: State) -> None:
        """Once, when the elimination phase ends (IV.2), never again (IV.5)."""
        if state.phase == "final" or state.phase == "finished":
            raise RuleError(_("the final is already under way"), "IV.5")
        if state.phase != "elimination":
            raise RuleError(
                _("the final follows the elimination phase (`start` first)"),
                "IV.2",
            )
        if not state.final_due:
            raise RuleError(
                _(
                    "{in_play} players are still in: the final begins when "
                    "{final_seats} or fewer are left"
                ).format(in_play=state.in_play, final_seats=state.settings.seating.final_seats),
                "IV.2",
            )

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        self.check_applies(state)
        seating = state.settings.seating
        finalists = state.in_players()
        if state.phase != "elimination":
            raise RuleError(
                _("the final follows the elimination phase (`start` first)"),
                "IV.2",
            )
        counts: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = require_in(state, raw)
            check_chip_unit(state, player.name, chips)
            check_in_play(state, player.name, chips)
            counts[player.name] = chips
        missing = [p.name for p in finalists if p.name not in counts]
        if missing:
            raise RuleError(
                _("count every finalist's chips: missing {names} (NAME=CHIPS)").format(
                    names=", ".join(missing)
                ),
                "IV.6",
            )
        total = sum(counts.values())
        adjustment = total - state.chips_in_play
        if adjustment and not (self.override and self.override.strip()):
            raise RuleError(
                _(
                    "the counts add up to {total} but {chips_in_play} chips are "
                    "in play ({adjustment}): recount, or accept the "
                    "difference with --override REASON"
                ).format(
                    total=chips_text(total),
                    chips_in_play=chips_text(state.chips_in_play),
                    adjustment=chips_change(adjustment),
                ),
                "IV.6",
            )
        bonus = state.average(total, len(finalists))
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        number = max(state.tables) + 1
        drawn = draw_seats(
            [p.name for p in finalists],
            [len(finalists)],
            seating.final_seats,
            seating,
            rng,
            final=True,
            first_number=number,
        )[0]
        return [
            FinalDrawn(
                table=drawn.model_dump(mode="json"),
                counts=counts,
                bonus=bonus,
                bonus_players=[p.name for p in finalists if p.second_stack is None],
                adjustment=adjustment,
                reason=self.override.strip() if self.override else None,
            )
        ]


@dataclass(frozen=True)
class Finalist:
    """A finalist as the final's dialog counts him: where he sits, his last count (a hint),
    whether he took the second stack (no bonus)."""

    name: str
    table: int | None
    seat: int | None
    chips: int | None
    second_stack: bool


@dataclass(frozen=True)
class Finalists:
    """What the final's dialog shows: the finalists in seat order (as the Director walks round
    to count), the chips in play, and how the III.4 bonus is rounded (``bonus``)."""

    players: tuple[Finalist, ...]
    chips_in_play: int
    chip_unit: int
    rounding: str

    def bonus(self, total: int) -> int:
        """The III.4 bonus for counts adding up to ``total``: their average (``State.average``)."""
        return round_chips(Decimal(total) / len(self.players), self.chip_unit, self.rounding)


def finalists(state: State) -> Finalists:
    """The finalists table by table, seat by seat."""
    players = sorted(state.in_players(), key=lambda p: (p.table or 0, p.seat or 0))
    stacks = state.settings.stacks
    return Finalists(
        tuple(
            Finalist(p.name, p.table, p.seat, p.chips, p.second_stack is not None) for p in players
        ),
        state.chips_in_play,
        stacks.chip_unit,
        stacks.second_stack_rounding,
    )


def final_said(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The final table, seat by seat: each finalist's chips and his bonus (III.4)."""
    table = next((t for t in state.tables.values() if t.final and t.open), None)
    if table is None or not any(isinstance(b, FinalDrawn) for b in bodies):
        return []
    lines = [
        ngettext(
            "final table (Art. IV.5): {n} player",
            "final table (Art. IV.5): {n} players",
            len(state.players_at(table)),
        )
    ]
    for seat in table.seats:
        if not seat.player:
            continue
        player = state.players[seat.player]
        bonus = _(" (bonus {chips}, Art. III.4)").format(chips=chips_text(player.bonus))
        lines.append(
            _("  {seat} {number}  {card} {name} {chips}{bonus}").format(
                seat=_("seat"),
                number=seat.number,
                card=f"{seat.card:<4}",
                name=f"{player.name:<28}",
                chips=chips_text(player.chips),
                bonus=bonus if player.bonus else "",
            )
        )
    return lines


SLICE = Slice(
    command=Final,
    description=Description(
        command="Final",
        module="slices.final",
        cli="final",
        summaries=(said.FINAL,),
        keys=(Key("f", "final", _("Final table draw"), True),),
        when="in play",
        director_only=True,
        article="IV.5",
    ),
    fields=(
        Field(
            "counts",
            "pairs",
            _("each finalist's chips"),
            _("NAME=N"),
            option=True,
            flag="count",
        ),
        SEED,
        Field(
            "override",
            "text",
            _("accept a count difference"),
            _("REASON"),
            required=False,
        ),
    ),
    heading=_("Final table draw"),
    ok=_("Final table draw"),
    after=final_said,
    cites=("IV.6", "III.4"),
)
