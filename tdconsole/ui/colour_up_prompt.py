"""When the console prompts the colour-up: at the break the plan marks for it (a Decision)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.domain.colour_up import next_chip
from tdconsole.domain.structure_proposal import colour_up_break

if TYPE_CHECKING:
    from tdconsole.domain.state import State


def colour_up_due(state: State, break_after: int) -> int | None:
    """The chip the colour-up brings in, when the break after level ``break_after`` is the one
    after which the smallest chip is no longer needed; else None."""

    chip = next_chip(state.settings)
    if chip is None or state.structure is None:
        return None
    unit = state.settings.stacks.chip_unit
    if colour_up_break(state.structure, unit, chip) != break_after:
        return None
    return chip
