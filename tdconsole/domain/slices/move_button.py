"""The button's seat (Art. II.5, 2.4): ``tdconsole button TABLE SEAT``, the console's ``B``,
the floor's too.

The button moves clockwise every hand (II.5) and stays put or skips after eliminations by this
regulation's own procedure (2.4): the floor records where it is. The console's dialog opens on
the table and the seat under the cursor and says where the button is now.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.play_common import require_open_table
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class ButtonMoved(EventBody):
    """Where the button (the dealer's marker) now sits at a table (Art. II.5, 2.4)."""

    type: ClassVar[str] = "button_moved"
    table: int
    seat: int

    def apply(self, state: State, at: datetime) -> None:
        state.tables[self.table].button = self.seat


class MoveButton(Command):
    """The floor records the button's seat: it moves clockwise every hand (II.5), and stays
    put or skips after eliminations by this regulation's own procedure (2.4)."""

    table: int
    seat: int

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "table": ("button_moved.table",),
        "seat": ("button_moved.seat",),
    }

    def describe(self) -> Summary:
        return summary_of(said.BUTTON, table=self.table, seat=self.seat)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = require_open_table(state, self.table)
        if not 1 <= self.seat <= len(table.seats):
            raise RuleError(
                _("table {number} has seats 1 to {seats}: choose one of them").format(
                    number=table.number, seats=len(table.seats)
                ),
                "II.5",
            )
        if self.seat == table.button:
            raise RuleError(
                _("the button is already at seat {seat} of table {number}").format(
                    seat=self.seat, number=table.number
                ),
                "II.5",
            )
        return [ButtonMoved(table=table.number, seat=self.seat)]


def on_the_final(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The final table named as the room names it, not by its number (IV.1)."""
    return [
        _("final table: the button is at seat {seat} (Art. II.5)").format(seat=body.seat)
        for body in bodies
        if isinstance(body, ButtonMoved) and state.tables[body.table].final
    ]


def button_now(state: State, typed: Mapping[str, str]) -> Msg | None:
    """Where the button is now at the table typed (nothing while it names no open table)."""
    number = typed.get("table", "").strip()
    table = state.tables.get(int(number)) if number.isdigit() else None
    if table is None or not table.open:
        return None
    return _("now at seat {seat}").format(seat=table.button)


SLICE = Slice(
    command=MoveButton,
    description=Description(
        command="MoveButton",
        module="slices.move_button",
        cli="button",
        summaries=(said.BUTTON,),
        keys=(Key("B", "command('MoveButton')", _("Button"), False, True),),
        when="in play",
    ),
    fields=(
        Field(
            "table",
            "whole",
            _("Table"),
            _("TABLE"),
            low=1,
            high=CHIPS_MAX,
            under_cursor="table",
        ),
        Field("seat", "whole", _("Seat"), _("SEAT"), low=1, high=CHIPS_MAX, under_cursor="seat"),
    ),
    heading=_("Button"),
    ok=_("Button"),
    after=on_the_final,
    note=button_now,
    cites=("II.5", "2.4"),
)
