"""The rule search runs on worker threads: the results shown are always those of the text in
the search box, even when the search for an older text ends last."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from textual.widgets import Input

from tdconsole.ui import rulebook
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.widgets import rulings_view
from tdconsole.ui.widgets.rulings_view import RulingsView

from .conftest import settle
from .test_actions import SIZE, text_of


async def test_an_older_search_ending_last_does_not_replace_the_results(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    old_found, new_found = rulebook.search("III.2", "it"), rulebook.search("7.7", "it")
    old_hits, new_hits = old_found.hits, new_found.hits
    assert old_hits and new_hits and old_hits[0].number != new_hits[0].number
    old_started, new_shown = threading.Event(), threading.Event()
    old_arrived = asyncio.Event()

    def search(query: str, lang: str, limit: int = 12) -> rulebook.Found:
        if query == "old":
            old_started.set()
            new_shown.wait(timeout=60)  # this search ends after the newer one is on screen
            return old_found
        return new_found

    show = RulingsView._show_hits

    def show_hits(self: RulingsView, *args: Any) -> None:
        show(self, *args)
        if new_found in args:
            new_shown.set()
        if old_found in args:
            old_arrived.set()

    monkeypatch.setattr(rulings_view, "search", search)
    monkeypatch.setattr(RulingsView, "_show_hits", show_hits)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        box = app.screen.query_one("#rule-search", Input)
        box.value = "old"
        assert await asyncio.to_thread(old_started.wait, 60)
        box.value = "7.7"
        await asyncio.wait_for(old_arrived.wait(), timeout=60)
        await settle(pilot)
        view = app.screen.query_one(RulingsView)
        assert view.hits == new_hits
        assert f"Art. {new_hits[0].number}" in text_of(view.query_one("#rule-article"))


async def test_hits_arriving_before_the_tab_is_built_never_crash_the_console(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal's article looked up as the console opens: the search may end while the tab's
    panes are still being mounted (CI saw the console crash with "No nodes match
    '#rule-results'"). Those hits are dropped; the console goes on."""
    found = rulebook.search("IV.2", "it")
    assert found.hits
    started, release = threading.Event(), threading.Event()

    def search(query: str, lang: str, limit: int = 12) -> rulebook.Found:
        started.set()
        release.wait(timeout=60)
        return found

    monkeypatch.setattr(rulings_view, "search", search)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        view = app.screen.query_one(RulingsView)
        view.lookup("IV.2")
        assert await asyncio.to_thread(started.wait, 60)
        await view.query_one("#rule-panes").remove()  # the panes not mounted yet
        release.set()
        await settle(pilot)
        assert app.is_running
