"""Searching a name as people type it on a phone, on the floor's page and on the players' page:
the curly apostrophe (an iPhone's default: "d’ang", "dell’acqua" found nothing), a space for
a hyphen ("hohenzollern sig" found nothing), accents and case; the page folds what is typed
as the server folds the names (``search_key``), checked against each other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as NO_AXE
from tdhelpers.axe import audit, said
from tdhelpers.floor_browser import MISSING, phone, tap, text_of, wait
from tdhelpers.floor_flows import floor_served_here, open_floor
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.room_stages import NAMES, stage_event
from tdhelpers.served_here import serving_here
from tdhelpers.support import with_pins

from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.domain.state import search_key
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

HARD = ("D'Angelo", "Dell'Acqua", *NAMES[2:])
TYPED = {
    "d’ang": ["D'Angelo"],
    "d'ang": ["D'Angelo"],
    "DELL’ACQUA": ["Dell'Acqua"],
    "dell acqua": ["Dell'Acqua"],
    "hohenzollern sig": [n for n in HARD if "Hohenzollern-Sig" in n],
    "élodie cote": ["Élodie Côté"],
}


@pytest.fixture
def hard_event(tmp_path: Path) -> Path:
    return with_pins(stage_event(tmp_path, "level", names=HARD), FLOOR_PIN, DIRECTOR_PIN)


def floor_finds(driver: Any, typed: str) -> list[str]:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.ID, "find")
    field.clear()
    field.send_keys(typed)
    spans = driver.find_elements(By.CSS_SELECTOR, "#players button span:first-child")
    return sorted(e.text for e in spans)


def players_find(driver: Any, typed: str) -> list[str]:
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys(typed)
    buttons = driver.find_elements(By.CSS_SELECTOR, "#found button")
    return sorted(b.text.split("\n")[0] for b in buttons)


def test_the_floor_and_the_players_pages_find_what_phones_type(hard_event: Path) -> None:
    from selenium.webdriver.common.by import By

    with floor_served_here(hard_event) as url, phone() as driver:
        open_floor(driver, url)
        for typed, names in TYPED.items():
            assert floor_finds(driver, typed) == sorted(names), typed
        driver.get(url + "/players")
        wait(driver, lambda d: d.find_element(By.ID, "name").is_displayed(), "asked the name")
        for typed, names in TYPED.items():
            assert players_find(driver, typed) == sorted(names), (typed, text_of(driver, "#found"))
        texts = [*TYPED, *HARD, "a‐b‑c‒d–e—f", "x ʼ y ′ z ` w", "  l'  '  r "]
        folded = driver.execute_script("return arguments[0].map(window.searchKey)", texts)
    assert folded == [search_key(t) for t in texts]


ALL = ("critical", "serious", "moderate", "minor")


@pytest.mark.skipif(NO_AXE is not None, reason=NO_AXE or "")
@pytest.mark.parametrize("stage", ["seats", "level", "final", "over"])
def test_the_players_page_has_nothing_for_axe_at_any_impact(tmp_path: Path, stage: str) -> None:
    """/players had axe-core's "region" (moderate): its clock outside any landmark."""
    from selenium.webdriver.common.by import By

    event = stage_event(tmp_path, stage, names=HARD)
    service = Tournament.open(event)
    try:
        service.execute(ShowMessage(message="La cena è servita"))
        someone = next(p.name for p in service.state.players.values() if p.status == "in")
    finally:
        service.close()
    with serving_here(event) as url, phone() as driver:
        driver.get(url + "/players")
        wait(driver, lambda d: d.find_element(By.ID, "name").is_displayed(), "asked the name")
        first = audit(driver, impacts=ALL)
        driver.find_element(By.ID, "name").send_keys(search_key(someone)[:6])
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#found button"), "offered")
        tap(driver, "#found button")
        wait(driver, lambda d: d.find_element(By.ID, "mine").is_displayed(), "showed his page")
        chosen = audit(driver, impacts=ALL)
    assert first == [] and chosen == [], said(first + chosen)
