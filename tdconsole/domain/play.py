"""Titles III-IV: the start, the chip ledger, the second stack, the end; eliminations and places
(``slices.bust``), the closings and the final (``slices.close_table``, ``slices.final``)
re-exported with the other play commands for the faces.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

from tdconsole.domain.numbers import round_chips
from tdconsole.domain.play_common import (
    can_take_second_stack,
    current_big_blind,
    second_stack_amount,
)
from tdconsole.domain.slices.bust import Bust, Elimination, PlayersEliminated, places_for
from tdconsole.domain.slices.close_plan import ClosePlan, ClosePlanDrawn, Move
from tdconsole.domain.slices.close_table import CloseTable, TableClosed
from tdconsole.domain.slices.count import ChipsCounted, Count
from tdconsole.domain.slices.final import Final, FinalDrawn
from tdconsole.domain.slices.second_stack import SecondStack, SecondStackIssued
from tdconsole.domain.slices.start import Start, Started

__all__ = [
    "Bust",
    "ChipsCounted",
    "ClosePlan",
    "ClosePlanDrawn",
    "CloseTable",
    "Count",
    "Elimination",
    "Final",
    "FinalDrawn",
    "Move",
    "PlayersEliminated",
    "SecondStack",
    "SecondStackIssued",
    "Start",
    "Started",
    "TableClosed",
    "can_take_second_stack",
    "current_big_blind",
    "places_for",
    "round_chips",
    "second_stack_amount",
]
