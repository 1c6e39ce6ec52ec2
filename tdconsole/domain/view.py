"""The State as the JSON of ``state --json`` (the contract of docs/cli.md), and its parts: the
read model's documents (``tdconsole.domain.read_model``), written at this one boundary."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdconsole.domain.read_model import clock_view, payouts, rulings, state_view, to_json
from tdconsole.domain.state import State

__all__ = ["clock_json", "payouts_json", "rulings_json", "state_json"]


def state_json(state: State, now: datetime) -> dict[str, Any]:
    document: dict[str, Any] = to_json(state_view(state, now))
    return document


def payouts_json(state: State) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = to_json(payouts(state))
    return rows


def clock_json(state: State, now: datetime) -> dict[str, Any] | None:
    shown = clock_view(state, now)
    return None if shown is None else shown.to_json()


def rulings_json(state: State) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = to_json(rulings(state))
    return rows
