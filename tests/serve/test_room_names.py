"""The room's screen with real names, in Debian's chromium: a 49-letter name, accented and
non-Latin names in the seats, the moves, the final table and the winner, at the sizes of a
room's TVs. Read from the rendered boxes: every name at least 3.5 % of the height (2.7 % at
4:3; in portrait, of the width), the clock at least a quarter of it beside a list, the final
table's columns aligned, nothing past the screen's edges, the top bar one line.

Every stage tells the clock's truth (no break countdown in overtime, a stopped clock said
beside the final table's seats, a chime when the time is up), and the page passes axe-core
with its main landmark and its heading.

``TDCONSOLE_SCREENSHOTS=1`` saves each stage's picture at 1280×720 into ``docs/room/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as AXE_MISSING
from tdhelpers.axe import audit
from tdhelpers.axe import said as axe_said
from tdhelpers.browser import MISSING, chromium, fresh_page, wait_for
from tdhelpers.room_stages import LONG, NAMES, Played, stage_event
from tdhelpers.served_here import serving_here

from tdconsole.demo import build_demo
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.edit_level import EditLevel

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SIZES = ((1920, 1080), (1280, 720), (1024, 768), (1080, 1920))
STAGES = ("seats", "moves", "final", "winner")
SHOT = (1280, 720)
DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "room"

MEASURE = """
const W = innerWidth, H = innerHeight;
const shown = (e) => e && e.offsetParent !== null && e.getClientRects().length > 0;
const box = (e) => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return {text: e.textContent, whole: e.dataset.whole || e.textContent,
          font: parseFloat(s.fontSize), left: r.left, right: r.right,
          top: r.top, bottom: r.bottom, height: r.height}; };
const outside = [];
for (const e of document.querySelectorAll("#screen, #screen *")) {
  if (!shown(e)) { continue; }
  const r = e.getBoundingClientRect();
  if (r.width && r.height && (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)) {
    outside.push(e.id || e.className || e.tagName);
  }
}
const top = document.getElementById("top");
const one = (id) => shown(document.getElementById(id)) ? box(document.getElementById(id)) : null;
const names = document.querySelectorAll("#list .name:not(.head), #places .name");
return {W, H, stage: document.getElementById("screen").className, outside,
        names: [...names].filter(shown).map(box), winner: one("winner"), digits: one("digits"),
        top: box(top), topFont: parseFloat(getComputedStyle(top).fontSize),
        groups: [...document.querySelectorAll("#list .group")].map((g) => ({
          names: [...g.querySelectorAll(".name:not(.head)")].map(box),
          chips: [...g.querySelectorAll(".chips")].map(box)})),
        overflows: window.tdconsoleOverflows()};
"""


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each stage's event, built once for the module (the moves show for five minutes)."""
    folder = tmp_path_factory.mktemp("names")
    return {stage: stage_event(folder, stage, names=NAMES) for stage in STAGES}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(*SHOT) as driver:
        yield driver


def look(driver: Any, width: int, height: int) -> dict[str, Any]:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
    )
    found: dict[str, Any] = driver.execute_script(MEASURE)
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_real_names_at_every_size(
    size: tuple[int, int], events: dict[str, Path], browser: Any
) -> None:
    width, height = size
    portrait = height > width
    side = width if portrait else height  # (a portrait screen: its width is the measure)
    floor = 0.027 if width * 3 == height * 4 else 0.035
    for stage in STAGES:
        tv = fresh_page(browser, width, height)
        with serving_here(events[stage]) as url:
            tv.get(url + "/display")
            wait_for(tv, f"return document.getElementById('screen').classList"
                         f".contains('stage-{stage}')")  # fmt: skip
            found = look(tv, width, height)
            if size == SHOT and os.environ.get("TDCONSOLE_SCREENSHOTS"):
                tv.save_screenshot(str(DOCS / f"{stage}.png"))
        where = (size, stage)
        assert found["outside"] == [] and found["overflows"] == [], (where, found)
        assert found["top"]["height"] < 2 * found["topFont"], (where, found["top"])  # one line
        names = found["names"]
        assert names, where
        assert max(len(n["whole"]) for n in names) >= len(LONG), (where, names)
        for name in names:
            assert name["font"] >= floor * side, (where, name)
        told_apart(tv, where)
        if stage in ("moves", "final"):
            assert found["digits"]["height"] >= 0.25 * side, (where, found["digits"])
        if stage == "final":  # one table, its columns aligned
            assert len(found["groups"]) == 1, (where, found["groups"])
            group = found["groups"][0]
            lefts = {round(c["left"]) for c in group["names"]}
            rights = {round(c["right"]) for c in group["chips"]}
            assert len(group["names"]) >= 2 and len(lefts) == 1, (where, group)
            assert len(group["chips"]) == len(group["names"]) and len(rights) == 1, where
        if stage == "winner":
            winner = found["winner"]
            assert winner["font"] >= (0.08 if not portrait else 0.05) * side, (where, winner)
            assert winner["height"] <= 2 * 1.1 * winner["font"] + 2, (where, winner)  # 2 lines


NAMES_SHOWN = """
const shown = (e) => e && e.offsetParent !== null && e.getClientRects().length > 0;
return ["#list .name:not(.head)", "#places .name", "#tables .name"].map((q) =>
  [...document.querySelectorAll(q)].filter(shown).map((e) => ({text: e.textContent,
    clipped: e.scrollWidth > e.clientWidth + 1 ||
      e.scrollHeight > e.clientHeight + 0.3 * parseFloat(getComputedStyle(e).fontSize)})));
"""


def told_apart(tv: Any, where: object, names: tuple[str, ...] | None = NAMES) -> int:
    """Each list of names on the page shows every name as its cell's text, no more (the
    browser clips none of it), and differently from every other name of its list: whole, or
    (of ``names``, None: not checked) its start and end around one "…". How many were cut."""
    cut = 0
    for shown in tv.execute_script(NAMES_SHOWN):
        texts = [n["text"] for n in shown]
        assert [n for n in shown if n["clipped"]] == [], (where, shown)
        assert len(set(texts)) == len(texts), (where, sorted(texts))
        for text in texts:
            if names is None or text in names:
                continue
            start, mark, end = text.partition("…")
            assert mark and [n for n in names if n.startswith(start) and n.endswith(end)], (
                where,
                text,
            )
            cut += 1
    return cut


DRAW = """
const shown = (e) => e && e.offsetParent !== null && e.getClientRects().length > 0;
const box = (e) => { const r = e.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
          height: r.height, font: parseFloat(getComputedStyle(e).fontSize),
          text: e.textContent}; };
const qr = document.getElementById("qr"), img = qr.querySelector("img");
const words = document.getElementById("qr-words");
return {shown: shown(qr), loaded: img.complete && img.naturalWidth > 0, qr: box(qr),
        img: box(img), words: box(words),
        digits: shown(document.getElementById("digits")) ?
          box(document.getElementById("digits")) : null,
        names: [...document.querySelectorAll("#list .name:not(.head)")].filter(shown).map(box)};
"""


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) <= 1 or (
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) <= 1
    )


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_draw_shows_the_players_code_in_a_place_of_its_own(
    size: tuple[int, int], events: dict[str, Path], browser: Any
) -> None:
    """At the draw (24 players, the hard names) the players' page's code is on the TV, large
    enough for a phone across the room, its words beside it, touching no name; the names keep
    their floor and a column wide enough for some eight letters a line."""
    width, height = size
    portrait = height > width
    side = width if portrait else height
    floor = 0.027 if width * 3 == height * 4 else 0.035
    tv = fresh_page(browser, width, height)
    with serving_here(events["seats"]) as url:
        shows(tv, url, "seats")
        wait_for(tv, "const i = document.querySelector('#qr img');"
                     "return i.complete && i.naturalWidth > 0")  # fmt: skip
        look(tv, width, height)
        found = tv.execute_script(DRAW)
    assert found["shown"] and found["loaded"], (size, found)
    assert found["img"]["width"] >= 0.12 * height, (size, found["img"])  # (docs/room.md)
    assert found["words"]["text"] == "Tavolo e posto sul tuo telefono", (size, found)
    if portrait:  # (a band over the list: the words on one line beside the code)
        assert found["words"]["height"] < 2 * found["words"]["font"], (size, found["words"])
    names = found["names"]
    assert len(names) == len(NAMES), size
    told_apart(tv, size)
    for name in names:
        assert apart(found["qr"], name), (size, found["qr"], name)
        assert name["font"] >= floor * side, (size, name)
        assert name["width"] >= 5 * name["font"] - 1, (size, name)  # (some eight letters)
    if found["digits"] is not None:
        assert apart(found["qr"], found["digits"]), (size, found)


# -- the clock's truth in every stage, and the page's accessibility ------------------------
def night_at(folder: Path, name: str, clock_back: timedelta | None) -> tuple[Played, Path]:
    """The demo event with a break after level 1, its clock started ``clock_back`` ago (None:
    never started), and its path; the caller closes ``night.service``."""
    now = datetime.now(UTC)
    path = build_demo(folder / f"{name}.tdc", now=now - timedelta(hours=2))
    night = Played(path, now - timedelta(hours=2))
    night.run(EditLevel(level=1, break_minutes=10))
    if clock_back is not None:
        night.at = now - clock_back
        night.run(ClockControl(action="start"))
    night.at = now
    return night, path


def shows(tv: Any, url: str, stage: str) -> None:
    tv.get(url + "/display")
    wait_for(tv, f"return document.getElementById('screen').classList.contains('stage-{stage}')")


def said(tv: Any, element: str) -> str:
    return str(tv.execute_script(f"return document.getElementById('{element}').innerText"))


def test_overtime_says_no_break_countdown_and_a_stopped_clock_says_so(
    tmp_path: Path, browser: Any
) -> None:
    night, path = night_at(tmp_path, "overtime", timedelta(minutes=41))
    night.service.close()
    tv = fresh_page(browser, *SHOT)
    with serving_here(path) as url:
        shows(tv, url, "pending")
        assert said(tv, "digits").startswith("+")
        assert said(tv, "next-break") == ""  # (not "next break in 00:00")
    night, path = night_at(tmp_path, "stopped", None)
    try:
        night.final()  # the final drawn, the clock never started
    finally:
        night.service.close()
    with serving_here(path) as url:
        shows(tv, url, "moves")
        assert said(tv, "notice") == "OROLOGIO FERMO"
        assert tv.execute_script("return document.getElementById('screen').className").split() \
            == ["stage-moves", "listing", "stopped"]  # fmt: skip


def test_the_time_up_chimes(tmp_path: Path, browser: Any) -> None:
    night, path = night_at(tmp_path, "ending", timedelta(minutes=39, seconds=54))
    night.service.close()
    tv = fresh_page(browser, *SHOT)
    with serving_here(path) as url:
        shows(tv, url, "last_minute")
        wait_for(tv, "return document.getElementById('screen').classList.contains('ending')")
        wait_for(tv, "return (window.tdconsoleChimes || []).includes('time_up')", 20)
        assert tv.execute_script("return window.tdconsoleChimes") == ["time_up"]


@pytest.mark.skipif(AXE_MISSING is not None, reason=AXE_MISSING or "")
@pytest.mark.parametrize("stage", ["level", "final"])
def test_the_page_passes_axe_with_its_landmark_and_heading(
    stage: str, events: dict[str, Path], tmp_path: Path, browser: Any
) -> None:
    event = events[stage] if stage in events else stage_event(tmp_path, stage)
    tv = fresh_page(browser, *SHOT)
    with serving_here(event) as url:
        shows(tv, url, stage)
        assert audit(tv) == [], axe_said(audit(tv))
        structure = audit(tv, impacts=("moderate", "minor"))
        ids = {v["id"] for v in structure}
        assert not ids & {"landmark-one-main", "page-has-heading-one", "region"}, axe_said(
            structure
        )
        assert said(tv, "event") == tv.execute_script(
            "return document.querySelector('h1').innerText"
        )
