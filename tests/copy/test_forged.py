"""``follow`` fed by a forged feed (an aiohttp test server): every entry is checked as an import
checks it, and a feed that lies is refused in one line, the copy's file as it was."""

from __future__ import annotations

import asyncio
import copy as copying_objects
import io
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from tdhelpers.following import fed

from tdconsole.cli.follow_cmds import Client, Status, follow
from tdconsole.domain.errors import RuleError
from tdconsole.store.copy_file import CopyFile

MakeServer = Callable[..., Awaitable[TestServer]]
HELD = 73
"""The copy holds the log up to the seat draw; the feed forges the start (74, 75) after it."""


def fake_feed(event: str, entries: list[dict[str, Any]], last: int) -> web.Application:
    async def attach(request: web.Request) -> web.StreamResponse:
        return web.json_response({"event": event, "token": "t", "last": last})

    async def log(request: web.Request) -> web.StreamResponse:
        after = (await request.json())["after"]
        return web.json_response(
            {
                "entries": [e for e in entries if e["seq"] > after] if after == HELD else [],
                "last": last,
            }
        )

    app = web.Application()
    app.router.add_post("/copy/api/attach", attach)
    app.router.add_post("/copy/api/log", log)
    return app


def lying_summary(items: list[dict[str, Any]]) -> None:
    items[0]["data"]["summary"] = "start: stack 9000, big blind 100"


def author_without_the_role(items: list[dict[str, Any]]) -> None:
    items[0]["data"].update(person="Anna", role="floor")
    for item in items[:2]:
        item["actor"] = "Anna"


def out_of_order(items: list[dict[str, Any]]) -> None:
    items[0], items[2] = items[2], items[0]


@pytest.mark.parametrize(
    ("forge", "said"),
    [
        (lying_summary, "event 74"),
        (author_without_the_role, "event 74"),
        (out_of_order, "has seq 76"),
        (None, "holds a copy of another event"),
    ],
)
async def test_a_forged_entry_is_refused_in_one_line_and_the_copy_is_unchanged(
    event: Path,
    tmp_path: Path,
    aiohttp_server: MakeServer,
    forge: Callable[[list[dict[str, Any]]], None] | None,
    said: str,
) -> None:
    items, identity, last = fed(event)
    target = tmp_path / "copia.tdc"
    copy = CopyFile.open(target, "http://127.0.0.1:8000")
    copy.take(items[:HELD], identity, datetime.now(UTC))
    before = copy.store.rows() if copy.store else []
    forged = copying_objects.deepcopy(items[HELD:])
    if forge is not None:
        forge(forged)
    server = await aiohttp_server(fake_feed(identity if forge else "another", forged, last))
    url = str(server.make_url("")).rstrip("/")
    out = io.StringIO()
    with pytest.raises(RuleError) as refused:
        await asyncio.to_thread(follow, copy, Client(url, "cassa", "135792"), Status(out, "en"))
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert copy.store is not None and copy.store.rows() == before
    copy.close()
