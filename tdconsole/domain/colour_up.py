"""The colour-up: the smallest chip leaves play when no blind or ante needs it any more.

The regulation is silent; the Decision (docs/clock.md, and the ``denominations`` setting) is:

- The chips in the box are the setting ``denominations``; ``chip_unit`` is the smallest still
  in play. The plan marks the break after which it is no longer needed
  (``structure_proposal.colour_up_break``) and the console prompts the colour-up there.
- Each player's chips of the leaving denomination are exchanged for the next one, and what
  does not make a whole chip is **rounded up** to one (no player loses chips, nobody is
  eliminated by a colour-up). So each stack is its old value rounded up to the new chip.
- The Director records every new count. A table's chips may grow by the rounding only: from 0
  to (players at the table) × (new chip − old chip); a count outside that is refused unless
  the Director gives a reason. Every change of the chips in play is a ledger entry (``adjusted``,
  with the reason "colour-up"), so the ledger stays exact.
- ``chip_unit`` becomes the new chip (a setting change in the same event): counts, second stacks
  and bonuses are multiples of it from then on, and so are the blinds of levels edited later.
- It is refused while a blind or ante from the level in play on still needs the leaving chip.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import chips_change, chips_text
from tdconsole.domain.play_common import require_in
from tdconsole.domain.settings import Settings
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _

HORIZON = 40
"""Levels looked at for the colour-up and the expected end."""

if TYPE_CHECKING:
    from tdconsole.domain.structure import Structure


def next_chip(settings: Settings) -> int | None:
    """The denomination that replaces the chip unit at the colour-up (None: none left)."""
    unit = settings.stacks.chip_unit
    bigger = [c for c in settings.stacks.denominations if c > unit and c % unit == 0]
    return bigger[0] if bigger else None


def rounded_up(chips: int, chip: int) -> int:
    """A stack after the colour-up: rounded up to the new chip (the Decision above)."""
    return -(-chips // chip) * chip


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


def needs_chip(structure: Structure, level: int, chip: int) -> bool:
    """A blind or the ante of ``level`` that ``chip`` cannot pay: the smaller chip is still
    needed there."""
    blinds = structure.blinds(level)
    return any(v % chip for v in (blinds.small_blind, blinds.big_blind, blinds.ante))


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


class ColourUp(Command):
    """``colour-up --count NAME=N ...``: the smallest chip leaves play (Director, VII.1)."""

    counts: dict[str, int] = Field(min_length=1)
    override: str | None = None

    def describe(self) -> Summary:
        return summary_of(said.COLOUR_UP)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase not in ("elimination", "final"):
            raise RuleError(
                _("the colour-up is done during play, at a break"),
                "VII.1",
            )
        unit = state.settings.stacks.chip_unit
        chip = next_chip(state.settings)
        if chip is None:
            raise RuleError(
                _(
                    "no bigger chip than {unit} in the denominations setting: nothing to colour up"
                ).format(unit=unit),
                "VII.1",
            )
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
        missing = [p.name for p in state.in_players() if p.name not in counts]
        if missing:
            raise RuleError(
                _("count every player in play: missing {names}").format(names=", ".join(missing)),
                "VII.1",
            )
        adjustments: dict[int, int] = {}
        override = (self.override or "").strip()
        for table in state.open_tables():
            players = state.players_at(table)
            change = sum(counts[p.name] for p in players) - table.chips
            most = len(players) * (chip - unit)
            if not 0 <= change <= most and not override:
                raise RuleError(
                    _(
                        "table {number}: the counts change its chips by {change}; "
                        "rounding each stack up to a {chip} chip adds 0 to {most}: "
                        "recount, or give the reason to accept it"
                    ).format(
                        number=table.number,
                        change=chips_change(change),
                        chip=chip,
                        most=chips_text(most),
                    ),
                    "VII.1",
                )
            if change:
                adjustments[table.number] = change
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
