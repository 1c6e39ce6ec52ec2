"""The season's standings on the room's screen during a break, in Debian's chromium: a season
of ten rows (the 49 letters first, accented and non-Latin names, a tie) beside the break's clock
at the sizes of a room's TVs and a phone's. Read from the rendered boxes: every name at least
3.5 % of the height (2.7 % at 4:3; in portrait, of the width), the clock at least a quarter of
the height beside it, one table whose names start in one column and whose points end in one,
a long name cut or wrapped in its own row, nothing past the screen's edges.

``TDCONSOLE_SCREENSHOTS=1`` saves the break's picture at 1280×720 into ``docs/room/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium, fresh_page
from tdhelpers.room_season import season_beside
from tdhelpers.room_stages import LONG, NAMES, stage_event
from tdhelpers.served_here import serving_here

from .test_room_names import DOCS, SHOT, look, told_apart, wait_for

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

TV_SIZES = ((1920, 1080), (1280, 720), (1024, 768))
PHONE_SIZES = ((1080, 1920), (390, 844))

ROWS = """
const box = (e) => { const r = e.getBoundingClientRect();
  return {text: e.dataset.whole || e.textContent, left: r.left, right: r.right, top: r.top,
          bottom: r.bottom,
          line: parseFloat(getComputedStyle(e).fontSize) * 1.2}; };
const groups = document.querySelectorAll("#list .group");
return {groups: groups.length, title: document.getElementById("list-title").textContent,
        places: [...document.querySelectorAll("#list .num.what")].map(box),
        names: [...document.querySelectorAll("#list .name:not(.head)")].map(box),
        points: [...document.querySelectorAll("#list .num:not(.what):not(.head)")].map(box)};
"""


@pytest.fixture(scope="module")
def season_break(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hard night at its break, counted by a season that shows itself in the room."""
    event = stage_event(tmp_path_factory.mktemp("season"), "break", names=NAMES)
    season_beside(event)
    return event


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(*SHOT) as driver:
        yield driver


def standings_at(
    browser: Any, event: Path, width: int, height: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The page's boxes (``look``) and the standings' rows at ``width`` × ``height``."""
    tv = fresh_page(browser, width, height)
    with serving_here(event) as url:
        tv.get(url + "/display")
        wait_for(tv, "return document.querySelectorAll('#list .name').length > 0")
        found = look(tv, width, height)
        rows: dict[str, Any] = tv.execute_script(ROWS)
        told_apart(tv, (width, height))
        if (width, height) == SHOT and os.environ.get("TDCONSOLE_SCREENSHOTS"):
            tv.save_screenshot(str(DOCS / "break.png"))
    return found, rows


def check_legible(size: tuple[int, int], found: dict[str, Any], rows: dict[str, Any]) -> None:
    width, height = size
    side = min(width, height)  # (a portrait screen: its width is the measure)
    floor = 0.027 if width * 3 == height * 4 else 0.035
    assert found["stage"].split()[:2] == ["stage-break", "listing"], (size, found["stage"])
    assert found["outside"] == [] and found["overflows"] == [], (size, found)
    lines = 2 if width < 600 else 1  # (on a phone, the sound's hint a line of its own)
    assert found["top"]["height"] < (lines + 1) * found["topFont"], (size, found["top"])
    assert rows["title"].endswith("Circolo") and rows["groups"] == 1, (size, rows)
    names = rows["names"]
    assert len(names) == len(rows["points"]) == len(rows["places"]) == 10, (size, rows)
    assert names[0]["text"] == LONG and {"李小龍", "Иван Петров"} <= {n["text"] for n in names}
    for name in found["names"]:
        assert name["font"] >= floor * side, (size, name)
    # One table: the names start in one column, the points end in one, right of the names.
    assert len({round(n["left"]) for n in names}) == 1, (size, names)
    assert len({round(p["right"]) for p in rows["points"]}) == 1, (size, rows["points"])
    assert max(n["right"] for n in names) <= min(p["left"] for p in rows["points"]) + 1
    # A long name is cut, or takes a second line in its row alone.
    for name in names:
        assert name["bottom"] - name["top"] <= 2.2 * name["line"], (size, name)  # (descenders)
    for name, below in pairwise(names):
        assert name["bottom"] <= below["top"] + 1, (size, name, below)


@pytest.mark.parametrize("size", TV_SIZES, ids=[f"{w}x{h}" for w, h in TV_SIZES])
def test_the_season_beside_the_clock_on_a_tv(
    size: tuple[int, int], season_break: Path, browser: Any
) -> None:
    found, rows = standings_at(browser, season_break, *size)
    check_legible(size, found, rows)
    assert found["digits"]["height"] >= 0.25 * size[1], (size, found["digits"])


@pytest.mark.parametrize("size", PHONE_SIZES, ids=[f"{w}x{h}" for w, h in PHONE_SIZES])
def test_the_season_on_a_portrait_screen(
    size: tuple[int, int], season_break: Path, browser: Any
) -> None:
    found, rows = standings_at(browser, season_break, *size)
    check_legible(size, found, rows)


def test_a_season_not_shown_in_the_room_leaves_the_break_as_it_was(
    tmp_path: Path, browser: Any
) -> None:
    event = stage_event(tmp_path, "break")
    season_beside(event, shown=False)
    tv = fresh_page(browser, *SHOT)
    with serving_here(event) as url:
        tv.get(url + "/display")
        wait_for(tv, "return document.getElementById('screen').className === 'stage-break'")
        assert tv.execute_script("return document.querySelectorAll('#list .name').length") == 0
