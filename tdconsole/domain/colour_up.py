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

The command and its event: ``slices.colour_up``; the chips and levels it reads: here, which the
structure's plan reads too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

HORIZON = 40
"""Levels looked at for the colour-up and the expected end."""

if TYPE_CHECKING:
    from tdconsole.domain.settings import Settings
    from tdconsole.domain.structure import Structure


def next_chip(settings: Settings) -> int | None:
    """The denomination that replaces the chip unit at the colour-up (None: none left)."""
    unit = settings.stacks.chip_unit
    bigger = [c for c in settings.stacks.denominations if c > unit and c % unit == 0]
    return bigger[0] if bigger else None


def rounded_up(chips: int, chip: int) -> int:
    """A stack after the colour-up: rounded up to the new chip (the Decision above)."""
    return -(-chips // chip) * chip


def needs_chip(structure: Structure, level: int, chip: int) -> bool:
    """A blind or the ante of ``level`` that ``chip`` cannot pay: the smaller chip is still
    needed there."""
    blinds = structure.blinds(level)
    return any(v % chip for v in (blinds.small_blind, blinds.big_blind, blinds.ante))
