"""The colour-up (a Decision, Art. VII.1): ``tdconsole colour-up --count NAME=N ...
[--override REASON]``, the console's ``C`` (its own dialog: a row per player in play, his
stack rounded up proposed, each table's change against what the rounding allows).

The smallest chip leaves play when no blind or ante needs it any more (the Decision in
``domain.colour_up``): every player in play is counted again, each stack rounded up to the next
chip; a table whose chips change beyond the rounding needs the Director's reason, and every
change is a ledger entry ("colour-up"). ``chip_unit`` becomes the new chip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.colour_up import HORIZON, needs_chip, next_chip, rounded_up
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.play_common import require_in
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


class ChipsColouredUp(EventBody):
    """The colour-up: new counts, the new chip unit, the rounding as ledger entries."""

    type: ClassVar[str] = "chips_coloured_up"
    removed: int
    unit: int
    counts: dict[str, int]
    adjustments: dict[int, int]
    """Table -> change of its chips in circulation (the rounding)."""
    settings: dict[str, Any]
    reason: str

    def apply(self, state: State, at: datetime) -> None:
        state.settings = Settings.model_validate(self.settings)
        for name, chips in self.counts.items():
            state.players[name_key(name)].chips = chips
        for table, change in self.adjustments.items():
            state.tables[table].chips += change
            state.adjusted += change


def level_in_play(state: State, now: datetime) -> int | None:
    """The level played now; during a break, the level that follows it (None: no clock)."""
    if state.clock is None or state.structure is None:
        return None
    auto = state.settings.clock.auto_announce
    status = clock.status(state.clock, state.structure, now, auto_announce=auto)
    return status.level + 1 if status.is_break else status.level


def _check_levels_to_come(state: State, now: datetime, unit: int, chip: int) -> None:
    """The chips of ``unit`` leave only when no blind or ante from the level in play on needs
    them (as far as the plan looks ahead)."""
    first = level_in_play(state, now)
    if first is None:
        return
    structure = state.structure
    needing = [
        lv for lv in range(first, max(first, HORIZON) + 1) if needs_chip(structure, lv, chip)
    ]
    if needing:
        level = structure.blinds(needing[0])
        blinds: Msg | str = f"{level.small_blind}/{level.big_blind}"
        if level.ante:
            blinds = _("{blinds}, ante {ante}").format(blinds=blinds, ante=level.ante)
        raise RuleError(
            _(
                "level {level} ({blinds}) still needs the {unit} chip: colour up after level "
                "{last}, or edit the levels up to it first"
            ).format(level=needing[0], blinds=blinds, unit=unit, last=needing[-1]),
            "VII.1",
        )


@dataclass(frozen=True)
class TableRecount:
    """One open table at the colour-up: its number, its players' names, its chips now."""

    number: int
    names: tuple[str, ...]
    chips: int

    def change(self, counts: Mapping[str, int]) -> int:
        """How much its chips change by ``counts`` (of its players, every one)."""
        return sum(counts[name] for name in self.names) - self.chips

    def most(self, unit: int, chip: int) -> int:
        """The most rounding each stack up to ``chip`` may add at this table."""
        return len(self.names) * (chip - unit)


@dataclass(frozen=True)
class Recount:
    """The colour-up as its dialog asks for it: the chip that leaves (``unit``) and the one
    it is changed for (``chip``); each player in play with his table and his stack rounded
    up (None: never counted); the open tables."""

    unit: int
    chip: int
    players: tuple[tuple[str, int | None, int | None], ...]
    tables: tuple[TableRecount, ...]

    def changes(self, counts: Mapping[str, int]) -> list[tuple[int, int, int]]:
        """Each table whose players ``counts`` all holds: its number, the change of its
        chips, and the most the rounding adds (beyond it, a reason is needed)."""
        return [
            (table.number, table.change(counts), table.most(self.unit, self.chip))
            for table in self.tables
            if all(name in counts for name in table.names)
        ]


def recount(state: State) -> Recount | None:
    """The colour-up's board in ``state`` (None: no bigger chip to colour up to)."""
    chip = next_chip(state.settings)
    if chip is None:
        return None
    players = tuple(
        (p.name, p.table, None if p.chips is None else rounded_up(p.chips, chip))
        for p in state.in_players()
    )
    tables = tuple(
        TableRecount(t.number, tuple(p.name for p in state.players_at(t)), t.chips)
        for t in state.open_tables()
    )
    return Recount(state.settings.stacks.chip_unit, chip, players, tables)


class ColourUp(Command):
    """The smallest chip leaves play: every player's new count (Director, VII.1)."""

    counts: dict[str, int] = Bounded(min_length=1)
    override: str | None = None

    def describe(self) -> Summary:
        return summary_of(said.COLOUR_UP)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase not in ("elimination", "final"):
            raise RuleError(
                _("the colour-up is done during play, at a break"),
                "VII.1",
            )
        board = recount(state)
        unit = state.settings.stacks.chip_unit
        if board is None:
            raise RuleError(
                _(
                    "no bigger chip than {unit} in the denominations setting: nothing to colour up"
                ).format(unit=unit),
                "VII.1",
            )
        chip = board.chip
        _check_levels_to_come(state, ctx.now, unit, chip)
        counts: dict[str, int] = {}
        for raw, value in self.counts.items():
            player = require_in(state, raw)
            if value <= 0 or value % chip:
                raise RuleError(
                    _("{name}: {value} is not a positive multiple of the new chip ({chip})").format(
                        name=player.name, value=chips_text(value), chip=chip
                    ),
                    "VII.1",
                )
            counts[player.name] = value
        missing = [name for name, _table, _chips in board.players if name not in counts]
        if missing:
            raise RuleError(
                _("count every player in play: missing {names}").format(names=", ".join(missing)),
                "VII.1",
            )
        adjustments: dict[int, int] = {}
        override = (self.override or "").strip()
        for number, change, most in board.changes(counts):
            if not 0 <= change <= most and not override:
                raise RuleError(
                    _(
                        "table {number}: the counts change its chips by {change}; "
                        "rounding each stack up to a {chip} chip adds 0 to {most}: "
                        "recount, or give the reason to accept it"
                    ).format(
                        number=number,
                        change=chips_change(change),
                        chip=chip,
                        most=chips_text(most),
                    ),
                    "VII.1",
                )
            if change:
                adjustments[number] = change
        settings = state.settings.with_value("chip_unit", str(chip))
        return [
            ChipsColouredUp(
                removed=unit,
                unit=chip,
                counts=counts,
                adjustments=adjustments,
                settings=settings.model_dump(mode="json"),
                reason=override or "colour-up",
            )
        ]


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The chip that left, the chip unit now, and how the chips in play changed."""
    return [
        _(
            "colour-up: the {removed} chips leave play, the smallest chip is now {unit}; "
            "chips in play {change} (ledger: {reason})"
        ).format(
            removed=chips_text(done.removed),
            unit=chips_text(done.unit),
            change=chips_change(sum(done.adjustments.values())),
            reason=done.reason,
        )
        for done in bodies
        if isinstance(done, ChipsColouredUp)
    ]


SLICE = Slice(
    command=ColourUp,
    description=Description(
        command="ColourUp",
        module="slices.colour_up",
        cli="colour-up",
        summaries=(said.COLOUR_UP,),
        keys=(Key("C", "colour_up", _("Colour-up")),),
        when="in play",
        director_only=True,
        article="VII.1",
    ),
    fields=(
        Field("counts", "pairs", _("new counts"), _("NAME=N"), option=True, flag="count"),
        Field(
            "override",
            "text",
            _("Reason to accept other counts (only if needed)"),
            _("REASON"),
            required=False,
        ),
    ),
    heading=_("Colour-up"),
    ok=_("Colour-up"),
    after=aftermath,
)
