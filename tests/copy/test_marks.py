"""The copy's marks as ``follow`` leaves them: the copy's file marked as following the Director's
server, ``follow`` stopped once the copy was taken over and refused on that file from then on;
the Director's file knowing where the copy serves (``follow --port``, said at attach); a port
taken refused before anything is copied."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from tdhelpers.floor_pins import DIRECTOR_PIN
from tdhelpers.following import run_follow as follow
from tdhelpers.following import served_feed

from tdconsole.domain.slices.take_over import TakeOver
from tdconsole.serve import elsewhere
from tdconsole.serve.copy_feed import serves_at
from tdconsole.service import Tournament
from tdconsole.store import copy_marks, copy_standing
from tdconsole.store.eventstore import EventStore

MakeServer = Callable[..., Awaitable[TestServer]]


def marked(path: Path) -> str | None:
    if not path.exists():
        return None
    store = EventStore(path)
    try:
        return copy_marks.following(store)
    finally:
        store.close()


async def test_follow_marks_its_copy_stops_once_it_is_taken_over_and_refuses_it_then(
    event: Path,
    tmp_path: Path,
    aiohttp_server: MakeServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = await served_feed(aiohttp_server, event)
    to = tmp_path / "copia.tdc"
    following = asyncio.create_task(asyncio.to_thread(follow, capsys, monkeypatch, url, to))
    deadline = time.monotonic() + 20
    while await asyncio.to_thread(marked, to) != url:
        assert time.monotonic() < deadline and not following.done(), "never marked"
        await asyncio.sleep(0.05)
    copy = Tournament.open(to)
    try:
        copy.execute(TakeOver(device="cassa"))
    finally:
        copy.close()
    code, out, _err = await asyncio.wait_for(following, 20)
    assert code == 0
    assert out.splitlines()[-1] == (
        "the copy was taken over: it is the event's file now; follow stopped"
    )
    code, out, err = await asyncio.to_thread(follow, capsys, monkeypatch, url, to)
    assert code == 2 and err.count("\n") == 1
    assert "is the event's own file since its take-over on cassa" in err
    assert err.rstrip().endswith("(Art. VII.1)")
    assert marked(to) is None  # (nothing marked again)


async def test_a_copy_that_serves_says_its_port_and_the_director_s_file_keeps_its_address(
    event: Path, aiohttp_server: MakeServer
) -> None:
    attach = await served_feed(aiohttp_server, event) + "/copy/api/attach"
    async with aiohttp.ClientSession() as session:
        for body in ({"port": 8765}, {}):  # (a copy that says no port serves nowhere)
            sent = {"device": "cassa", "pin": DIRECTOR_PIN, **body}
            async with session.post(attach, json=sent) as answer:
                assert answer.status == 200, await answer.text()
            store = EventStore(event)
            try:
                address, standing = copy_marks.copy_address(store), copy_standing.standing(store)
            finally:
                store.close()
            assert standing is not None and standing.device == "cassa"
            assert address == (None if not body else "http://127.0.0.1:8765")


async def test_the_director_s_pages_carry_the_copy_s_address_as_soon_as_it_attaches(
    event: Path, aiohttp_server: MakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server looks at its file's marks again the moment a copy attached, not at its
    next turn (``elsewhere.ASK_SECONDS``, made longer than the test here): a laptop lost
    within seconds of the copy's start still sends its pages there."""
    monkeypatch.setattr(elsewhere, "ASK_SECONDS", 600.0)
    url = await served_feed(aiohttp_server, event)
    async with aiohttp.ClientSession() as session:
        async with session.get(url + "/api/room") as answer:
            assert (await answer.json())["copy_address"] is None
        sent = {"device": "cassa", "pin": DIRECTOR_PIN, "port": 8765}
        async with session.post(url + "/copy/api/attach", json=sent) as answer:
            assert answer.status == 200, await answer.text()
        deadline = time.monotonic() + 20
        while True:
            async with session.get(url + "/api/room") as answer:
                if (await answer.json())["copy_address"] == "http://127.0.0.1:8765":
                    break
            assert time.monotonic() < deadline, "the pages never knew where the copy serves"
            await asyncio.sleep(0.02)


def test_a_port_taken_is_refused_in_one_line_before_anything_is_copied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    to = tmp_path / "copia.tdc"
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _out, err = follow(capsys, monkeypatch, "http://127.0.0.1:9", to, "--port", str(port))
    assert code == 2 and err.count("\n") == 1
    assert f"cannot listen on port {port} (" in err and "choose another --port" in err
    assert not to.exists()
    code, _out, err = follow(capsys, monkeypatch, "http://127.0.0.1:9", to, "--port", "70000")
    assert code == 2 and "--port 70000: give a port from 1 to 65535" in err


def test_where_a_copy_serves_is_the_address_it_came_from_and_the_port_it_said() -> None:
    assert serves_at("192.168.1.7", 8000) == "http://192.168.1.7:8000"
    assert serves_at("fe80::1", 8000) == "http://[fe80::1]:8000"
    for port in (None, True, 0, 65536, "8000"):
        assert serves_at("192.168.1.7", port) is None
    assert serves_at(None, 8000) is None
