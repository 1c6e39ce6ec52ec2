"""An event file that cannot be written (a read-only medium, a full disk), never served before:
``serve`` starts, the room's screen shows, and the floor signs phones in for this run, saying
in one line why it records nothing; an action is refused with the cause."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_browser import MISSING, phone, tap, text_of, wait
from tdhelpers.floor_pins import FLOOR_PIN
from tdhelpers.mounts import fill, remount, tmpfs
from tdhelpers.served_here import serving_here

from tdconsole.i18n import _
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.sessions import FloorSessions
from tdconsole.store.eventstore import StoreError

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]


async def served_anyway(client: Client, cause: str) -> None:
    assert (await client.get("/display")).status == 200
    here = {"Origin": str(client.make_url("")).rstrip("/")}
    signed = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=here
    )
    assert signed.status == 200, await signed.text()
    body = await signed.json()
    said = body["cannot_record"]
    assert cause in said and "records nothing" in said and "\n" not in said
    again = await (await client.get("/floor/api/session")).json()
    assert again["cannot_record"] == said
    state = await (await client.get("/floor/api/state")).json()
    player = state["players"][-1]["name"]
    counted = await client.post(
        "/floor/api/count",
        json={"name": player, "chips": "7000"},
        headers={**here, "X-CSRF-Token": body["csrf"]},
    )
    assert counted.status == 409
    assert cause in (await counted.json())["refused"]


@pytest.mark.parametrize("cause", ["read-only", "disk full"])
async def test_serve_starts_where_reading_works(
    event: Path,
    tmp_path: Path,
    aiohttp_client: MakeClient,
    cause: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    with tmpfs(tmp_path / "stick", "2m") as stick:
        path = stick / "serata.tdc"
        shutil.copyfile(event, path)
        if cause == "read-only":
            remount(stick, "ro")
        else:
            fill(stick, leave=100 * 1024)
        client = await aiohttp_client(build_app(ServeConfig(event=path, lang="en", public=True)))
        try:
            said = [r.getMessage() for r in caplog.records if "records nothing" in r.getMessage()]
            assert len(said) == 1 and cause in said[0]  # where the Director started it
            await served_anyway(client, cause)
        finally:
            await client.close()


def test_the_event_was_never_served(event: Path) -> None:
    """(What the test above relies on: no session secret in the file yet.)"""
    db = sqlite3.connect(f"{event.as_uri()}?mode=ro", uri=True)
    try:
        assert db.execute("SELECT value FROM meta WHERE key = 'session_secret'").fetchall() == []
    finally:
        db.close()


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_the_phone_says_why_it_records_nothing(event: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    with tmpfs(tmp_path / "stick", "2m") as stick:
        path = stick / "serata.tdc"
        shutil.copyfile(event, path)
        remount(stick, "ro")
        here = serving_here(path, lang="en", session_lang=None, public_url="")
        with here as url, phone() as driver:
            driver.get(url + "/floor")
            wait(driver, lambda d: d.find_element(By.ID, "pin").is_displayed(), "the PIN")
            driver.find_element(By.ID, "pin").send_keys(FLOOR_PIN)
            driver.find_element(By.ID, "name").send_keys("Anna")
            tap(driver, "#signin-button")
            said = wait(driver, lambda d: text_of(d, "#cannot-record"), "said why")
            assert "read-only" in said and "records nothing" in said


def test_a_busy_file_at_start_is_not_taken_for_one_that_cannot_be_written(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(self: FloorSessions) -> bytes:
        said = _("{path} is busy in another terminal: nothing was recorded; try again")
        raise StoreError(said.format(path="serata.tdc"))

    monkeypatch.setattr(FloorSessions, "secret", busy)
    with pytest.raises(StoreError, match="busy"):
        Floor(event, public=True)
