"""The room's screen at every stage of the hard night (tdhelpers.room_stages' 24 long, accented
and non-Latin names), on every shape a room's TV has (16:9, 16:10, the 4:3 and 5:4 TVs, 21:9,
portrait), without and with a Director's message: one layout rule that holds on each.

Read from the rendered boxes in Debian's chromium: no element overlaps another and none is
past the screen's edge, the page's own overflow check (``tdconsoleOverflows``) finds nothing,
the digits keep a quarter of the height beside a list (of the width in portrait), the level
and blinds stay readable, every name at least the floors of docs/room.md, and a cut name shows
the part that tells it apart. One chromium, one page per stage; the message is added to the
served event, the shapes are the page's sizes (about a minute for the whole matrix). axe-core
finds nothing at any impact at any stage.

``TDCONSOLE_SCREENSHOTS=1`` saves the final table at 4:3 with a message into ``docs/room/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as AXE_MISSING
from tdhelpers.axe import audit
from tdhelpers.axe import said as axe_said
from tdhelpers.browser import MISSING, chromium, fresh_page
from tdhelpers.room_season import season_beside
from tdhelpers.room_stages import NAMES, stage_event
from tdhelpers.served_here import serving_here

from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.service import Tournament

from .test_room_names import told_apart
from .test_room_page import MISPLACED, resize, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SHAPES = {
    "16:9": (1920, 1080),
    "16:10": (1680, 1050),
    "4:3": (1024, 768),
    "4:3 1440": (1440, 1080),
    "4:3 1600": (1600, 1200),
    "5:4": (1280, 1024),
    "21:9": (2560, 1080),
    "portrait": (1080, 1920),
}
STAGES = (
    "waiting", "seats", "level", "break", "season", "pending", "moves", "final", "heads_up",
    "winner", "over",
)  # fmt: skip
"""Before the draw, the seats, a level, a break without and with the season's standings, the
overtime, the closing's moves, the final table, heads-up, the winner, the end."""
DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "room"
BESIDE_A_LIST = {"moves", "final", "heads_up", "season"}
ALL = ("critical", "serious", "moderate", "minor")
MESSAGE = "La cena è servita: il tavolo 3 chiude dopo questa mano"

BOXES = (
    MISPLACED
    + """
const W = innerWidth, H = innerHeight;
const shown = (e) => e && e.offsetParent !== null && e.getClientRects().length > 0 &&
  e.textContent.trim() !== "" || (e && e.id === "qr" && e.offsetParent !== null);
const ids = ["event", "mark", "sound", "time", "message", "title", "digits", "blinds", "next",
  "notice", "result-title", "winner", "places", "list-title", "list", "side-more", "seconds",
  "qr", "players", "average", "pool", "next-break", "payouts", "tables"];
const box = (e) => { const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          height: r.height, font: parseFloat(getComputedStyle(e).fontSize)}; };
const boxes = {};
for (const id of ids) {
  const e = document.getElementById(id);
  if (shown(e) && e.getBoundingClientRect().height > 0) { boxes[id] = box(e); }
}
const problems = misplaced(boxes, W, H);
for (const id of window.tdconsoleOverflows()) { problems.push(id + " overflows"); }
// (a name is cut only when its list has no room left: never with a quarter of it empty)
for (const id of ["list", "tables", "result"]) {
  const c = document.getElementById(id);
  if (!c || c.offsetParent === null) { continue; }
  const cut = [...c.querySelectorAll(".name")].filter((n) => n.dataset.whole !== undefined);
  const parts = [...c.querySelectorAll(id === "result" ? ":scope > *" : ".name, .num")]
    .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect());
  if (!cut.length || !parts.length) { continue; }
  const r = c.getBoundingClientRect();
  const used = Math.max(...parts.map((p) => p.bottom)) - Math.min(...parts.map((p) => p.top));
  if (r.height - used > 0.25 * r.height) {
    problems.push(id + " cuts " + cut[0].textContent + " with " +
                  Math.round(100 - 100 * used / r.height) + " % of its height empty");
  }
}
const listing = document.getElementById("screen").classList.contains("listing");
const names = [...document.querySelectorAll((listing ? "#list .name:not(.head), " : "") +
  "#places .name, #tables .name")].filter((e) => e.offsetParent !== null).map(box);
return {W, H, problems, boxes, names, stage: document.getElementById("screen").className};
"""
)


def director(event: Path, text: str) -> None:
    service = Tournament.open(event)
    try:
        service.execute(ShowMessage(message=text))
    finally:
        service.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(*SHAPES["16:9"]) as driver:
        yield driver


def checked(tv: Any, stage: str, shape: str, message: bool) -> list[str]:
    """What is wrong with the page ``tv`` shows at ``shape``: a line each."""
    width, height = SHAPES[shape]
    resize(tv, width, height)
    found = tv.execute_script(BOXES)
    where = f"{stage} at {shape} {width}x{height}" + (" with a message" if message else "")
    wrong = [f"{where}: {p}" for p in found["problems"]]
    portrait = height > width
    side = width if portrait else height
    boxes = found["boxes"]
    floor = 0.035 if width * 10 >= height * 16 or portrait else 0.027
    for name in found["names"]:
        if name["font"] < floor * side - 0.5:
            wrong.append(f"{where}: a name at {name['font']:.1f} px, under {floor:.1%}")
    if stage in BESIDE_A_LIST and "digits" in boxes and boxes["digits"]["height"] < 0.25 * side - 1:
        wrong.append(f"{where}: the digits {boxes['digits']['height']:.0f} px high")
    for words in ("title", "blinds", "next"):  # (the level and its blinds: never slivers)
        if words in boxes and boxes[words]["height"] < min(0.025 * side, 20):
            wrong.append(f"{where}: {words} {boxes[words]['height']:.0f} px high")
    if message and "message" not in boxes:
        wrong.append(f"{where}: no message")
    try:
        told_apart(
            tv,
            where,
            NAMES if "listing" in found["stage"] or "winner" in stage or stage == "over" else None,
        )
    except AssertionError as error:
        wrong.append(f"{where}: names not told apart {error}")
    return wrong


def walked(tv: Any, event: Path, stage: str) -> list[str]:
    """Every shape without a message, then (the Director's given) with one: what is wrong."""
    wrong: list[str] = []
    for shape in SHAPES:
        wrong += checked(tv, stage, shape, False)
    director(event, MESSAGE)
    resize(tv, *SHAPES["16:9"])
    wait_for(tv, "return !document.getElementById('message').hidden")
    for shape in SHAPES:
        wrong += checked(tv, stage, shape, True)
        if (stage, shape) == ("final", "4:3") and os.environ.get("TDCONSOLE_SCREENSHOTS"):
            tv.save_screenshot(str(DOCS / "final-4x3-message.png"))
    return wrong


@pytest.mark.parametrize("stage", STAGES)
def test_every_stage_on_every_shape_with_and_without_a_message(
    stage: str, tmp_path: Path, browser: Any
) -> None:
    event = stage_event(tmp_path, "break" if stage == "season" else stage, names=NAMES)
    if stage == "season":
        season_beside(event)
    tv = fresh_page(browser, *SHAPES["16:9"])
    with serving_here(event) as url:
        tv.get(url + "/display")
        kind = {"season": "break", "heads_up": "final"}.get(stage, stage)
        wait_for(tv, f"return document.getElementById('screen').classList"
                     f".contains('stage-{kind}')")  # fmt: skip
        wrong = walked(tv, event, stage)
        title = tv.execute_script("return document.getElementById('list-title').textContent")
        resize(tv, *SHAPES["16:9"])
        found = audit(tv, impacts=ALL) if AXE_MISSING is None else []
    assert wrong == [], "\n".join(wrong)
    assert found == [], axe_said(found)  # (every impact: moderate and minor too)
    if kind == "final":  # (the chips as last counted, and when)
        assert title.startswith("Tavolo finale · Gettoni alle "), title


@pytest.mark.parametrize("stage", ["level", "final", "winner", "over"])
def test_the_tables_screen_on_every_shape_shows_the_message_and_the_end(
    stage: str, tmp_path: Path, browser: Any
) -> None:
    """``/display?screen=tables`` never showed the Director's message, and at the end only
    "no table open": now the message in its band, and the winner and the paid places."""
    event = stage_event(tmp_path, stage, names=NAMES)
    tv = fresh_page(browser, *SHAPES["16:9"])
    ended = stage in ("winner", "over")
    with serving_here(event) as url:
        tv.get(url + "/display?screen=tables")
        wait_for(tv, "return document.getElementById('tables').childElementCount > 0 ||"
                     " document.getElementById('winner').textContent !== ''")  # fmt: skip
        wrong = walked(tv, event, stage)
        found = audit(tv, impacts=ALL) if AXE_MISSING is None else []
        shown = tv.execute_script(
            "return [document.getElementById('message').innerText,"
            " document.getElementById('winner').innerText,"
            " document.getElementById('places').children.length,"
            " document.getElementById('tables').innerText]"
        )
    assert wrong == [], "\n".join(wrong)
    assert found == [], axe_said(found)
    assert shown[0] == MESSAGE
    if ended:
        assert shown[1] in NAMES and shown[2] >= 3 * 3, shown  # (place, name, prize)
    else:
        assert shown[3] and "Nessun tavolo" not in shown[3], shown
