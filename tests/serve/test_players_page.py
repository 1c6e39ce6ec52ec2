"""Each player's own page in Debian's chromium on a phone (390×844): a player finds his name by
a part of it, sees his table, seat and card, follows his table's closing to his new seat, then
sees his place once out; the name stays chosen on the phone; axe-core finds nothing serious.

``TDCONSOLE_SCREENSHOTS=1`` saves the page's pictures into ``docs/room/`` (docs/room.md's).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as NO_AXE
from tdhelpers.axe import audit, said
from tdhelpers.floor_browser import MISSING, phone, tap, text_of, wait
from tdhelpers.served_here import serving_here

from tdconsole.domain.play import Bust, CloseTable
from tdconsole.domain.state import State
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "room"
NAME = "Esposito"


def shot(driver: Any, name: str) -> None:
    if os.environ.get("TDCONSOLE_SCREENSHOTS"):
        driver.save_screenshot(str(DOCS / f"players-{name}.png"))


def seated(state: State, name: str) -> tuple[int, int]:
    player = next(p for p in state.players.values() if p.name == name)
    assert player.table is not None and player.seat is not None
    return player.table, player.seat


def close_his_table(event: Path, name: str) -> int:
    """The Director busts the others at ``name``'s table down to three and closes it: the
    table closed."""
    director = Tournament.open(event)
    try:
        state = director.state
        table, _seat = seated(state, name)
        while len(left := state.players_at(state.tables[table])) > 3:
            other = next(p.name for p in reversed(left) if p.name != name)
            director.execute(Bust(names=[other], declined=True))
            state = director.state
        movers = [p.name for p in state.players_at(state.tables[table])]
        counts = dict.fromkeys(movers, 1000)
        counts[movers[0]] = state.tables[table].chips - 1000 * (len(movers) - 1)
        director.execute(CloseTable(table=table, counts=counts))
        return table
    finally:
        director.close()


def find(driver: Any, typed: str, name: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(driver.current_url)
    wait(driver, lambda d: d.find_element(By.ID, "name").is_displayed(), "asked the name")
    driver.find_element(By.ID, "name").send_keys(typed)
    wait(driver, lambda d: name in text_of(d, "#found"), f"offered {name}")
    tap(driver, "#found button")


def test_a_player_finds_his_seat_follows_his_move_then_sees_his_place(event: Path) -> None:
    service = Tournament.open(event)
    try:
        table, seat = seated(service.state, NAME)
    finally:
        service.close()
    with serving_here(event) as url, phone() as driver:
        driver.get(url + "/players")
        find(driver, "espo", NAME)
        wait(driver, lambda d: text_of(d, "#where-table") == f"Tavolo {table}", "showed his table")
        assert text_of(driver, "#where-seat") == f"Posto {seat}"
        assert text_of(driver, "#me") == NAME and "Carta" in text_of(driver, "#where-card")
        assert NAME in text_of(driver, "#mates")
        driver.refresh()  # the name stays chosen on this phone
        wait(driver, lambda d: text_of(d, "#where-table") == f"Tavolo {table}", "remembered him")

        closed = close_his_table(event, NAME)
        service = Tournament.open(event)
        try:
            to_table, to_seat = seated(service.state, NAME)
        finally:
            service.close()
        assert to_table != closed
        wait(
            driver,
            lambda d: text_of(d, "#where-table") == f"Tavolo {to_table}",
            "showed his new table",
        )
        assert text_of(driver, "#where-seat") == f"Posto {to_seat}"
        assert f"Il tavolo {closed} è chiuso" in text_of(driver, "#headline")
        shot(driver, "moved")

        director = Tournament.open(event)
        try:
            director.execute(Bust(names=[NAME], declined=True))
            place = next(p.place for p in director.state.players.values() if p.name == NAME)
        finally:
            director.close()
        wait(driver, lambda d: text_of(d, "#standing") == f"{place}° posto", "showed his place")
        assert not driver.find_element("id", "where").is_displayed()


@pytest.mark.skipif(NO_AXE is not None, reason=NO_AXE or "")
def test_the_page_has_nothing_serious_for_axe(event: Path) -> None:
    with serving_here(event) as url, phone() as driver:
        driver.get(url + "/players")
        wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "asked the name")
        found = audit(driver)
        assert not found, said(found)
        find(driver, "Espo", NAME)
        wait(driver, lambda d: text_of(d, "#where-table").startswith("Tavolo"), "showed his seat")
        found = audit(driver)
        assert not found, said(found)
