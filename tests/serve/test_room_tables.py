"""The room's tables screen (``/display?screen=tables``) in Debian's chromium, for a larger
room's second TV: every open table with its players by seat, the button and the second stacks
taken, legible across the room. Read from the rendered boxes at 1920×1080 (and the room's
other sizes): every name at least 3.5 % of the height (2.7 % at 4:3; in portrait, of the
width), the tables in columns
across the whole width, a 60-letter name whole on more lines while there is room (cut only
when there is none), every name told apart from the others, nothing past the screen's edges;
axe-core clean.

``TDCONSOLE_SCREENSHOTS=1`` saves its picture at 1280×720 into ``docs/room/tables.png``.
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
from tdhelpers.browser import MISSING, chromium, fresh_page, wait_for
from tdhelpers.room_stages import NAMES, stage_event
from tdhelpers.served_here import serving_here

from tdconsole.domain.play import SecondStack
from tdconsole.domain.slices.move_button import MoveButton
from tdconsole.service import Tournament

from .test_room_names import told_apart

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SIXTY = "Maximilian Alexander Friedrich Wilhelm von Hohenzollern-Sigm"
SIZES = ((1920, 1080), (1280, 720), (3840, 2160), (1024, 768), (1080, 1920))
SHOT = (1280, 720)
DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "room"

MEASURE = """
const W = innerWidth, H = innerHeight;
const box = (e) => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return {text: e.textContent, whole: e.dataset.whole || e.textContent,
          font: parseFloat(s.fontSize), left: r.left, right: r.right,
          top: r.top, bottom: r.bottom, height: r.height, cut: e.scrollWidth > e.clientWidth,
          ellipsis: s.textOverflow === "ellipsis"}; };
const outside = [];
for (const e of document.querySelectorAll("#screen, #screen *")) {
  if (e.offsetParent === null) { continue; }
  const r = e.getBoundingClientRect();
  if (r.width && r.height && (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)) {
    outside.push(e.id || e.className || e.tagName);
  }
}
const tables = document.getElementById("tables");
return {W, H, outside, screen: document.getElementById("screen").className,
        clipped: tables.scrollHeight > tables.clientHeight + 1,
        names: [...document.querySelectorAll("#tables .name")].map(box),
        rows: [...document.querySelectorAll("#tables .seats > span")].map(box),
        tables: [...document.querySelectorAll("#tables .table")].map(box),
        titles: [...document.querySelectorAll("#tables h2")].map((e) => e.textContent),
        buttons: document.querySelectorAll("#tables .seats .mark.button").length,
        seconds: document.querySelectorAll("#tables .seats .mark.second").length,
        clockShown: document.getElementById("digits").offsetParent !== null};
"""


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hard night's 24 names, one of them 60 letters long, in play at three tables; a
    button moved, a second stack taken."""
    assert len(SIXTY) == 60
    names = (SIXTY, *NAMES[1:])
    path = stage_event(tmp_path_factory.mktemp("tables"), "level", names=names)
    service = Tournament.open(path)
    try:
        table = service.state.tables[2]
        taker = service.state.players_at(table)[0].name
        service.execute(MoveButton(table=2, seat=3))
        service.execute(SecondStack(name=taker, stack=0))
    finally:
        service.close()
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(*SHOT) as driver:
        yield driver


def tables_page(browser: Any, url: str, width: int, height: int) -> Any:
    tv = fresh_page(browser, width, height)
    tv.get(url + "/display?screen=tables")
    wait_for(tv, "return document.querySelectorAll('#tables .table').length > 0")
    tv.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
    )
    return tv


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_table_legible_across_the_room(
    size: tuple[int, int], event: Path, browser: Any
) -> None:
    width, height = size
    side = min(width, height)  # (a portrait screen: its width is the measure)
    floor = 0.027 if width * 3 == height * 4 else 0.035
    with serving_here(event) as url:
        tv = tables_page(browser, url, width, height)
        found: dict[str, Any] = tv.execute_script(MEASURE)
        told_apart(tv, size, (SIXTY, *NAMES[1:]))
        if size == SHOT and os.environ.get("TDCONSOLE_SCREENSHOTS"):
            tv.save_screenshot(str(DOCS / "tables.png"))
    assert found["screen"] == "screen-tables" and not found["clockShown"], found["screen"]
    assert found["outside"] == [] and not found["clipped"], (size, found["outside"])
    assert found["titles"] == ["Tavolo 1", "Tavolo 2", "Tavolo 3"]
    names = found["names"]
    assert len(names) == 24, names
    for name in names:
        assert name["font"] >= floor * side, (size, name)
    # the columns across the whole width: on a wide screen, the three side by side
    tables = found["tables"]
    assert len({round(t["top"]) for t in tables}) == 1 or 2 * width < 3 * height, tables
    assert min(t["left"] for t in tables) < 0.03 * width, tables
    assert max(t["right"] for t in tables) > 0.97 * width, tables
    # the room goes to the names before any is cut: the 60 letters whole, on more lines
    long = next(n for n in names if n["whole"] == SIXTY)
    assert long["text"] == SIXTY and long["height"] > 1.5 * long["font"], long
    assert not [n for n in names if n["text"] != n["whole"] and len(n["whole"]) <= 16], names
    assert found["buttons"] == 3 and found["seconds"] == 1, found


@pytest.mark.skipif(AXE_MISSING is not None, reason=AXE_MISSING or "")
def test_the_tables_screen_passes_axe(event: Path, browser: Any) -> None:
    with serving_here(event) as url:
        tv = tables_page(browser, url, *SHOT)
        assert audit(tv) == [], axe_said(audit(tv))
