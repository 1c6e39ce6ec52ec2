"""The room moves by itself: a TV, a player's page and a phone opened on the Director's laptop
go on from the copy's server once the laptop is gone (its ``serve`` SIGKILLed), showing the copy's
clock without a reload by the test; a page served by a file whose event moved goes at once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium, wait_for
from tdhelpers.command_line import run_on
from tdhelpers.copies import copy_serves_at, night
from tdhelpers.served_here import serving_here

from bench.served import free_port, serving
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


PAGES = ("/players", "/floor", "/display")


def opened(browser: Any, url: str) -> str:
    """``url`` in a new tab of ``browser``: the tab's handle."""
    browser.switch_to.new_window("tab")
    browser.get(url)
    return str(browser.current_window_handle)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One chromium for the module's cases (killed at its end)."""
    with chromium(800, 450) as driver:
        yield driver


def test_the_pages_go_on_from_the_copy_once_the_laptop_is_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], browser: Any
) -> None:
    laptop = free_port()
    laptop_url = f"http://127.0.0.1:{laptop}"
    director, copy = night(tmp_path, laptop_url)
    with serving_here(copy) as copy_url:
        copy_serves_at(director, copy_url)
        with serving(director, port=laptop) as on_laptop:
            players, floor, tv = (opened(browser, laptop_url + p) for p in PAGES)
            browser.switch_to.window(floor)
            wait_for(browser, "return !document.getElementById('signin').hidden")
            browser.execute_script(
                "document.getElementById('name').value = 'Anna';"
                "document.getElementById('signin-form').requestSubmit()"
            )
            wait_for(browser, "return !document.getElementById('main').hidden")
            browser.switch_to.window(players)
            browser.execute_script("localStorage.setItem('tdconsole.players.name', 'Player 03')")
            browser.refresh()  # (the name chosen on this phone)
            wait_for(browser, "return !document.getElementById('mine').hidden")
            browser.switch_to.window(tv)
            wait_for(browser, "return document.getElementById('digits').textContent")
            on_laptop.process.kill()  # the laptop dies
            on_laptop.process.wait()
            lost = time.monotonic()
        assert run_on(capsys, copy, "take-over", "--device", "cassa")[0] == 0
        assert run_on(capsys, copy, "clock", "pause")[0] == 0
        shown = (
            f"return location.origin === {copy_url!r} && "
            "document.getElementById('notice').textContent === window.tdconsolePage.say('stopped')"
            " && document.getElementById('digits').textContent"
        )
        assert wait_for(browser, shown, timeout=30)
        assert time.monotonic() - lost >= 9  # (about ten seconds after the laptop went)
        browser.switch_to.window(players)
        wait_for(browser, f"return location.origin === {copy_url!r}", timeout=10)
        here = "return localStorage.getItem('tdconsole.players.name')"
        assert wait_for(browser, here) == "Player 03"  # the player's name came along
        assert browser.execute_script("return location.hash") == ""  # (taken once)
        wait_for(browser, "return !document.getElementById('mine').hidden")
        browser.switch_to.window(floor)  # a phone signs in once more, there
        wait_for(browser, f"return location.origin === {copy_url!r}", timeout=10)
        wait_for(browser, "return !document.getElementById('signin').hidden")


def test_a_page_served_by_a_file_whose_event_moved_goes_there_at_once(
    tmp_path: Path, browser: Any
) -> None:
    director, copy = night(tmp_path, "http://127.0.0.1:9")
    browser.switch_to.window(browser.window_handles[0])
    with serving_here(copy) as copy_url:
        store = EventStore(director)
        moved = copy_marks.Moved("cassa", copy_url, datetime.now(UTC))
        copy_marks.record_moved(store, moved)
        store.close()
        with serving_here(director) as laptop_url:
            browser.get(laptop_url + "/display")
            wait_for(browser, f"return location.origin === {copy_url!r}", timeout=10)
