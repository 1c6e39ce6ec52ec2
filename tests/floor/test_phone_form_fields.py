"""The phone's form of a Director's command, on a small phone (360×740 CSS px, touch), for the
kinds of field the phone's commands may have: a word from a fixed set is a list to choose
from, and a seat (``TABLE:SEAT``) its table and its seat, each on a number keypad, side by side
(sent as ``2:5``). Shown with a sanction and a Director's move put on the phone for the test;
each one recorded as the phone sends it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import chromium
from tdhelpers.floor_browser import MISSING, tap, text_of, wait
from tdhelpers.floor_flows import confirm, floor_served_here, open_floor, shot
from tdhelpers.floor_pins import DIRECTOR_PIN

from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.serve.floor import commands
from tdconsole.service import Tournament

SMALL = 360, 740
ON_THE_PHONE = ("CallBreak", "Disqualify", "Sanction", "MovePlayer")


@pytest.fixture
def more_on_the_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sanction (a word field) and a Director's move (a seat field) on the phone too."""
    offered = {d.command: d for d in SLICE_DESCRIPTIONS if d.command in ON_THE_PHONE}
    monkeypatch.setattr(commands, "offered", lambda: offered)


def whole_on_screen(driver: Any, css: str) -> dict[str, float]:
    """The box of ``css``, which must be whole on screen and 48 CSS px high at least."""
    box: dict[str, float] = driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height}",
        css,
    )
    assert box["left"] >= 0 and box["right"] <= SMALL[0] and box["height"] >= 48, (css, box)
    return box


def opened(driver: Any, command: str) -> None:
    tap(driver, f"#command-{command}")
    wait(driver, lambda d: d.find_element("id", "sheet").is_displayed(), "opened the form")


def move_and_seat(event: Path) -> tuple[str, str, int, int]:
    """A player to sanction, one to move, and a vacant seat at another table."""
    service = Tournament.open(event)
    try:
        state = service.state
        first, second = state.in_players()[:2]
        table = next(t for t in state.open_tables() if t.number != second.table)
        seat = next(s.number for s in table.seats if s.player is None)
        return first.name, second.name, table.number, seat
    finally:
        service.close()


@pytest.mark.usefixtures("more_on_the_phone")
def test_the_forms_give_a_words_list_and_a_seats_two_boxes_in_the_events_language() -> None:
    fields = {f["name"]: f for form in commands.forms("it") for f in form["fields"]}
    assert fields["to"]["parts"] == ["Tavolo", "Posto"]
    assert [w["word"] for w in fields["kind"]["words"]] == ["warning", "suspend", "disqualify"]
    assert "parts" not in fields["kind"] and "words" not in fields["to"]


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
@pytest.mark.usefixtures("more_on_the_phone")
def test_a_word_is_chosen_from_a_list_and_a_seat_typed_on_number_keypads(event: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    sanctioned, moved, table, seat = move_and_seat(event)
    with floor_served_here(event) as url, chromium(*SMALL, phone=True, pixel_ratio=3.0) as driver:
        open_floor(driver, url)
        opened(driver, "Sanction")
        kind = driver.find_element(By.ID, "field-kind")
        assert kind.tag_name == "select"
        listed = Select(kind)
        assert [o.get_attribute("value") for o in listed.options] == [
            "warning",
            "suspend",
            "disqualify",
        ]
        assert [o.text for o in listed.options] == ["warning", "suspend", "disqualify"]
        whole_on_screen(driver, "#field-kind")
        driver.find_element(By.ID, "field-name").send_keys(sanctioned)
        driver.find_element(By.ID, "field-reason").send_keys("phone at the table")
        listed.select_by_value("suspend")
        driver.find_element(By.ID, "field-orbits").send_keys("1")
        driver.find_element(By.ID, "director-pin").send_keys(DIRECTOR_PIN)
        shot(driver, "word-field")
        assert confirm(driver) == f"sanction suspend: {sanctioned}"

        opened(driver, "MovePlayer")
        boxes = [f"#field-to-{part}" for part in ("table", "seat")]
        for css in boxes:
            assert driver.find_element(By.CSS_SELECTOR, css).get_attribute("inputmode") == (
                "numeric"
            )
        left, right = (whole_on_screen(driver, css) for css in boxes)
        assert left["right"] <= right["left"] and left["top"] == right["top"]  # side by side
        words = [text_of(driver, "fieldset.seat legend")]
        words += [e.text for e in driver.find_elements(By.CSS_SELECTOR, "fieldset.seat span")]
        assert words == ["To seat (table:seat)", "Table", "Seat"]
        driver.find_element(By.ID, "field-name").send_keys(moved)
        driver.find_element(By.ID, "field-to-table").send_keys(str(table))
        driver.find_element(By.ID, "field-to-seat").send_keys(str(seat))
        driver.find_element(By.ID, "field-reason").send_keys("balance")
        driver.find_element(By.ID, "director-pin").send_keys(DIRECTOR_PIN)
        shot(driver, "seat-field")
        assert confirm(driver) == f"Director's move: {moved} to table {table} seat {seat}"
    service = Tournament.open(event)
    try:
        player = service.state.find(moved)
        assert player is not None and (player.table, player.seat) == (table, seat)
        suspended = service.state.find(sanctioned)
        assert suspended is not None and suspended.suspended_orbits == 1
    finally:
        service.close()
