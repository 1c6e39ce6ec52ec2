"""A break called from the phone in a real browser, on a small phone (360×740 CSS px, touch):
the button beside the clock's, the form built from the command's fields (the minutes on a
number keypad), the Director's PIN, a typo refused in the notice as every action's refusal is,
then the break shown counting down."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import chromium
from tdhelpers.floor_browser import MISSING, tap, text_of, wait
from tdhelpers.floor_flows import confirm, floor_served_here, open_floor, shot
from tdhelpers.floor_pins import DIRECTOR_PIN
from tdhelpers.who_acts import last_actor

from tdconsole.domain.acting import label_text

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SMALL = 360, 740


def inside(driver: Any, css: str) -> bool:
    """Whether ``css`` is whole on screen and at least 48 CSS px each way."""
    return bool(
        driver.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return r.left >= 0 && r.top >= 0 && r.right <= innerWidth &&"
            " r.bottom <= innerHeight && r.width >= 48 && r.height >= 48",
            css,
        )
    )


def fill_the_break(driver: Any, minutes: str) -> None:
    from selenium.webdriver.common.by import By

    tap(driver, "#command-CallBreak")
    field = wait(driver, lambda d: d.find_element(By.ID, "field-minutes"), "asked the minutes")
    assert field.get_attribute("inputmode") == "numeric"
    assert text_of(driver, "#sheet-title") == "Call a break now"
    field.send_keys(minutes)
    driver.find_element(By.ID, "field-reason").send_keys("the dinner")
    driver.find_element(By.ID, "director-pin").send_keys(DIRECTOR_PIN)


def test_a_break_called_from_a_small_phone_counts_down_on_it(event: Path) -> None:
    with floor_served_here(event) as url, chromium(*SMALL, phone=True, pixel_ratio=3.0) as driver:
        open_floor(driver, url)
        assert text_of(driver, "#command-CallBreak") == "Call a break"
        for button in ("#clock-button", "#command-CallBreak", "#sign-out"):
            assert inside(driver, button), button
        shot(driver, "call-break-button")
        fill_the_break(driver, "0")
        for part in ("#field-minutes", "#director-pin", "#sheet-ok", "#sheet-cancel"):
            assert inside(driver, part), part
        shot(driver, "call-break-form")
        said = confirm(driver)
        assert said.startswith("Minutes of break") and said.endswith("(Art. VII.1)"), said
        assert "refused" in driver.find_element("id", "notice").get_attribute("class")
        assert text_of(driver, "#stage").startswith("Level 1")
        fill_the_break(driver, "10")
        assert confirm(driver) == "break called now: 10 minutes, the dinner"
        wait(driver, lambda d: text_of(d, "#stage") == "Break", "showed the break")
        # no break called in a break: its button goes, the others stay
        assert not driver.find_element("id", "command-CallBreak").is_displayed()
        assert driver.find_element("id", "command-Disqualify").is_displayed()
        resumes = text_of(driver, "#stage-more")
        assert re.fullmatch(r"Play resumes at \d\d:\d\d: level 1, 50/100", resumes), resumes
        shown = text_of(driver, "#time-left")
        assert re.fullmatch(r"(10:00|0?9:\d\d)", shown), shown
        wait(driver, lambda d: text_of(d, "#time-left") != shown, "counted down")
        shot(driver, "called-break")
    who = last_actor(event)
    assert label_text(who, "en").endswith("(via Anna)")
