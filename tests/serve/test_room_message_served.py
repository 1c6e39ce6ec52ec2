"""The Director's message on the served pages: in ``/api/room`` and its stream (aiohttp's test
client); on the TV in Debian's chromium, large, at most two lines, the clock still a quarter of
the screen, within a second of ``tdconsole message`` and gone at ``--clear``; on the floor's
phone in its band, the whole text a tap away."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from tdhelpers.browser import MISSING, chromium, fresh_page
from tdhelpers.room_stages import stage_event
from tdhelpers.served_here import serving_here

from tdconsole.cli import main
from tdconsole.domain.slices.clear_message import ClearMessage
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament

from .test_app import events_of
from .test_room_page import LAYOUT, SHOT, SIZES, WIDE, resize, wait_for

TEXT = "<b>Cena</b> [red]servita[/]: la sala chiude alle 23"
"""Markup of both kinds, to be shown as written."""
LONG = ("Il tavolo 3 chiude dopo questa mano: i giocatori seguono lo schermo " * 3)[:200]

BAND = """
const H = innerHeight, band = document.getElementById("message");
const r = band.getBoundingClientRect(), style = getComputedStyle(band);
const inner = band.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
const others = ["event", "time", "title", "digits", "blinds", "next", "notice", "side",
                "numbers", "foot"].map((id) => document.getElementById(id))
  .filter((e) => e.offsetParent !== null && e.textContent.trim() !== "")
  .filter((e) => { const o = e.getBoundingClientRect();
    return Math.min(o.bottom, r.bottom) - Math.max(o.top, r.top) > 1 &&
           Math.min(o.right, r.right) - Math.max(o.left, r.left) > 1; })
  .map((e) => e.id);
return {shown: !band.hidden && r.height > 0, height: r.height / H,
        lines: Math.round(inner / parseFloat(style.lineHeight)), overlaps: others,
        html: band.innerHTML, text: band.textContent, top: r.top / H};
"""


def director(event: Path, command: ShowMessage | ClearMessage) -> None:
    service = Tournament.open(event)
    try:
        service.execute(command)
    finally:
        service.close()


@pytest.fixture
async def client(event: Path, aiohttp_client: Any) -> TestClient[Any, Any]:
    made: TestClient[Any, Any] = await aiohttp_client(
        build_app(ServeConfig(event=event, poll_seconds=0.02))
    )
    return made


async def test_the_room_s_json_and_stream_carry_the_message(
    client: TestClient[Any, Any], event: Path
) -> None:
    assert (await (await client.get("/api/room")).json())["message"] is None
    pictures = events_of(await client.get("/api/room/stream"))
    assert (await anext(pictures))["message"] is None
    await asyncio.to_thread(director, event, ShowMessage(message=TEXT, minutes=20))
    shown = await asyncio.wait_for(anext(pictures), 5)
    assert shown["message"]["text"] == TEXT
    assert shown["message"]["until"].endswith("+00:00")
    assert (await (await client.get("/api/room")).json())["message"] == shown["message"]
    await asyncio.to_thread(director, event, ClearMessage())
    cleared = await asyncio.wait_for(anext(pictures), 5)
    assert cleared["message"] is None


needs_chromium = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def browser() -> Any:
    if MISSING is not None:
        pytest.skip(MISSING)
    with chromium(*SHOT) as driver:
        yield driver


@needs_chromium
def test_the_tv_shows_the_message_within_a_second_and_clear_takes_it_off(
    tmp_path: Path, browser: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    tv = fresh_page(browser, *SHOT)
    event = stage_event(tmp_path, "level")
    with serving_here(event) as url:
        tv.get(url + "/display")
        wait_for(tv, "return document.getElementById('screen').className === 'stage-level'")
        assert tv.execute_script("return document.getElementById('message').hidden")
        assert main(["--event", str(event), "message", TEXT]) == 0
        asked = time.monotonic()
        wait_for(tv, "return !document.getElementById('message').hidden")
        assert time.monotonic() - asked < 1.0
        found = tv.execute_script(BAND)
        assert found["text"] == TEXT and "<b>" not in found["html"].replace("&lt;b&gt;", "")
        assert main(["--event", str(event), "message", "--clear"]) == 0
        asked = time.monotonic()
        wait_for(tv, "return document.getElementById('message').hidden")
        assert time.monotonic() - asked < 1.0
        assert tv.execute_script("return document.getElementById('message').textContent") == ""
    capsys.readouterr()


@needs_chromium
@pytest.mark.parametrize("text", [TEXT, LONG], ids=["short", "200 characters"])
def test_the_band_is_large_two_lines_at_most_and_the_clock_keeps_its_quarter(
    tmp_path: Path, browser: Any, text: str
) -> None:
    tv = fresh_page(browser, *SHOT)
    event = stage_event(tmp_path, "level")
    director(event, ShowMessage(message=text))
    with serving_here(event) as url:
        tv.get(url + "/display")
        wait_for(tv, "return !document.getElementById('message').hidden")
        for width, height in SIZES:
            resize(tv, width, height)
            band = tv.execute_script(BAND)
            layout = tv.execute_script(LAYOUT)
            assert band["shown"] and band["text"] == text, (width, height, band)
            assert layout["problems"] == [] and band["overlaps"] == [], (width, height, band)
            if width >= 600:  # (a screen, not a phone's width)
                assert band["lines"] <= 2, (width, height, band)
            if (width, height) in WIDE:  # a TV across the room
                assert band["height"] >= 0.05, (width, height, band)
                assert layout["digits"] >= 0.25, (width, height, layout)
                assert band["top"] < 0.2, (width, height, band)  # under the top line


@needs_chromium
def test_the_phone_shows_the_message_in_its_band_the_whole_text_a_tap_away(
    tmp_path: Path,
) -> None:
    from tdhelpers.floor_browser import phone, tap, text_of, wait
    from tdhelpers.floor_flows import floor_served_here, open_floor
    from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
    from tdhelpers.support import with_pins

    event = with_pins(stage_event(tmp_path, "level"), FLOOR_PIN, DIRECTOR_PIN)
    with floor_served_here(event) as url, phone() as driver:
        open_floor(driver, url)
        assert driver.execute_script("return document.getElementById('room-message').hidden")
        director(event, ShowMessage(message=LONG))
        wait(
            driver,
            lambda d: not d.execute_script("return document.getElementById('room-message').hidden"),
            "showed the message",
        )
        assert text_of(driver, "#room-message-text") == f"Message to the room: {LONG}"
        line = "document.getElementById('room-message-text')"
        one_line = driver.execute_script(f"return {line}.getBoundingClientRect().height")
        tap(driver, "#room-message-text")
        assert driver.execute_script(f"return {line}.getAttribute('aria-expanded')") == "true"
        whole = driver.execute_script(f"return {line}.getBoundingClientRect().height")
        assert whole > one_line * 1.5  # opened on several lines
        director(event, ClearMessage())
        wait(
            driver,
            lambda d: d.execute_script("return document.getElementById('room-message').hidden"),
            "took the message off",
        )
