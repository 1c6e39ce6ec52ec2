"""Fixtures of the rulebook's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tdconsole.rules import search_kept


@pytest.fixture
def no_index_held() -> Iterator[None]:
    """The test starts with no rulebook index held in this process (the next search opens the
    kept one or builds it), and leaves none behind."""
    search_kept.cached_index.cache_clear()
    search_kept.rebuilt.clear()
    yield
    search_kept.cached_index.cache_clear()
    search_kept.rebuilt.clear()
