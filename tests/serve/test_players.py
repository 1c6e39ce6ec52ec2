"""Each player's own page: ``/players``, its public document and its stream (aiohttp's test
client); one document made per picture of the room, whatever the number of pages open."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from tdconsole.serve.players import PLAYERS

from .conftest import last_seq, refuses_writes
from .test_app import bust, events_of


async def first_document(client: TestClient[Any, Any]) -> dict[str, Any]:
    """The document as ``/api/players`` says it, once the room's first picture is made (the
    stream sends it as soon as it is)."""
    stream = await client.get("/api/players/stream")
    streamed = await anext(events_of(stream, "players"))
    stream.close()
    answer = await client.get("/api/players")
    assert answer.status == 200 and answer.headers["Cache-Control"] == "no-store"
    found: dict[str, Any] = await answer.json()
    assert found["players"] == streamed["players"]
    return found


async def test_the_document_lists_every_seat_and_the_clock(client: TestClient[Any, Any]) -> None:
    document = await first_document(client)
    assert len(document["players"]) == 24 and document["lang"] == "it"
    espo = [p for p in document["players"] if "espo" in p["key"]]
    assert [p["name"] for p in espo] == ["Esposito"]
    assert espo[0]["table"] and espo[0]["seat"] and espo[0]["card"]
    assert document["blinds"]["big_blind"] == 100 and document["stage"] == "paused"
    text = json.dumps(document).lower()
    for secret in ("pin", "session", "csrf", "handed", "food", "refund", "paid"):
        assert secret not in text, secret


async def test_every_open_page_gets_one_document_made_once_per_change(
    client: TestClient[Any, Any], event: Path
) -> None:
    await first_document(client)
    pages = [await client.get("/api/players/stream") for _ in range(5)]
    streams = [events_of(page, "players") for page in pages]
    firsts = [await anext(s) for s in streams]
    assert all(len(d["players"]) == 24 for d in firsts)
    feed = client.app[PLAYERS]
    made, pictures = feed.made, feed.version
    await asyncio.to_thread(bust, event, "Esposito")
    for s in streams:
        after = await asyncio.wait_for(anext(s), 5)
        while after["in_play"] != 23:  # (a picture of the time alone may come between)
            after = await asyncio.wait_for(anext(s), 5)
        espo = next(p for p in after["players"] if p["name"] == "Esposito")
        assert (espo["where"], espo["place"], espo["table"]) == ("placed", 24, None)
    # one document per picture of the room, not one per page
    assert 1 <= feed.made - made <= feed.room.version - pictures
    for page in pages:
        page.close()


async def test_the_page_and_its_files(client: TestClient[Any, Any]) -> None:
    page = await client.get("/players")
    assert page.status == 200 and page.headers["Cache-Control"] == "no-store"
    text = await page.text()
    assert '<html lang="it">' in text and "<main>" in text and "<h1" in text
    scripts = re.findall(r'src="([^"]+)"', text)
    assert any(re.fullmatch(r"/players/players\.[0-9a-f]{10}\.js", s) for s in scripts)
    shared = [s for s in scripts if s.startswith("/shared/")]
    assert {s.split(".")[0] for s in shared} == {"/shared/typed", "/shared/band", "/shared/page"}
    for src in scripts:
        assert (await client.get(src)).status == 200, src
    # the floor loads the same shared files, from the same place
    floor = await (await client.get("/floor")).text()
    assert set(shared) <= set(re.findall(r'src="([^"]+)"', floor))
    assert (await client.get("/floor/static/typed.js")).status == 404
    assert (await client.get("/players/room.js")).status == 404  # (only the page's own files)
    qr = await client.get("/api/players/qr.svg")
    assert qr.status == 200 and qr.content_type == "image/svg+xml"


async def test_the_page_changes_nothing_and_its_stream_is_for_this_server_only(
    client: TestClient[Any, Any], event: Path
) -> None:
    seq = last_seq(event)
    await refuses_writes(client, ("/players", "/api/players", "/api/players/stream"))
    refused = await client.get("/api/players/stream", headers={"Origin": "http://evil.example"})
    assert refused.status == 403
    foreign = await client.get("/players", headers={"Host": "evil.example"})
    assert foreign.status in (400, 421)
    assert last_seq(event) == seq
