"""The receipts of chosen players alone: the prize just handed over (I.7), not the whole
evening's again (``print receipts --player``, the console's receipt at a handover)."""

from __future__ import annotations

from collections.abc import Collection

from tdconsole.domain.read_model import StateView


def receipts_of(state: StateView, names: Collection[str]) -> StateView:
    """The state with only the players named (as recorded): the receipts report then holds
    theirs alone."""
    return state._replace(players=tuple(p for p in state.players if p.name in names))
