"""The room's web page in Debian's chromium at every size a room or a phone has, through every
stage of the night: nothing cut off or overlapping, the sizes the back of the room needs read
from the rendered boxes, names literal, suits in colour; the countdown from the server's time
whatever the screen's own clock says; a change from another terminal, with its chime; the
server restarted and the page back by itself (that one with ``tdconsole serve`` itself, in its
own process; the others with its server in the test's process, ``served_here``).

``TDCONSOLE_SCREENSHOTS=1`` saves each stage's picture into ``docs/room/`` (the README's).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium, fresh_page, on_every_page, wait_for
from tdhelpers.room_stages import STAGES, stage_event
from tdhelpers.served_here import serving_here
from tdhelpers.ties import tie_and_disqualified

from bench.served import free_port, serving
from tdconsole.domain.play import Bust
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.service import Tournament

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SIZES = ((1920, 1080), (1280, 720), (3840, 2160), (1024, 768), (1080, 1920), (390, 844))
WIDE = {(1920, 1080), (1280, 720), (3840, 2160)}
SHOT = (1280, 720)
DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "room"
CLOCK_STAGES = {"paused", "level", "last_minute", "pending", "break"}
LIST_STAGES = {"moves", "final"}
"""(After the draw, before the start, there is no clock yet: the seats and the players' page's
code take the screen.)"""

MISPLACED = """
// The boxes (id: its rectangle) past the screen's edge, or overlapping one another.
const misplaced = (boxes, W, H) => {
  const problems = [], keys = Object.keys(boxes);
  for (const id of keys) {
    const r = boxes[id];
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) {
      problems.push(id + " past the screen's edge");
    }
  }
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const a = boxes[keys[i]], b = boxes[keys[j]];
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 1 && y > 1) { problems.push(keys[i] + " overlaps " + keys[j]); }
    }
  }
  return problems;
};
"""
"""What the room's pages share of their layout checks (prepended to the script that uses it)."""

LAYOUT = (
    MISPLACED
    + """
const W = window.innerWidth, H = window.innerHeight, problems = [];
const ids = ["event", "time", "title", "digits", "blinds", "next", "notice", "players",
             "average", "pool", "next-break", "payouts", "side", "result-title", "winner",
             "places"];
const shown = (e) => e && e.offsetParent !== null && e.getClientRects().length > 0
                     && e.textContent.trim() !== "";
const boxes = {};
for (const id of ids) {
  const e = document.getElementById(id);
  if (shown(e)) { boxes[id] = e.getBoundingClientRect(); }
}
problems.push(...misplaced(boxes, W, H));
for (const id of window.tdconsoleOverflows()) { problems.push(id + " is cut off"); }
const height = (id) => boxes[id] ? boxes[id].height / H : 0;
return {problems, stage: document.getElementById("screen").className,
        digits: height("digits"), blinds: height("blinds"), next: height("next"),
        players: height("players"), average: height("average"), pool: height("pool")};
"""
)

SETTLED = """
// (the page's resize handler runs in the next frame's rendering, before its animation frames)
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => done(true));
"""


def resize(driver: Any, width: int, height: int) -> None:
    phone = width < 600
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.execute_async_script(SETTLED)


def text(driver: Any, element: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element}').innerText"))


BLOCKED = """window.blocked = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.blocked.push(e.violatedDirective + " " + e.blockedURI));"""
"""Notes what the page's Content-Security-Policy blocks (``window.blocked``)."""


@pytest.fixture(scope="module")
def room_browser() -> Iterator[Any]:
    """One chromium for the module's cases (killed at its end)."""
    with chromium(*SHOT) as driver:
        yield driver


@pytest.fixture
def tv(room_browser: Any) -> Any:
    """A screen of the room: the module's chromium on a fresh tab, cookies and storage
    cleared, so no case sees another's page, scripts or size."""
    return fresh_page(room_browser, *SHOT)


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_at_every_size(stage: str, tmp_path: Path, tv: Any) -> None:
    event = stage_event(tmp_path, stage)
    on_every_page(tv, BLOCKED)
    with serving_here(event) as url:
        resize(tv, *SHOT)
        tv.get(url + "/display")
        shown = f"return document.getElementById('screen').classList.contains('stage-{stage}')"
        wait_for(tv, shown)
        for width, height in SIZES:
            resize(tv, width, height)
            found = tv.execute_script(LAYOUT)
            assert found["problems"] == [], (width, height, found)
            if (width, height) in WIDE and stage in CLOCK_STAGES:
                assert found["digits"] >= 0.40, (width, height, found)
                assert found["blinds"] >= 0.07 and found["next"] >= 0.07, (width, height, found)
                for number in ("players", "average", "pool"):
                    assert found[number] >= 0.04, (width, height, number, found)
            if (width, height) in WIDE and stage in LIST_STAGES:
                assert found["digits"] >= 0.25, (width, height, found)  # the clock stays
            if (width, height) == SHOT and os.environ.get("TDCONSOLE_SCREENSHOTS"):
                DOCS.mkdir(exist_ok=True)
                tv.save_screenshot(str(DOCS / f"{stage}.png"))
        if stage == "seats":
            seats = text(tv, "list")
            assert "[red]Bob" in seats and "Zoë Ångström" in seats  # names as typed
            colours = tv.execute_script(
                "return [...document.querySelectorAll('#list span.red')]"
                ".map((e) => getComputedStyle(e).color)"
            )
            assert colours and set(colours) == {"rgb(255, 90, 90)"}  # hearts and diamonds
        if stage == "break":
            assert tv.execute_script("return document.querySelector('#qr img').naturalWidth") > 0
        if stage == "pending":
            words = text(tv, "next")
            assert "PROSSIMO: LIVELLO 2" in words and "ORA" not in words.split()
            assert text(tv, "blinds") == "BUI 50 / 100"
            assert text(tv, "digits").startswith("+")
        # The server's Content-Security-Policy blocked nothing the page needs.
        assert tv.execute_script("return window.blocked") == []


def test_the_countdown_follows_the_server_not_the_screen_s_clock(tmp_path: Path, tv: Any) -> None:
    event = stage_event(tmp_path, "level")  # 35:00 left when built
    with serving_here(event) as url:
        # This screen's clock is an hour and a half ahead.
        skew = "const real = Date.now; Date.now = () => real() + 5400000;"
        on_every_page(tv, skew)
        tv.get(url + "/display")
        wait_for(tv, "return document.getElementById('screen').classList.contains('stage-level')")
        wait_for(tv, "return /^3[45]:\\d\\d$/.test(document.getElementById('digits').innerText)")
        first = text(tv, "digits")
        time.sleep(1.2)
        later = text(tv, "digits")
        assert later != first and later.startswith("3")  # it runs, from the server's time


def test_a_change_reaches_the_page_with_its_chime_and_a_restart_is_survived(
    tmp_path: Path, tv: Any
) -> None:
    event = stage_event(tmp_path, "pending")
    port = free_port()
    with serving(event, port=port) as served:
        tv.get(served.url + "/display")
        wait_for(tv, "return document.getElementById('screen').classList.contains('stage-pending')")
        director = Tournament.open(event)
        try:
            director.execute(ClockControl(action="announce"))
        finally:
            director.close()
        wait_for(tv, "return document.getElementById('title').innerText === 'LIVELLO 2'")
        assert tv.execute_script("return window.tdconsoleChimes") == ["level"]
    # The server is gone: the page keeps its picture and says it is reconnecting.
    wait_for(tv, "return !document.getElementById('mark').hidden")
    assert text(tv, "title") == "LIVELLO 2"
    floor = Tournament.open(event, actor="Bruno", role="floor")
    try:
        name = floor.state.in_players()[-1].name
        floor.execute(Bust(names=[name], declined=True))
    finally:
        floor.close()
    with serving(event, port=port):
        wait_for(tv, "return document.getElementById('players').innerText.includes('23')", 30)
        assert tv.execute_script("return document.getElementById('mark').hidden")
        assert tv.execute_script("return window.tdconsoleChimes") == ["level"]  # no more


class Blank(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<!doctype html><title>blank</title>")

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_a_fresh_page_keeps_nothing_of_the_case_before(tv: Any) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Blank)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    seen = "return [window.was, document.cookie, localStorage.was, innerWidth, innerHeight]"
    try:
        for tab in ("first", "second"):
            if tab == "second":
                tv.switch_to.new_window("tab")
            on_every_page(tv, "window.was = 1")
            tv.get(url)
            tv.execute_script("document.cookie = 'was=1; max-age=3600'; localStorage.was = '1'")
            resize(tv, 800, 600)
            assert tv.execute_script(seen) == [1, "was=1", "1", 800, 600]
        fresh_page(tv, *SHOT)
        assert len(tv.window_handles) == 1
        tv.get(url)
        assert tv.execute_script(seen) == [None, "", None, *SHOT]
    finally:
        server.shutdown()
        server.server_close()


def test_the_prizes_line_shows_a_tie_s_shares_and_a_disqualification(
    tmp_path: Path, tv: Any
) -> None:
    """The TV's prizes line read "4° Bea 42 scudi · 5° Cid 21 scudi" for two players tied at
    4th and 5th (each owed his share of 63: 32 and 31) and "3° Dan 0 scudi" for a disqualified
    3rd. Now: the shared place, the tie's mark, each his prize, and DQ (in Italian, SQ)."""
    event = tie_and_disqualified(tmp_path / "tie.tdc", "Torneo")
    with serving_here(event) as url:
        tv.get(url + "/display")
        line = "return document.getElementById('payouts').textContent"
        wait_for(tv, line)
        shown = tv.execute_script(line)
        assert "3° Dan SQ · 4°= Bea 32 scudi · 4°= Cid 31 scudi" in shown, shown
