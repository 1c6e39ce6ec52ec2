"""The phone's line after an action, in Italian, on a 390 px phone: the result whole beside
Undo (the label "Torna indietro su questa azione" took the line: after a bust "Д…", after a
count "Ro…"), a long name giving way before it, and a count's number never broken."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.axe import MISSING as NO_AXE
from tdhelpers.axe import audit, said
from tdhelpers.floor_browser import MISSING, phone, tap, wait
from tdhelpers.floor_flows import choose, confirm, floor_served_here, open_floor, players_in
from tdhelpers.served_here import serving_here

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

LINE = """
const line = document.getElementById("notice-text"), undo = document.getElementById("undo");
const r = line.getBoundingClientRect(), u = undo.getBoundingClientRect();
const parts = [...line.querySelectorAll(".named, .said")].map((p) => ({cls: p.className,
  text: p.textContent, cut: p.scrollWidth > p.clientWidth + 1}));
const band = document.getElementById("notice").getBoundingClientRect();
return {text: line.textContent, parts, whole: line.scrollWidth <= line.clientWidth + 1,
        undo: undo.textContent, undoWhole: undo.scrollWidth <= undo.clientWidth + 1,
        apart: u.left >= r.right - 1, inside: r.top >= band.top && r.bottom <= band.bottom,
        bandHeight: band.height};
"""


def line_of(driver: Any) -> dict[str, Any]:
    found: dict[str, Any] = driver.execute_script(LINE)
    return found


def test_the_line_says_the_result_whole_beside_undo_in_italian(event: Path) -> None:
    from selenium.webdriver.common.by import By

    out, counted = players_in(event)[-1], players_in(event)[1]
    served = serving_here(event, lang="it", session_lang="it", public_url="")
    with served as url, phone() as driver:
        open_floor(driver, url)
        choose(driver, counted)
        tap(driver, "#act-count")
        driver.find_element(By.ID, "chips").send_keys("4050")
        confirm(driver)
        shown = line_of(driver)
        assert shown["text"] == f"{counted}: 4\u00a0050 gettoni contati", shown
        assert shown["whole"] and shown["undoWhole"] and shown["apart"], shown
        assert shown["undo"] == "Torna indietro", shown
        assert shown["inside"] and shown["bandHeight"] <= 57, shown  # (its height kept)
        wait(
            driver,
            lambda d: d.execute_script(
                "return [...document.querySelectorAll('#players button')]"
                ".some((b) => b.textContent.includes('4\u00a0050 gettoni'))"
            ),
            "the count in the list, unbroken",
        )
        assert not [p for p in shown["parts"] if p["cut"]], shown
        choose(driver, out)
        tap(driver, "#act-out")
        wait(driver, lambda d: d.find_element(By.ID, "declined"), "asked the second stack")
        tap(driver, "#declined")
        confirm(driver)
        shown = line_of(driver)
        assert shown["text"] == f"{out}: 24°", shown
        assert shown["whole"] and shown["apart"], shown
        assert [p["text"] for p in shown["parts"]] == [f"{out}:", "24°"], shown
        assert not [p for p in shown["parts"] if p["cut"]], shown
        # A name longer than the line gives way; its place stays whole.
        long = "Maximilian Alexander von Hohenzollern-Sigmaringen"
        driver.execute_script(
            "window.tdconsoleBand.sayLines(document.getElementById('notice-text'),"
            " [{name: arguments[0], text: arguments[0] + ': 24°'}])",
            long,
        )
        shown = line_of(driver)
        named, said = shown["parts"]
        assert named["cut"] and said["text"] == "24°" and not said["cut"], shown
        assert shown["whole"] and shown["inside"], shown


def test_a_phone_is_handed_back_with_the_sign_out_beside_who_is_signed_in(event: Path) -> None:
    """The floor page had no sign-out: a phone lent for the night stayed signed in until its
    cookie expired. Beside "Floor: Anna", Sign out ends the session on the server."""
    import urllib.error
    import urllib.request

    from tdconsole.serve.floor.guard import COOKIE

    with floor_served_here(event) as url, phone() as driver:
        open_floor(driver, url)
        beside = driver.execute_script(
            "const w = document.getElementById('who').getBoundingClientRect(),"
            " b = document.getElementById('sign-out').getBoundingClientRect();"
            "return [document.getElementById('who').textContent,"
            " document.getElementById('sign-out').textContent,"
            " b.left >= w.right - 1 && b.top < w.bottom && b.bottom > w.top,"
            " b.right <= innerWidth, b.height >= 48]"
        )
        assert beside == ["Floor: Anna", "Sign out", True, True, True], beside
        if NO_AXE is None:  # (every impact, the new button included)
            found = audit(driver, impacts=("critical", "serious", "moderate", "minor"))
            assert found == [], said(found)
        cookie = driver.get_cookie(COOKIE)["value"]
        tap(driver, "#sign-out")
        wait(driver, lambda d: d.find_element("id", "pin").is_displayed(), "asked the PIN again")
        driver.refresh()
        wait(driver, lambda d: d.find_element("id", "pin").is_displayed(), "still signed out")
    with floor_served_here(event) as url:
        asked = urllib.request.Request(
            url + "/floor/api/session", headers={"Cookie": f"{COOKIE}={cookie}"}
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(asked, timeout=10)
        assert refused.value.code == 401
