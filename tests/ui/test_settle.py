"""The UI tests' ``settle`` (conftest): it waits for an app at rest, and ends when the app has
ended, so that a console that crashed under a test fails that test with its error instead of
leaving it waiting for ever (a console opening the demo crashed once on a busy machine, and
the whole suite hung)."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from .conftest import settle


class Crashing(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("one")

    def key_b(self) -> None:
        raise ValueError("broken key")


async def test_a_crash_under_a_key_is_raised_not_waited_on() -> None:
    app = Crashing()
    came_back = []
    with pytest.raises(ValueError, match="broken key"):
        async with app.run_test() as pilot:
            # A bound on the wait (not a pause): before the fix the key's settle never
            # returned, and only the bound ended it.
            async with asyncio.timeout(60):
                await pilot.press("b")  # the conftest's press: the key, then settle
                assert not app.is_running
                await settle(pilot)
                came_back.append(True)
    assert came_back == [True]
