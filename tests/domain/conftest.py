"""The domain's tests keep their events in memory (``Tournament.in_memory``): they prove the
rules, not the file. Those about the file itself are marked ``event_file``."""

from __future__ import annotations

import pytest


@pytest.fixture
def in_memory(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("event_file") is None
