"""The Director's closing with more seats (Art. IV.4, VII.1): ``tdconsole close TABLE --plan
--seats N [--seed N] [--override REASON]`` (the command line's ``close --plan`` with its seats),
the console's ctrl+r in the closing's dialog.

A closing with no room: the other tables have fewer vacant seats than the closing table has
players. ``table_seats`` is raised for it (recorded as the setting change it is) and the move
plan drawn in the same command, so one undo cancels both. ``close_plan.seats_for_closing``
says how many seats a table would need. The Director's move of one player is
``slices.move_player``.
"""

from __future__ import annotations

import copy
import random
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.slices.change_settings import SettingChanged
from tdconsole.domain.slices.close_plan import (
    MOST_SEATS,
    OVERRIDE,
    SEED,
    TABLE,
    ClosePlanDrawn,
    check_closable,
    draw_move_plan,
    plan_said,
    require_table,
)
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _


class ClosePlanRaisingSeats(Command):
    """``close TABLE --plan --seats N``: raise ``table_seats`` to N for this closing (a setting
    change, VII.1) and draw the move plan (IV.4), in one command."""

    table: int
    seats: int
    seed: int | None = None
    override: str | None = None

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "table": ("close_plan_drawn.table",),
        "seats": ("setting_changed.value",),
    }

    def describe(self) -> Summary:
        return summary_of(said.CLOSE_PLAN_SEATS, table=self.table, seats=self.seats)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = require_table(state, self.table)
        check_closable(state, table, self.override)
        current = state.settings.seating.table_seats
        if not current < self.seats <= MOST_SEATS:
            raise RuleError(
                _(
                    "give more seats than now ({current}) and at most "
                    "{MOST_SEATS}, the cards of a suit"
                ).format(current=current, MOST_SEATS=MOST_SEATS),
                "VII.1",
            )
        settings = state.settings.with_value("table_seats", str(self.seats))
        changed = SettingChanged(
            key="table_seats", value=str(self.seats), settings=settings.model_dump(mode="json")
        )
        # The plan is drawn on the room as it will be once the seats are added.
        after = copy.deepcopy(state)
        changed.apply(after, ctx.now)
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        moves = draw_move_plan(after, after.tables[self.table], rng)
        return [
            changed,
            ClosePlanDrawn(table=table.number, moves=moves, override=self.override),
        ]


SLICE = Slice(
    command=ClosePlanRaisingSeats,
    description=Description(
        command="ClosePlanRaisingSeats",
        module="slices.close_plan_seats",
        cli="close --plan --seats",
        summaries=(said.CLOSE_PLAN_SEATS,),
        director_only=True,
        article="IV.4",
    ),
    fields=(
        TABLE,
        Field(
            "seats",
            "whole",
            _("with --plan: raise table_seats to N for this closing (a setting change, VII.1)"),
            _("N"),
            option=True,
            high=CHIPS_MAX,
        ),
        SEED,
        OVERRIDE,
    ),
    heading=_("Raise the seats"),
    ok=_("Raise the seats"),
    after=plan_said,
    cites=("VII.1",),
    records=(SettingChanged.type, ClosePlanDrawn.type),
)
