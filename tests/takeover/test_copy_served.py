"""``serve`` on a copy being followed: the TV's, the players' and the phones' pages are served
from it, a phone's action is refused with the copy's one line (Decision, VII.1), and it
answers whether the event (by its identity) was taken over there."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.support import demo_copy, demo_template

from tdconsole.domain.slices.take_over import TakeOver
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament
from tdconsole.store import copy_marks, copying
from tdconsole.store.eventstore import EventStore

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]
SERVED = "http://192.168.1.5:8000"


async def test_a_copy_serves_every_page_and_refuses_the_phones_actions(
    tmp_path: Path, aiohttp_client: MakeClient
) -> None:
    template = demo_template(tmp_path / "template", FLOOR_PIN, DIRECTOR_PIN)
    copy = demo_copy(template, tmp_path / "copia.tdc", FLOOR_PIN, DIRECTOR_PIN)
    store = EventStore(copy)
    copy_marks.mark_following(store, SERVED)
    store.close()
    client = await aiohttp_client(build_app(ServeConfig(event=copy, lang="en", public=True)))
    try:
        for page in ("/display", "/players", "/floor", "/api/room", "/api/players"):
            assert (await client.get(page)).status == 200, page
        here = {"Origin": str(client.make_url("")).rstrip("/")}
        signed = await client.post(
            "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=here
        )
        assert signed.status == 200, await signed.text()
        csrf = (await signed.json())["csrf"]
        state = await (await client.get("/floor/api/state")).json()
        assert state["copy_address"] is None and state["moved"] is None
        counted = await client.post(
            "/floor/api/count",
            json={"name": state["players"][-1]["name"], "chips": "7000"},
            headers={**here, "X-CSRF-Token": csrf},
        )
        assert counted.status == 409
        assert (await counted.json())["refused"] == (
            f"this is the copy of the event served at {SERVED}: act on the Director's laptop, "
            "or `tdconsole take-over` if it is gone (Art. VII.1)"
        )
        event = copying.identity(store := EventStore(copy))
        store.close()
        asked = await (await client.get(f"/copy/api/moved?event={event}")).json()
        assert asked == {"event": event, "moved": None}
        service = Tournament.open(copy)
        service.execute(TakeOver(device="cassa"))
        service.close()
        asked = await (await client.get(f"/copy/api/moved?event={event}")).json()
        assert asked["moved"]["device"] == "cassa"  # (read in the entries appended since)
        asked = await (await client.get("/copy/api/moved?event=another")).json()
        assert asked == {"event": event, "moved": None}  # another event's question
    finally:
        await client.close()
