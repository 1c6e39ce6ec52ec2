"""Every write waits for the attached copy: acknowledged, it is on the copy (a write of the
service, a phone's through the served floor: no deadlock with the feed), or it says it is not."""

from __future__ import annotations

import asyncio
import io
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from tdhelpers.command_line import run_on
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.cli.follow_cmds import Client, Status, follow
from tdconsole.domain.play import Bust
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor import actions
from tdconsole.serve.floor.core import Floor
from tdconsole.service import Tournament
from tdconsole.store.copy_file import CopyFile
from tdconsole.store.copy_standing import COPY, Standing
from tdconsole.store.eventstore import EventStore

MakeServer = Callable[..., Awaitable[TestServer]]


def last_out(service: Tournament) -> str:
    return str(service.state.in_players()[-1].name)


def copy_heard(event: Path, found: Standing) -> None:
    """Where the copy stands, as the served feed records it."""
    store = EventStore(event)
    try:
        store.set_meta(COPY, found.to_meta())
    finally:
        store.close()


def last_seq(event: Path) -> int:
    store = EventStore(event)
    try:
        return store.last_seq()
    finally:
        store.close()


def test_without_a_copy_nothing_waits_and_a_silent_copy_is_said_past_the_wait(
    event: Path,
) -> None:
    service = Tournament.open(event)
    try:
        service.execute(Bust(names=[last_out(service)], declined=True))
        assert service.copy_behind is None
        copy_heard(event, Standing("cassa", service.state.last_seq, time.time()))
        service.copy_seconds = 0.05
        records = service.execute(Bust(names=[last_out(service)], declined=True))
        said = [w.text("en") for w in service.warned(records)]
        assert "not on the copy yet: the copy on cassa has not confirmed it" in said
        copy_heard(event, Standing("cassa", 1, time.time() - 60))  # lost: said at once
        service.copy_seconds = 30.0
        started = time.monotonic()
        records = service.execute(Bust(names=[last_out(service)], declined=True))
        assert time.monotonic() - started < 10.0  # (never the 30 s the copy would be waited)
        said = [w.text("en") for w in service.warned(records)]
        assert any(w.startswith("not on the copy: copy on cassa: lost since ") for w in said)
    finally:
        service.close()


@pytest.mark.parametrize("heard", ["NaN", "Infinity", "1e300"])
def test_a_hostile_time_the_copy_was_heard_is_no_copy(event: Path, heard: str) -> None:
    copy_heard(event, Standing("cassa", 1, 0.0))
    store = EventStore(event)
    try:
        store.set_meta(COPY, f'{{"device": "cassa", "confirmed": 1, "heard": {heard}}}')
    finally:
        store.close()
    service = Tournament.open(event)
    try:
        records = service.execute(Bust(names=[last_out(service)], declined=True))
        assert service.copy() is None and service.copy_behind is None
        assert records
    finally:
        service.close()


@pytest.fixture
def copy_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "copia.tdc"


async def test_an_acknowledged_write_is_on_the_copy_a_phones_too(
    event: Path, copy_path: Path, aiohttp_server: MakeServer
) -> None:
    server = await aiohttp_server(build_app(ServeConfig(event=event, lang="en")))
    url = str(server.make_url("")).rstrip("/")
    copy = CopyFile.open(copy_path, "http://127.0.0.1:8000")
    stop = threading.Event()
    following = asyncio.create_task(
        asyncio.to_thread(
            follow,
            copy,
            Client(url, "cassa", DIRECTOR_PIN),
            Status(io.StringIO(), "en"),
            stop.is_set,
        )
    )
    try:
        while copy.last == 0:  # (the whole log taken first)
            await asyncio.sleep(0.01)

        def director_busts() -> tuple[int, int, object]:
            service = Tournament.open(event)
            try:
                service.execute(Bust(names=[last_out(service)], declined=True))
                return service.state.last_seq, copy.last, service.copy_behind
            finally:
                service.close()

        written, held, behind = await asyncio.to_thread(director_busts)
        assert behind is None and held >= written
        said = await _phone_bust(server)
        assert "not on the copy" not in said  # (the feed is not behind the phone's write)
        assert copy.last == last_seq(event)
    finally:
        stop.set()
        await following
        copy.close()


async def _phone_bust(server: TestServer) -> str:
    """A bust from a phone signed in; what the phone's line says."""
    base = str(server.make_url("")).rstrip("/")
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        signed = await session.post(
            base + "/floor/api/sign-in",
            json={"pin": FLOOR_PIN, "name": "Anna"},
            headers={"Origin": base},
        )
        csrf = (await signed.json())["csrf"]
        state = await (await session.get(base + "/floor/api/state")).json()
        busted = await session.post(
            base + "/floor/api/bust",
            json={"names": [state["players"][-1]["name"]], "declined": True},
            headers={"Origin": base, "X-CSRF-Token": csrf},
        )
        assert busted.status == 200, await busted.text()
        said: str = (await busted.json())["said"]
    return said


def test_state_says_where_the_copy_stands_attached_behind_or_lost(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run_on(capsys, event, "state", "--json")
    assert code == 0 and json.loads(out)["copy"] is None
    last = last_seq(event)
    copy_heard(event, Standing("cassa", last - 2, time.time()))
    code, out, _err = run_on(capsys, event, "state", "--json")
    copy = json.loads(out)["copy"]
    assert (copy["device"], copy["attached"], copy["behind"]) == ("cassa", True, 2)
    copy_heard(event, Standing("cassa", last, time.time() - 60))
    code, out, _err = run_on(capsys, event, "state")
    assert "copy on cassa: lost since " in out


def test_a_phone_is_told_its_action_is_not_on_the_copy_yet(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tdconsole.service.WAIT_SECONDS", 0.05)
    copy_heard(event, Standing("cassa", last_seq(event), time.time()))
    floor = Floor(event, public=True)
    try:
        session, _csrf = floor.sign_in(FLOOR_PIN, "Anna", "phone")
        name = floor.latest().in_play("")[-1]
        done = actions.bust(floor, session, {"names": [name], "declined": True}, "en", "phone")
    finally:
        floor.close()
    assert done["said"].endswith("— not on the copy yet: the copy on cassa has not confirmed it")
