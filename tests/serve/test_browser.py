"""The floor in a real browser beside the room's page: Debian's chromium, through chromedriver.

Skipped, naming what to install, where chromium or chromedriver is missing; CI installs both.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser import (
    MISSING,
    chromium,
    click_text,
    screen_text,
    type_keys,
    wait_for_element,
    wait_for_text,
)

from bench.served import serving
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

FLOOR_PIN = "2468"


def sign_in(floor: object, pin: str, name: str) -> None:
    """Tap each field, type in it, tap the button: as staff on a phone."""
    wait_for_text(floor, "PIN del floor")
    click_text(floor, "PIN del floor")
    type_keys(floor, pin)
    wait_for_text(floor, "•" * len(pin))
    click_text(floor, "Il vostro nome")
    type_keys(floor, name)
    wait_for_text(floor, name)
    click_text(floor, "Entra")


def test_a_bust_from_the_browser_floor_reaches_the_log_and_the_display(event: Path) -> None:
    with (
        serving(event) as served,
        chromium(1280, 720) as tv,
        chromium(412, 915, phone=True) as phone,
    ):
        tv.get(served.url + "/display")
        wait_for_element(tv, "#players", "24 / 24")
        phone.get(served.url + "/floor")
        sign_in(phone, FLOOR_PIN, "Anna")
        wait_for_text(phone, "Floor: Anna")
        type_keys(phone, "ross")
        wait_for_text(phone, "può prendere la seconda dote")
        service = Tournament.open(event)
        try:
            click_text(phone, "Fuori, rifiuta")  # a tap on the button
            tapped = time.monotonic()
            wait_for_element(tv, "#players", "23 / 24", timeout=1.0)
            on_display = time.monotonic() - tapped
            service.poll()
            rossi = service.state.find("Rossi")
            assert rossi is not None and rossi.status == "out"
            assert service.log()[-1].actor == "Anna"
        finally:
            service.close()
        print(f"bust tapped on the phone → on the TV in {on_display * 1000:.0f} ms")
        out = subprocess.run(
            [sys.executable, "-m", "tdconsole", "--event", str(event), "state", "--json"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        players = {p["name"]: p for p in json.loads(out)["players"]}
        assert players["Rossi"]["status"] == "out" and players["Rossi"]["place"] == 24
        wait_for_text(phone, "Rossi: 24°")  # the floor's own confirmation


def test_a_wrong_pin_is_refused(event: Path) -> None:
    with serving(event) as served, chromium(412, 915, phone=True) as phone:
        phone.get(served.url + "/floor")
        sign_in(phone, "1111", "Anna")
        text = wait_for_text(phone, "PIN sbagliato")
        assert "Cercate un giocatore" not in text
        assert "Floor: Anna" not in screen_text(phone)
