"""The floor's phone in a real browser (chromium at a phone's size) through the night's stages
and the page's parts that fit a phone: the break and overtime with the time left counting, the
search by any part of a name, the message band one line high, the connection bar off the
buttons, and axe-core's audit signed out and in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as NO_AXE
from tdhelpers.axe import audit, said
from tdhelpers.floor_browser import MISSING, fresh_phone, phone, served, tap, text_of, wait
from tdhelpers.floor_flows import (
    choose,
    confirm,
    floor_served_here,
    open_floor,
    players_in,
    shot,
)
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.room_stages import stage_event
from tdhelpers.support import with_pins

from tdconsole.domain.floor_model import floor_state
from tdconsole.domain.state import typed_key
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

CLOCK = re.compile(r"^\+?(\d+):(\d\d)$")


@pytest.fixture(scope="module")
def one_phone() -> Iterator[Any]:
    """One chromium at a phone's size for the module's cases (killed at its end)."""
    with phone() as driver:
        yield driver


@pytest.fixture
def driver(one_phone: Any) -> Any:
    """The module's phone as a fresh one would be (``fresh_phone``)."""
    return fresh_phone(one_phone)


def staged(folder: Path, stage: str) -> Path:
    """The demo event at ``stage`` (tests/tdhelpers/room_stages.py) with the floor's PINs."""
    return with_pins(stage_event(folder, stage), FLOOR_PIN, DIRECTOR_PIN)


def seconds_shown(driver: Any) -> int:
    text = text_of(driver, "#time-left")
    shown = CLOCK.match(text)
    assert shown, text
    return int(shown[1]) * 60 + int(shown[2])


def zero_at(event: Path) -> datetime:
    service = Tournament.open(event)
    try:
        clock = floor_state(service.state, datetime.now(UTC), "", "en").clock
    finally:
        service.close()
    assert clock is not None and clock.zero_at is not None
    return clock.zero_at


def test_a_break_shows_its_time_left_counting_down_and_when_play_resumes(
    tmp_path: Path, driver: Any
) -> None:
    event = staged(tmp_path, "break")
    resumes = zero_at(event).astimezone().strftime("%H:%M")  # (the browser's zone is ours)
    with floor_served_here(event) as url:
        open_floor(driver, url)
        assert text_of(driver, "#stage") == "Break"
        assert text_of(driver, "#stage-more") == f"Play resumes at {resumes}: level 2, 100/200"
        # no break called in a planned break: its button goes, the others stay
        assert not driver.find_element("id", "command-CallBreak").is_displayed()
        assert driver.find_element("id", "command-Disqualify").is_displayed()
        first = seconds_shown(driver)
        assert 0 < first <= 10 * 60
        # The page counts down by itself, from the server's zero (no change is sent meanwhile).
        wait(driver, lambda d: seconds_shown(d) < first, "counted down")
        shot(driver, "break")


def test_overtime_counts_up_and_names_the_level_not_yet_announced(
    tmp_path: Path, driver: Any
) -> None:
    event = staged(tmp_path, "pending")
    with floor_served_here(event) as url:
        open_floor(driver, url)
        assert text_of(driver, "#stage") == "Level 1: 50/100"
        more = "Time is up: level 2, 100/200, not yet announced"
        assert text_of(driver, "#stage-more") == more
        assert text_of(driver, "#time-left").startswith("+")
        first = seconds_shown(driver)
        assert first >= 60
        wait(driver, lambda d: seconds_shown(d) > first, "counted up")
        shot(driver, "overtime")


def test_a_running_level_counts_down_and_a_stopped_clock_says_so(event: Path, driver: Any) -> None:
    with floor_served_here(event) as url:
        open_floor(driver, url)
        assert text_of(driver, "#stage-more") == "Clock stopped"
        assert text_of(driver, "#time-left") == "40:00"
        tap(driver, "#clock-button")
        driver.find_element("id", "director-pin").send_keys(DIRECTOR_PIN)
        tap(driver, "#sheet-ok")
        wait(driver, lambda d: text_of(d, "#stage-more") == "Next: level 2, 100/200", "ran")
        wait(driver, lambda d: seconds_shown(d) < 40 * 60, "counted down")


def names_shown(driver: Any) -> list[str]:
    from selenium.webdriver.common.by import By

    spans = driver.find_elements(By.CSS_SELECTOR, "#players button span:first-child")
    return [e.text for e in spans]


def search(driver: Any, typed: str) -> list[str]:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.ID, "find")
    field.clear()
    field.send_keys(typed)
    return names_shown(driver)


def test_the_search_finds_any_part_of_a_name_as_the_console_does(event: Path, driver: Any) -> None:
    everyone = players_in(event)
    with floor_served_here(event) as url:
        open_floor(driver, url)
        assert search(driver, "ossi") == [n for n in everyone if "ossi" in typed_key(n)]
        assert "Rossi" in search(driver, "ossi")
        within = search(driver, "ri")
        assert within == [n for n in everyone if "ri" in typed_key(n)] and len(within) > 1
        shot(driver, "search")
        assert search(driver, "a") == [n for n in everyone if "a" in typed_key(n)]
        assert search(driver, "zzz") == []
        assert driver.find_element("id", "nobody").is_displayed()


def test_the_page_folds_names_as_the_console_does(event: Path, driver: Any) -> None:
    named = ["Ólafur", "Zoë  Ångström", "ĞÜNEŞ", "Straße", "STRASSE", "İlkay", "Søren Łukasz",
             "Þór Æsa", "ﬁnn", "Ῥόδος ᾳ ς", "Σίσυφος", "Ёлкин"]  # fmt: skip
    blocks = [(0x20, 0x7F), (0xA0, 0x250), (0x370, 0x530), (0x1E00, 0x2000)]
    letters = [chr(c) for a, b in blocks for c in range(a, b) if chr(c).isprintable()]
    with floor_served_here(event) as url:
        driver.get(url + "/floor")
        wait(driver, lambda d: d.execute_script("return !!window.typedKey"), "loaded")
        folded = driver.execute_script("return arguments[0].map(window.typedKey)", named + letters)
    expected = [typed_key(t) for t in named + letters]
    assert folded[: len(named)] == expected[: len(named)]
    assert {
        t: f
        for t, f, e in zip(letters, folded[len(named) :], expected[len(named) :], strict=True)
        if f != e
    } == {}


def test_a_long_message_stays_one_line_and_shows_whole_on_a_tap(event: Path, driver: Any) -> None:
    from selenium.webdriver.common.by import By

    last = players_in(event)[-1]
    with floor_served_here(event) as url:
        open_floor(driver, url)
        line = driver.find_element(By.ID, "notice-text")
        one = line.size["height"]
        list_top = driver.find_element(By.ID, "players").location["y"]
        # Out without the second stack declined: the refusal says what to do, at length.
        choose(driver, last)
        tap(driver, "#act-out")
        wait(driver, lambda d: text_of(d, "#sheet-rows"), "named the place")
        refused = confirm(driver)
        assert "Art. III.2" in refused and line.get_attribute("aria-expanded") == "false"
        assert driver.execute_script("return arguments[0].scrollWidth", line) > line.size["width"]
        assert line.size["height"] == one
        assert driver.find_element(By.ID, "players").location["y"] == list_top
        shot(driver, "long-message")
        # The whole text a tap away, and one line again at the next tap.
        tap(driver, "#notice-text")
        assert line.get_attribute("aria-expanded") == "true" and line.size["height"] > one
        whole = "return arguments[0].scrollWidth <= arguments[0].clientWidth"
        assert driver.execute_script(whole, line)
        tap(driver, "#notice-text")
        assert line.get_attribute("aria-expanded") == "false" and line.size["height"] == one


def centre_is_the_button(driver: Any, button: str) -> bool:
    return bool(
        driver.execute_script(
            "const b = document.getElementById(arguments[0]), r = b.getBoundingClientRect();"
            "return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b;",
            button,
        )
    )


def test_the_connection_bar_leaves_the_buttons_uncovered(event: Path, driver: Any) -> None:
    from selenium.webdriver.common.by import By

    with served(event) as server:
        open_floor(driver, server.url)
        choose(driver, players_in(event)[0])
        server.stop()
        wait(driver, lambda d: d.find_element(By.ID, "offline").is_displayed(), "said offline")
        shot(driver, "offline")
        for button in ("act-out", "act-second", "act-count", "clock-button"):
            assert centre_is_the_button(driver, button), button
        box = driver.find_element(By.ID, "act-count").rect
        assert box["y"] + box["height"] <= 844
        server.start()
        wait(driver, lambda d: not d.find_element(By.ID, "offline").is_displayed(), "came back")


@pytest.mark.skipif(NO_AXE is not None, reason=NO_AXE or "")
def test_axe_finds_nothing_signed_out_and_in(event: Path, driver: Any) -> None:
    from selenium.webdriver.common.by import By

    every = ("minor", "moderate", "serious", "critical")
    with floor_served_here(event) as url:
        driver.get(url + "/floor")
        wait(driver, lambda d: d.find_element(By.ID, "pin").is_displayed(), "asked the PIN")
        found = audit(driver, impacts=every)
        assert found == [], said(found)
        driver.find_element(By.ID, "pin").send_keys("000000")
        tap(driver, "#signin-button")
        wait(driver, lambda d: text_of(d, "#signin-note"), "refused the PIN")
        found = audit(driver, impacts=every)
        assert found == [], said(found)
        open_floor(driver, url)
        choose(driver, players_in(event)[0])
        found = audit(driver, impacts=every)
        assert found == [], said(found)
