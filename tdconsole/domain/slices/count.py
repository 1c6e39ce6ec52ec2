"""Chip counts (Art. III.3 uses them): ``tdconsole count NAME=N ...``, the console's ``k`` (its
own dialog: a row per player at the table under the cursor, his last count to change, the sum
against the chips the table holds).

After the start each player's count is the starting stack; a count is a multiple of the chip
unit and a table's counts never pass the chips in circulation there (III.3). The floor may
record counts too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_text
from tdconsole.domain.play_common import check_chip_unit, check_in_circulation, require_in, table_of
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class ChipsCounted(EventBody):
    type: ClassVar[str] = "chips_counted"
    counts: dict[str, int]

    def apply(self, state: State, at: datetime) -> None:
        for name, chips in self.counts.items():
            player = state.players[name_key(name)]
            player.chips, player.counted = chips, True


class Count(Command):
    counts: dict[str, int] = Bounded(min_length=1)

    named: ClassVar[dict[str, tuple[str, ...]]] = {"counts": ("chips_counted.counts",)}

    def describe(self) -> Summary:
        counts = ", ".join(f"{n.strip()}={c}" for n, c in self.counts.items())
        return summary_of(said.COUNT, counts=counts)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.stack is None:
            raise RuleError(
                _("counts are recorded once the tournament has started"),
                "III.1",
            )
        clean: dict[str, int] = {}
        by_table: dict[int, dict[str, int]] = {}
        for raw, chips in self.counts.items():
            player = require_in(state, raw)
            check_chip_unit(state, player.name, chips)
            clean[player.name] = chips
            by_table.setdefault(table_of(state, player).number, {})[player.name] = chips
        for number, named in by_table.items():
            check_in_circulation(state, state.tables[number], named)
        return [ChipsCounted(counts=clean)]


@dataclass(frozen=True)
class TableCount:
    """A table's counts as its dialog shows them: its number, whether it is the final one,
    each player seated there with his last count (None: none yet), the chips it holds."""

    number: int
    final: bool
    players: tuple[tuple[str, int | None], ...]
    chips: int


def table_count(state: State, number: int) -> TableCount:
    """The counts of table ``number`` in ``state``."""
    table = state.tables[number]
    players = tuple((p.name, p.chips) for p in state.players_at(table))
    return TableCount(number, table.final, players, table.chips)


def counted(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Each player counted, with his chips as recorded."""
    return [
        _("{name}: {chips}").format(name=name, chips=chips_text(chips))
        for body in bodies
        if isinstance(body, ChipsCounted)
        for name, chips in body.counts.items()
    ]


SLICE = Slice(
    command=Count,
    description=Description(
        command="Count",
        module="slices.count",
        cli="count",
        summaries=(said.COUNT,),
        keys=(Key("k", "count", _("Count"), False, True),),
        when="in play",
    ),
    fields=(Field("counts", "pairs", _("record chip counts: NAME=CHIPS ..."), _("NAME=N")),),
    heading=_("Count"),
    ok=_("Count"),
    after=counted,
    cites=("III.3",),
)
