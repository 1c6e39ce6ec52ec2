"""The floor's flows on a phone, shared by its browser tests: signing in, choosing a player,
confirming; ``TDCONSOLE_FLOOR_SHOTS=docs`` saves the phone's screens (docs/floor-*.png)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tdconsole.service import Tournament
from tdhelpers.floor_browser import tap, text_of, wait
from tdhelpers.floor_pins import FLOOR_PIN
from tdhelpers.served_here import serving_here

SHOTS = os.environ.get("TDCONSOLE_FLOOR_SHOTS")


def shot(driver: Any, name: str) -> None:
    if SHOTS:
        driver.save_screenshot(str(Path(SHOTS) / f"floor-{name}.png"))


def players_in(event: Path) -> list[str]:
    service = Tournament.open(event)
    try:
        return [p.name for p in service.state.in_players()]
    finally:
        service.close()


def floor_served_here(event: Path) -> Any:
    """The floor's server in this process, as tests/tdhelpers/floor_server.py configures it (for
    a test that never restarts it: 0.6 s of CPU less than a process of its own)."""
    return serving_here(event, lang="en", session_lang=None, public_url="")


def open_floor(driver: Any, url: str, name: str = "Anna") -> None:
    from selenium.webdriver.common.by import By

    driver.get(url + "/floor")
    wait(driver, lambda d: d.find_element(By.ID, "pin").is_displayed(), "asked the PIN")
    assert driver.find_element(By.ID, "pin").get_attribute("inputmode") == "numeric"
    assert driver.execute_script("return document.activeElement === document.body")  # no keyboard
    shot(driver, "sign-in")
    driver.find_element(By.ID, "pin").send_keys(FLOOR_PIN)
    driver.find_element(By.ID, "name").send_keys(name)
    tap(driver, "#signin-button")
    wait(driver, lambda d: d.find_element(By.ID, "main").is_displayed(), "signed in")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#players button"), "listed players")


def choose(driver: Any, name: str) -> None:
    from selenium.webdriver.common.by import By

    def tapped(d: Any) -> bool:
        for b in d.find_elements(By.CSS_SELECTOR, "#players button"):
            if b.find_element(By.CSS_SELECTOR, "span").text == name:
                d.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
                b.click()
                return text_of(d, "#chosen") == name
        return False

    wait(driver, tapped, f"listed and chose {name}")


def confirm(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    tap(driver, "#sheet-ok")
    wait(driver, lambda d: not d.find_element(By.ID, "sheet").is_displayed(), "closed the sheet")
    return wait(driver, lambda d: text_of(d, "#notice-text"), "said what was done")  # type: ignore[no-any-return]
