"""From the event's read model (``domain.read_model.StateView``) to a ``Report``, one builder
a report.

The builders are grouped by what they print: ``places`` (standings, payouts, results),
``tables`` (seating, seat slips, moves), ``money`` (cash summary, receipts) and ``rulings``;
``common`` holds what they share. ``BUILDERS`` names each builder by its report.
"""

from __future__ import annotations

from collections.abc import Callable

from tdconsole.domain.read_model import StateView
from tdconsole.reports.builders.money import cash, receipts
from tdconsole.reports.builders.places import payouts, results, standings
from tdconsole.reports.builders.rulings import rulings
from tdconsole.reports.builders.tables import moves, seating, slips
from tdconsole.reports.model import Report
from tdconsole.words.reports import Lang

BUILDERS: dict[str, Callable[[StateView, Lang], Report]] = {
    "standings": standings,
    "seating": seating,
    "slips": slips,
    "payouts": payouts,
    "results": results,
    "rulings": rulings,
    "moves": moves,
    "cash": cash,
    "receipts": receipts,
}


__all__ = [
    "BUILDERS",
    "StateView",
    "cash",
    "moves",
    "payouts",
    "receipts",
    "results",
    "rulings",
    "seating",
    "slips",
    "standings",
]
