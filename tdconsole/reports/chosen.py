"""The receipts of chosen players alone: the prize just handed over (I.7), not the whole
evening's again (``print receipts --player``, the console's receipt at a handover)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any


def receipts_of(state: Mapping[str, Any], names: Collection[str]) -> Mapping[str, Any]:
    """The state document with only the players named (as recorded): the receipts report
    then holds theirs alone."""
    players = [p for p in state.get("players") or [] if isinstance(p, Mapping)]
    return {**state, "players": [p for p in players if str(p.get("name")) in names]}
