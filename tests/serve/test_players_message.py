"""The Director's message on each player's own page, in Debian's chromium on a phone
(390×844): ``tdconsole message TEXT`` reaches an open page within a second or so, in its band
and as written (markup of either kind is text), ``message --clear`` takes it off; names that
look like markup are shown as typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.floor_browser import MISSING, phone, tap, text_of, wait
from tdhelpers.room_stages import stage_event
from tdhelpers.served_here import serving_here

from tdconsole.cli import main

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

TEXT = "<b>x</b> e [red]Bob[/]: al tavolo 2 si gioca a mano a mano"
"""Markup of both kinds, to be shown as written."""
NAMES = ("<b>x</b>", "[red]Bob", "Rossi", "Bianchi", "Verdi", "Neri", "Gallo", "Conti")
SOON = 2.0
"""A second or so: the server reads the event file twenty times a second."""

BAND = """
const band = document.getElementById("message"), line = document.getElementById("message-text");
return {shown: !band.hidden && band.getBoundingClientRect().height > 0, text: line.textContent,
        html: line.innerHTML, label: line.getAttribute("aria-label"),
        bold: document.querySelectorAll("#message b, #found b, #mine b").length};
"""


def shown(driver: Any) -> bool:
    return bool(driver.execute_script(BAND)["shown"])


def test_the_director_s_message_reaches_a_player_s_phone_as_written_and_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = stage_event(tmp_path, "seats", names=NAMES)
    with serving_here(event) as url, phone() as driver:
        driver.get(url + "/players")
        wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "asked the name")
        driver.find_element("id", "name").send_keys("b")
        wait(driver, lambda d: "<b>x</b>" in text_of(d, "#found"), "offered <b>x</b> as typed")
        assert "[red]Bob" in text_of(driver, "#found")
        tap(driver, "#found button")
        wait(driver, lambda d: text_of(d, "#me") == "<b>x</b>", "showed the name as typed")
        assert not shown(driver)

        assert main(["--event", str(event), "message", TEXT]) == 0
        wait(driver, shown, "showed the message", timeout=SOON)
        band = driver.execute_script(BAND)
        assert band["text"] == TEXT and "<b>" not in band["html"], band
        assert band["label"] == f"Messaggio del Direttore: {TEXT}", band
        assert band["bold"] == 0  # (no markup of a name or the message became an element)

        assert main(["--event", str(event), "message", "--clear"]) == 0
        wait(driver, lambda d: not shown(d), "took the message off", timeout=SOON)
    capsys.readouterr()
