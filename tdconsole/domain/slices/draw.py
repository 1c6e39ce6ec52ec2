"""The seat draw by cards (Art. II.1-II.4): ``tdconsole draw [--tables K] [--seed N]``, the
console's ``s``, the Director's alone.

Every paid, registered player is seated by a card dealt face down; the tables are balanced
(``seating.plan_tables``: the fewest of 6 to 8 players unless ``--tables`` says otherwise) and
the draw closes registration. A split outside the settings is drawn and warned of (II.1). The
seat slips print with ``p`` once it is recorded.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.seating import (
    MAX_TABLES,
    DrawnTable,
    draw_seats,
    place_tables,
    plan_tables,
    split_warning,
)
from tdconsole.domain.settings import SeatingSettings
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext

DRAW_NUMBER_FIELD = _("Draw number (empty: at random; only to repeat a draw)")
"""A draw's number: what to type, and what leaving it empty does (the final's redraw too)."""


class SeatsDrawn(EventBody):
    """Art. II.1-II.4: the result of the draw. Recorded, so a restart never redraws."""

    type: ClassVar[str] = "seats_drawn"
    tables: list[DrawnTable]
    warning: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        for d in self.tables:
            for s in d.seats:
                if s.player is not None:
                    state.players[name_key(s.player)].status = "in"
        place_tables(state, self.tables)
        state.phase = "seated"


class Draw(Command):
    tables: int | None = Bounded(None, ge=1)
    seed: int | None = None

    def describe(self) -> Summary:
        return summary_of(said.SEAT_DRAW)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase != "registration":
            raise RuleError(
                _("the seats are already drawn: undo the draw to draw again"),
                "II.2",
            )
        names = [p.name for p in state.ordered_players() if p.status == "registered" and p.paid]
        plan = plan_tables(len(names), state.settings.seating, self.tables)
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        final = plan.tables == 1 and len(names) <= state.settings.seating.final_seats
        seats = state.settings.seating.final_seats if final else state.settings.seating.table_seats
        drawn = draw_seats(names, plan.sizes, seats, state.settings.seating, rng, final=final)
        warning = str(plan.warning) if plan.warning is not None else None
        return [SeatsDrawn(tables=drawn, warning=warning)]


def drawn_warning(bodies: Iterable[EventBody], seating: SeatingSettings) -> Msg | None:
    """The warning of the draw among ``bodies`` (a command's events), or None: the
    ``split_warning`` of the tables it seated, in any language."""
    for body in bodies:
        if isinstance(body, SeatsDrawn):
            sizes = [sum(s.player is not None for s in t.seats) for t in body.tables]
            return split_warning(sizes, seating) if sizes else None
    return None


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Each table drawn, with its players seat by seat."""
    lines: list[Msg] = []
    for table in state.open_tables():
        label = _("final table") if table.final else _("table {table}").format(table=table.number)
        lines.append(
            ngettext(
                "{label} ({suit}): {n} player",
                "{label} ({suit}): {n} players",
                len(state.players_at(table)),
            ).format(label=label, suit=table.suit)
        )
        lines.extend(
            _("  {seat} {number}  {card} {name}").format(
                seat=_("seat"),
                number=f"{seat.number:>2}",
                card=f"{seat.card:<4}",
                name=state.players[seat.player].name,
            )
            for seat in table.seats
            if seat.player
        )
    return lines


SLICE = Slice(
    command=Draw,
    description=Description(
        command="Draw",
        module="slices.draw",
        cli="draw",
        summaries=(said.SEAT_DRAW,),
        keys=(Key("s", "command('Draw')", _("Seat draw"), True),),
        when="before the start",
        director_only=True,
        article="II.2",
        prints="slips",
    ),
    fields=(
        Field(
            "tables",
            "whole",
            _("Number of tables (empty: the fewest, of 6 to 8 players each)"),
            _("K"),
            required=False,
            low=1,
            high=MAX_TABLES,
        ),
        Field("seed", "whole", DRAW_NUMBER_FIELD, _("N"), required=False, high=CHIPS_MAX),
    ),
    heading=_("Seat draw"),
    ok=_("Seat draw"),
    after=aftermath,
    cites=("II.1", "II.3", "II.4"),
)
