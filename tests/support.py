"""Helpers shared by the tests (importable as ``support``; fixtures are in conftest)."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tdconsole.service import Tournament


class FakeClock:
    """A wall clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 29, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


MakeService = Callable[..., Tournament]


def names(n: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(1, n + 1)]


def seeds_dir() -> Path:
    """The regulations in ``shared/seeds`` beside the checkout (or ``$TDCONSOLE_SEEDS``)."""
    override = os.environ.get("TDCONSOLE_SEEDS")
    if override:
        return Path(override)
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
