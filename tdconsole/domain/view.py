"""The State as the JSON of ``state --json`` (the contract of docs/cli.md), and its parts: the
read model's documents (``tdconsole.domain.read_model``), written at this one boundary."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from tdconsole.domain.read_model import (
    clock_view,
    payouts,
    results,
    rulings,
    state_view,
    to_json,
    winner,
)
from tdconsole.domain.state import State

__all__ = [
    "clock_json",
    "paid_beyond_the_table",
    "payouts_json",
    "results_json",
    "rulings_json",
    "state_json",
    "winner",
]


def state_json(state: State, now: datetime) -> dict[str, Any]:
    document: dict[str, Any] = to_json(state_view(state, now))
    return document


def payouts_json(state: State) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = to_json(payouts(state))
    return rows


def results_json(state: State) -> list[dict[str, Any]]:
    """The paid places decided so far, best first (the result the room sees at the end, IV.7)."""
    rows: list[dict[str, Any]] = to_json(results(state))
    return rows


def clock_json(state: State, now: datetime) -> dict[str, Any] | None:
    shown = clock_view(state, now)
    return None if shown is None else shown.to_json()


def rulings_json(state: State) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = to_json(rulings(state))
    return rows


def paid_beyond_the_table(
    payouts: Iterable[Mapping[str, Any]], results: Iterable[Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """``read_model.paid_beyond_the_table`` on the state document's rows, for the printed
    reports, which read the document (names compared as text: a document's values are not
    trusted to be hashable)."""
    named = {str(row.get("player")) for row in payouts if row.get("player")}
    return [row for row in results if str(row.get("player")) not in named]
