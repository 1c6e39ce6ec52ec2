"""The wall clock, read in one place: every face and the service take a ``Clock`` and default
to ``utc_now``, so a test hands them a clock of its own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)
