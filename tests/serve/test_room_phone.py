"""The room's screen opened on a phone held upright (390×844), in Debian's chromium, at every
stage of the night with the hard names: the page is the TV's, but someone will open it on a
phone. Read from the rendered boxes: no text under 14 px, no two texts over each other, none
cut by its box or past the screen's edges, every name told apart; the clock's parts, the room's
numbers and the lists under the clock shared down the whole height (no fifth of it empty).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium
from tdhelpers.room_stages import NAMES, STAGES, stage_event
from tdhelpers.served_here import serving_here

from tdconsole.domain.slices.show_message import ShowMessage

from .test_room_message_served import LONG, TEXT, director
from .test_room_names import told_apart, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

PHONE = (390, 844)
SMALLEST = 14  # px
NAMED = {"seats", "moves", "final", "winner", "over"}
"""(The stages whose lists show the players' names: the hard ones there.)"""
SPREAD = {"paused", "level", "last_minute", "break"}
"""(The clock's stages with its lists under it: the levels coming, the second stacks.)"""

TEXTS = """
const W = innerWidth, H = innerHeight;
const shown = (e) => e.offsetParent !== null && e.getClientRects().length > 0 &&
  getComputedStyle(e).visibility !== "hidden";
const own = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
const texts = [...document.querySelectorAll("#screen *")].filter((e) => shown(e) && own(e));
const said = (e) => (e.id || e.className || e.tagName) + " " + JSON.stringify(e.textContent);
const small = [], cut = [], outside = [], over = [];
const boxes = texts.map((e) => e.getBoundingClientRect());
texts.forEach((e, i) => {
  const style = getComputedStyle(e), r = boxes[i];
  if (parseFloat(style.fontSize) < 14) { small.push(said(e) + " " + style.fontSize); }
  const clips = style.overflow !== "visible" || style.textOverflow === "ellipsis";
  if (e.scrollWidth > e.clientWidth + 1 || (clips && e.scrollHeight > e.clientHeight + 1)) {
    cut.push(said(e));
  }
  if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) { outside.push(said(e)); }
  texts.forEach((f, j) => {
    if (j <= i || e.contains(f) || f.contains(e)) { return; }
    const s = boxes[j];
    const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (x > 1 && y > 1) { over.push(said(e) + " / " + said(f)); }
  });
});
const img = document.querySelector("#qr img");
const spans = boxes.concat(shown(img) ? [img.getBoundingClientRect()] : []).map(
  (r) => [Math.max(0, r.top), Math.min(H, r.bottom)]).sort((a, b) => a[0] - b[0]);
let empty = 0, reached = 0;
for (const [top, bottom] of spans) { empty = Math.max(empty, top - reached);
  reached = Math.max(reached, bottom); }
return {stage: document.getElementById("screen").className, count: texts.length,
        texts: texts.map(said), small, cut,
        outside, over, overflows: window.tdconsoleOverflows(),
        empty: Math.max(empty, H - reached) / H};
"""
"""Each text on the screen (an element with words of its own): too small, cut by its box
(wider than it, or taller where the box clips), past the screen's edges, over another; and
the largest height (a part of the screen's) with no text (or code) in it."""


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    with chromium(*PHONE, phone=True) as driver:
        yield driver


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("phone")
    return {
        stage: stage_event(folder, stage, names=NAMES if stage in NAMED else None)
        for stage in STAGES
    }


def read(phone: Any, event: Path, stage: str) -> dict[str, Any]:
    """What ``TEXTS`` finds on the phone showing ``event`` at ``stage`` (its names told apart)."""
    phone.get("about:blank")
    with serving_here(event) as url:
        phone.get(url + "/display")
        wait_for(phone, f"return document.getElementById('screen').classList"
                        f".contains('stage-{stage}')")  # fmt: skip
        phone.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
        )
        assert phone.execute_script("return [innerWidth, innerHeight]") == list(PHONE)
        found: dict[str, Any] = phone.execute_script(TEXTS)
        told_apart(phone, stage, NAMES if stage in NAMED else None)
    assert found["count"] >= 3, found
    for problem in ("small", "cut", "outside", "over", "overflows"):
        assert found[problem] == [], (stage, problem, found[problem])
    return found


@pytest.mark.parametrize("stage", STAGES)
def test_the_room_s_screen_on_a_phone_reads_whole_at_14_px(
    stage: str, events: dict[str, Path], phone: Any
) -> None:
    found = read(phone, events[stage], stage)
    if stage in SPREAD:
        assert found["empty"] < 0.2, (stage, found)


@pytest.mark.parametrize(("stage", "text"), [("level", LONG), ("seats", TEXT)])
def test_the_director_s_message_on_a_phone(
    stage: str, text: str, tmp_path: Path, phone: Any
) -> None:
    """The message whole in its band (a long one on more lines), at the draw too."""
    event = stage_event(tmp_path, stage, names=NAMES if stage in NAMED else None)
    director(event, ShowMessage(message=text))
    found = read(phone, event, stage)
    assert any(shown.startswith("message ") for shown in found["texts"]), found
