"""The floor on a phone in a real browser: Debian's chromium in mobile emulation (390×844 at
device scale 3, touch), each flow of a night on the floor a test of its own, on its own copy of
the demo event.

``TDCONSOLE_FLOOR_SHOTS=docs`` saves the phone's screens (docs/floor-*.png, the README's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import freeze
from tdhelpers.floor_browser import MISSING, fresh_phone, phone, served, tap, text_of, wait
from tdhelpers.floor_flows import choose, confirm, floor_served_here, open_floor, players_in, shot
from tdhelpers.floor_pins import DIRECTOR_PIN

from tdconsole.domain.acting import label_text
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

PING = 1.0
"""The stream's ping in seconds for the locked phone's server: shorter than the served one's
(``streams.PING_SECONDS``), so the freeze past two of them is short."""

FROZEN_SECONDS = PING * 2.5
"""How long the phone stays locked (its page frozen) while the server restarts: past two of
the stream's pings (a locked phone misses them all)."""


@pytest.fixture(scope="module")
def one_phone() -> Iterator[Any]:
    """One chromium at a phone's size for the module's cases of one phone (killed at its end);
    the locked phone, the two phones and the landscape one start their own."""
    with phone() as driver:
        yield driver


@pytest.fixture
def driver(one_phone: Any) -> Any:
    """The module's phone as a fresh one would be (``fresh_phone``)."""
    return fresh_phone(one_phone)


def test_the_page_asks_the_pin_then_lists_players_with_large_targets(
    event: Path, driver: Any
) -> None:
    with floor_served_here(event) as url:
        open_floor(driver, url)
        # The notice band keeps its place (the list never moves under a finger): idle, it
        # says how the page is used.
        assert text_of(driver, "#notice-text") == "Tap a player, then what happened."
        shot(driver, "players")
        # Touch targets of 48 CSS px at least.
        small = driver.execute_script(
            "return [...document.querySelectorAll('button:not([hidden])')]"
            ".filter(b => b.offsetParent && (b.offsetHeight < 48 || b.offsetWidth < 48))"
            ".map(b => b.id || b.textContent)"
        )
        assert small == []


def test_out_names_the_place_then_is_undone_and_redone(event: Path, driver: Any) -> None:
    from selenium.webdriver.common.by import By

    last = players_in(event)[-1]
    with floor_served_here(event) as url:
        open_floor(driver, url)
        # Out: a confirmation naming the player and his place; the second stack declined
        # only by saying so.
        choose(driver, last)
        tap(driver, "#act-out")
        rows = wait(driver, lambda d: text_of(d, "#sheet-rows"), "named the place")
        assert rows.startswith(f"{last}: 24th")
        shot(driver, "bust")
        tap(driver, "#declined")
        said = confirm(driver)
        assert said == f"{last}: 24th"
        assert driver.find_element(By.ID, "undo").is_displayed()
        assert text_of(driver, "#undo") != "Cancel"
        shot(driver, "done")
        # Undo, worded apart from Cancel, then "Undone: …"; redo, then undo again.
        tap(driver, "#undo")
        wait(driver, lambda d: text_of(d, "#notice-text").startswith("Undone: "), "undone")
        assert last in players_in(event)
        tap(driver, "#redo")
        wait(driver, lambda d: text_of(d, "#notice-text").startswith("Redone: "), "redone")
        assert last not in players_in(event)


def test_the_second_stack_shows_its_amount_and_asks_the_current_stack(
    event: Path, driver: Any
) -> None:
    from selenium.webdriver.common.by import By

    other = players_in(event)[0]
    with floor_served_here(event) as url:
        open_floor(driver, url)
        # The second stack: its amount shown, the current stack asked (III.2).
        choose(driver, other)
        tap(driver, "#act-second")
        assert "Second stack of" in wait(driver, lambda d: text_of(d, "#sheet-rows"), "amount")
        field = driver.find_element(By.ID, "current")
        assert field.get_attribute("inputmode") == "numeric"
        field.send_keys("0")
        shot(driver, "second-stack")
        assert confirm(driver).startswith(f"{other}: second stack of ")


def test_a_count_of_chips_is_recorded(event: Path, driver: Any) -> None:
    from selenium.webdriver.common.by import By

    third = players_in(event)[1]
    with floor_served_here(event) as url:
        open_floor(driver, url)
        choose(driver, third)
        tap(driver, "#act-count")
        driver.find_element(By.ID, "chips").send_keys("12000")
        assert confirm(driver) == f"{third}: 12 000 chips counted"


def test_the_clock_with_the_directors_pin_is_logged_through_the_floor(
    event: Path, driver: Any
) -> None:
    from selenium.webdriver.common.by import By

    with floor_served_here(event) as url:
        open_floor(driver, url)
        # The clock with the Director's PIN, logged through Anna.
        tap(driver, "#clock-button")
        driver.find_element(By.ID, "director-pin").send_keys(DIRECTOR_PIN)
        shot(driver, "director-pin")
        assert confirm(driver) == "Clock running"
    service = Tournament.open(event)
    try:
        who = service.history.actors[service.log()[-1].command]
        assert label_text(who, "en").endswith("(via Anna)")
    finally:
        service.close()


def test_a_locked_phone_outlives_a_server_restart_and_stays_signed_in(event: Path) -> None:
    from selenium.webdriver.common.by import By

    third = players_in(event)[1]
    with served(event, ping=PING) as server, phone() as driver:
        open_floor(driver, server.url)
        # A locked phone: the page hidden and frozen past two pings (the Page Lifecycle's frozen
        # state, as a phone's browser freezes a locked phone's page) while the server restarts.
        # The page itself shows it: it saw "freeze" then "resume", and its timer (4 a second)
        # did not count in between.
        frozen = freeze(driver, FROZEN_SECONDS, server.restart)
        assert frozen.seconds >= FROZEN_SECONDS
        assert [name for name, _ in frozen.seen] == ["hidden", "freeze", "resume", "visible"]
        assert frozen.seen[1][1] == frozen.seen[2][1]
        assert frozen.ticks_after - frozen.ticks <= 2
        wait(driver, lambda d: not d.find_element(By.ID, "offline").is_displayed(), "reconnected")
        choose(driver, third)
        tap(driver, "#act-count")
        driver.find_element(By.ID, "chips").send_keys("11000")
        assert confirm(driver) == f"{third}: 11 000 chips counted"
        assert not driver.find_element(By.ID, "signin").is_displayed()
        # A reload too.
        driver.refresh()
        wait(driver, lambda d: d.find_element(By.ID, "main").is_displayed(), "stayed signed in")


def test_two_phones_race_on_one_player_and_both_end_on_the_true_state(event: Path) -> None:
    from selenium.webdriver.common.by import By

    names = players_in(event)
    target = names[-1]
    with floor_served_here(event) as url, phone() as one, phone() as two:
        open_floor(one, url, "Anna")
        open_floor(two, url, "Bruno")
        for driver in (one, two):
            choose(driver, target)
            tap(driver, "#act-out")
            wait(driver, lambda d: text_of(d, "#sheet-rows"), "named the place")
            tap(driver, "#declined")
        assert confirm(one) == f"{target}: 24th"
        refused = confirm(two)
        assert "not in play" in refused
        assert "refused" in two.find_element(By.ID, "notice").get_attribute("class")
        for driver in (one, two):
            wait(driver, lambda d: text_of(d, "#count-in").startswith("23 "), "23 in play")
            shown = [
                e.text
                for e in driver.find_elements(By.CSS_SELECTOR, "#players button span:first-child")
            ]
            assert target not in shown and len(shown) == 23


def test_landscape_keeps_every_button_on_screen(event: Path) -> None:
    from selenium.webdriver.common.by import By

    with floor_served_here(event) as url, phone(landscape=True) as driver:
        open_floor(driver, url)
        choose(driver, players_in(event)[0])
        for button in ("act-out", "act-second", "act-count"):
            box = driver.find_element(By.ID, button).rect
            assert box["y"] + box["height"] <= 390 and box["x"] + box["width"] <= 844, button
        shot(driver, "landscape")
