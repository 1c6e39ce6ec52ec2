"""The copy's feed on ``tdconsole serve`` (aiohttp's test client) and the copy's file."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.domain.play import Bust
from tdconsole.domain.settings import Settings
from tdconsole.i18n import _
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament
from tdconsole.store import copy_standing
from tdconsole.store.copy_file import CopyFile
from tdconsole.store.eventstore import EventStore, StoreError

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]


async def attached(client: Client, holds: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = await client.post(
        "/copy/api/attach", json={"device": "cassa", "pin": DIRECTOR_PIN, "holds": holds}
    )
    assert answer.status == 200, await answer.text()
    found: dict[str, Any] = await answer.json()
    return found


async def entries(client: Client, token: str, after: int, hashed: str) -> dict[str, Any]:
    answer = await client.post(
        "/copy/api/log",
        json={"device": "cassa", "after": after, "hash": hashed},
        headers={"X-Copy-Token": token},
    )
    assert answer.status == 200, await answer.text()
    found: dict[str, Any] = await answer.json()
    return found


async def test_the_copy_takes_the_log_then_each_new_entry_and_opens_as_the_event(
    event: Path, tmp_path: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build_app(ServeConfig(event=event, lang="en")))
    found = await attached(client)
    copy = CopyFile.open(tmp_path / "copia.tdc", "http://127.0.0.1:8000")
    fed = await entries(client, found["token"], 0, "")
    copy.take(fed["entries"], found["event"], datetime.now(UTC))
    assert copy.last == fed["last"] == found["last"]
    director = Tournament.open(event)
    try:
        out = director.state.in_players()[-1].name
        director.execute(Bust(names=[out], declined=True))
        fed = await entries(client, found["token"], copy.last, copy.last_hash)
        copy.take(fed["entries"], found["event"], datetime.now(UTC))
        assert [e["seq"] for e in fed["entries"]] == list(range(found["last"] + 1, copy.last + 1))
        assert copy.last == director.state.last_seq
        store = EventStore(event)
        try:
            assert copy.store is not None and store.rows() == copy.store.rows()
            standing = copy_standing.standing(store)
        finally:
            store.close()
        assert standing is not None and standing.device == "cassa"
        assert standing.confirmed == found["last"]  # (what it said it held, asking for more)
    finally:
        director.close()
        copy.close()
    reopened = Tournament.open(tmp_path / "copia.tdc")
    try:
        assert out not in [p.name for p in reopened.state.in_players()]
        assert reopened.state.last_seq == copy.last
    finally:
        reopened.close()


async def test_a_wrong_pin_another_event_and_a_differing_entry_are_refused_in_one_line(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build_app(ServeConfig(event=event, lang="en")))
    wrong = await client.post("/copy/api/attach", json={"device": "cassa", "pin": "000000"})
    assert wrong.status == 409 and "wrong PIN" in (await wrong.json())["refused"]
    found = await attached(client)
    other = await client.post(
        "/copy/api/attach",
        json={"device": "cassa", "pin": DIRECTOR_PIN, "holds": {"event": "x", "seq": 3}},
    )
    assert "belongs to another event" in (await other.json())["refused"]
    differs = await client.post(
        "/copy/api/attach",
        json={
            "device": "cassa",
            "pin": DIRECTOR_PIN,
            "holds": {"event": found["event"], "seq": 7, "hash": "0" * 64},
        },
    )
    said = (await differs.json())["refused"]
    assert differs.status == 409 and said == "the copy differs from this event at entry 7"
    unsigned = await client.post("/copy/api/log", json={"device": "cassa", "after": 0})
    assert unsigned.status == 401


async def test_the_phones_say_where_the_copy_stands(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build_app(ServeConfig(event=event, lang="en")))
    await attached(client)
    base = {"Origin": str(client.make_url("")).rstrip("/")}
    signed = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=base
    )
    assert signed.status == 200
    state: dict[str, Any] = {}
    async with asyncio.timeout(5):
        while "copy" not in state:  # (the watcher reads the copy's standing every half second)
            state = await (await client.get("/floor/api/state")).json()
            await asyncio.sleep(0.05)
    assert state["copy"]["device"] == "cassa" and state["copy"]["attached"] is True
    behind = state["copy"]["behind"]  # (it has confirmed none yet)
    assert behind > 0 and state["copy"]["said"].startswith(
        f"copy on cassa: {behind} entries behind"
    )


async def test_without_a_director_pin_no_copy_follows(
    tmp_path: Path, aiohttp_client: MakeClient
) -> None:
    plain = Tournament.create(tmp_path / "senza.tdc", "Senza PIN", Settings())
    plain.close()
    client = await aiohttp_client(build_app(ServeConfig(event=tmp_path / "senza.tdc", lang="en")))
    answer = await client.post("/copy/api/attach", json={"device": "cassa", "pin": "123456"})
    said = (await answer.json())["refused"]
    assert answer.status == 409 and "set director_pin=NNNNNN" in said


async def test_a_file_that_cannot_record_where_the_copy_stands_still_feeds_it(
    event: Path, aiohttp_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(store: EventStore, key: str, value: str) -> None:
        raise StoreError(_("{path} is busy in another terminal").format(path=store.path))

    monkeypatch.setattr(EventStore, "set_meta", refused)
    client = await aiohttp_client(build_app(ServeConfig(event=event, lang="en")))
    found = await attached(client)
    fed = await entries(client, found["token"], 0, "")
    assert len(fed["entries"]) == fed["last"] == found["last"]
