"""The floor's web layer with aiohttp's test client: the cookie, CSRF, Origin, the PIN limits,
revocation, a restart, the red team's attacks on the served floor, and its live stream sent
by the room's code."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.domain.acting import label_text
from tdconsole.domain.play import Bust
from tdconsole.serve import streams
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor import phone_json as view
from tdconsole.serve.floor import views as floor_views
from tdconsole.service import Tournament
from tdconsole.store.attempts import FREE_FAILURES

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]


def build(event: Path) -> web.Application:
    """The one server of ``tdconsole serve`` (the room and this floor), reached from beyond
    this machine (the floor asks its 6-digit PIN)."""
    return build_app(ServeConfig(event=event, lang="en", public=True))


@pytest.fixture
async def client(event: Path, aiohttp_client: MakeClient) -> Client:
    return await aiohttp_client(build(event))


def origin(client: Client) -> dict[str, str]:
    return {"Origin": str(client.make_url("")).rstrip("/")}


async def sign_in(client: Client, name: str = "Anna", pin: str = FLOOR_PIN) -> str:
    response = await client.post(
        "/floor/api/sign-in", json={"pin": pin, "name": name}, headers=origin(client)
    )
    assert response.status == 200, await response.text()
    body: dict[str, Any] = await response.json()
    return str(body["csrf"])


def changing(client: Client, csrf: str) -> dict[str, str]:
    return {**origin(client), "X-CSRF-Token": csrf}


async def first_player(client: Client) -> dict[str, Any]:
    state = await (await client.get("/floor/api/state")).json()
    player: dict[str, Any] = state["players"][-1]
    return player


async def test_the_page_and_its_words_need_no_session(client: Client) -> None:
    page = await client.get("/floor")
    assert page.status == 200
    text = await page.text()
    assert 'lang="en"' in text and re.search(r'src="/floor/static/floor\.[0-9a-f]{10}\.js"', text)
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    words = await (await client.get("/floor/api/words")).json()
    assert words["undo"] != words["cancel"]
    assert (await client.get("/floor/static/floor.js")).status == 200
    assert (await client.get("/floor/api/state")).status == 401


async def test_sign_in_sets_a_strict_http_only_cookie(client: Client) -> None:
    response = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=origin(client)
    )
    assert response.status == 200
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/floor" in cookie
    assert "Secure" not in cookie  # plain HTTP here; under HTTPS it is Secure
    assert "Max-Age=57600" in cookie
    session = await (await client.get("/floor/api/session")).json()
    assert session["staff"] == "Anna"


async def test_a_change_needs_the_csrf_token_and_this_origin(client: Client) -> None:
    csrf = await sign_in(client)
    player = await first_player(client)
    body = {"name": player["name"], "chips": "9000"}
    assert (await client.post("/floor/api/count", json=body, headers=origin(client))).status == 403
    wrong = {**origin(client), "X-CSRF-Token": csrf[:-2] + "xx"}
    assert (await client.post("/floor/api/count", json=body, headers=wrong)).status == 403
    foreign = {"Origin": "http://mallory.example", "X-CSRF-Token": csrf}
    assert (await client.post("/floor/api/count", json=body, headers=foreign)).status == 403
    no_origin = {"X-CSRF-Token": csrf}
    assert (await client.post("/floor/api/count", json=body, headers=no_origin)).status == 403
    cross = {**changing(client, csrf), "Sec-Fetch-Site": "cross-site"}
    assert (await client.post("/floor/api/count", json=body, headers=cross)).status == 403
    done = await client.post("/floor/api/count", json=body, headers=changing(client, csrf))
    assert done.status == 200, await done.text()
    assert (await done.json())["said"].endswith("9 000 chips counted")


async def test_mallorys_page_cannot_record_a_bust(client: Client, event: Path) -> None:
    # Red team: a page open on the Director's computer recorded a bust as "Mallory". Without
    # the session's token, and from another origin, nothing is recorded.
    service = Tournament.open(event)
    try:
        player = {"name": service.state.in_players()[-1].name}
    finally:
        service.close()
    for headers in ({"Origin": "http://evil.example"}, {}):
        response = await client.post(
            "/floor/api/bust", json={"names": [player["name"]], "declined": True}, headers=headers
        )
        assert response.status in (401, 403)
    await sign_in(client)  # even with the cookie (a browser sends it), no token: refused
    response = await client.post(
        "/floor/api/bust",
        json={"names": [player["name"]], "declined": True},
        headers={"Origin": "http://evil.example"},
    )
    assert response.status == 403
    service = Tournament.open(event)
    try:
        assert service.state.find(player["name"]).status == "in"  # type: ignore[union-attr]
    finally:
        service.close()


async def test_the_stream_needs_the_token_and_this_origin(client: Client) -> None:
    csrf = await sign_in(client)
    assert (await client.get("/floor/api/stream")).status == 403
    foreign = await client.get(
        f"/floor/api/stream?csrf={csrf}", headers={"Origin": "http://evil.example"}
    )
    assert foreign.status == 403
    response = await client.get(f"/floor/api/stream?csrf={csrf}", headers=origin(client))
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/event-stream")
    first = b""
    while b"event: state" not in first:
        first += await response.content.readany()
    response.close()


async def test_wrong_pins_from_one_phone_wait_and_say_so(
    event: Path, aiohttp_client: MakeClient
) -> None:
    now = [1_800_000_000.0]  # the floor's clock, driven here
    config = ServeConfig(event=event, lang="en", public=True, wall=lambda: now[0])
    client = await aiohttp_client(build_app(config))

    async def try_pin(pin: str) -> tuple[int, str]:
        response = await client.post(
            "/floor/api/sign-in", json={"pin": pin, "name": "Mallory"}, headers=origin(client)
        )
        return response.status, (await response.json()).get("refused", "")

    for _ in range(FREE_FAILURES):
        assert await try_pin("000000") == (
            409,
            "wrong PIN: type it again (ask the Director for it) (Art. VII.1)",
        )
    wait = "too many wrong PINs: try again in {} s (Art. VII.1)"
    assert await try_pin("000000") == (409, wait.format(2))
    # The right PIN from that phone while it waits: refused, not even checked.
    assert await try_pin(FLOOR_PIN) == (409, wait.format(2))
    now[0] += 1.5
    assert await try_pin(FLOOR_PIN) == (409, wait.format(1))
    now[0] += 0.5  # the wait over: one more wrong PIN doubles the next wait
    assert (await try_pin("000000"))[1].startswith("wrong PIN")
    assert await try_pin(FLOOR_PIN) == (409, wait.format(4))
    now[0] += 4
    status, refused = await try_pin(FLOOR_PIN)
    assert (status, refused) == (200, "")


async def test_sign_out_ends_every_session_and_its_stream(client: Client, event: Path) -> None:
    from tdconsole.domain.slices.sign_phones_out import SignPhonesOut

    csrf = await sign_in(client)
    stream = await client.get(f"/floor/api/stream?csrf={csrf}", headers=origin(client))
    service = Tournament.open(event)
    try:
        service.execute(SignPhonesOut())
    finally:
        service.close()
    seen = b""
    while b"event: signed-out" not in seen:
        chunk = await stream.content.readany()
        assert chunk, seen
        seen += chunk
    stream.close()
    assert (await client.get("/floor/api/state")).status == 401


async def test_a_session_survives_a_server_restart(event: Path, aiohttp_client: MakeClient) -> None:
    first = await aiohttp_client(build(event))
    await sign_in(first)
    cookies = {c.key: c.value for c in first.session.cookie_jar}
    await first.close()
    second = await aiohttp_client(build(event), cookies=cookies)
    assert (await second.get("/floor/api/state")).status == 200
    csrf = (await (await second.get("/floor/api/session")).json())["csrf"]
    player = await first_player(second)
    done = await second.post(
        "/floor/api/count",
        json={"name": player["name"], "chips": "7000"},
        headers=changing(second, csrf),
    )
    assert done.status == 200


async def test_a_refusal_is_one_line_with_its_article(client: Client) -> None:
    csrf = await sign_in(client)
    player = await first_player(client)
    response = await client.post(
        "/floor/api/bust", json={"names": [player["name"]]}, headers=changing(client, csrf)
    )
    assert response.status == 409
    said = (await response.json())["refused"]
    assert "Art. III.2" in said and "\n" not in said


async def test_find_answers_any_part_of_a_name(client: Client) -> None:
    await sign_in(client)
    state = await (await client.get("/floor/api/state")).json()
    names = [p["name"] for p in state["players"]]
    found = (await (await client.get("/floor/api/find?q=OSSI")).json())["names"]
    assert "Rossi" in found and found == [n for n in names if "ossi" in n.lower()]
    # (each player's key: the page finds any part of it as this does)
    assert [p["key"] for p in state["players"] if p["name"] == "Rossi"] == ["rossi"]


async def test_pause_asks_the_directors_pin(client: Client, event: Path) -> None:
    csrf = await sign_in(client)
    response = await client.post(
        "/floor/api/clock",
        json={"action": "resume", "pin": FLOOR_PIN},
        headers=changing(client, csrf),
    )
    assert "wrong PIN" in (await response.json())["refused"]
    response = await client.post(
        "/floor/api/clock",
        json={"action": "resume", "pin": DIRECTOR_PIN},
        headers=changing(client, csrf),
    )
    assert response.status == 200, await response.text()
    service = Tournament.open(event)
    try:
        who = service.history.actors[service.log()[-1].command]
        assert (who.role, who.via) == ("director", "Anna")
        assert label_text(who, "en").endswith("(via Anna)")
    finally:
        service.close()


async def test_hostile_bodies_are_refused_plainly(client: Client) -> None:
    csrf = await sign_in(client)
    headers = changing(client, csrf)
    for data in (b"[]", b"{", b"x" * 20000):
        response = await client.post(
            "/floor/api/count", data=data, headers={**headers, "Content-Type": "application/json"}
        )
        assert response.status in (400, 413)
    response = await client.post("/floor/api/count", data=b"{}", headers=headers)
    assert response.status == 400  # not JSON by its type


async def test_another_sites_name_is_refused_dns_rebinding(client: Client) -> None:
    # A page of evil.example whose name now points here: its requests name evil.example.
    csrf = await sign_in(client)
    for path in ("/floor", "/floor/api/state", f"/floor/api/stream?csrf={csrf}"):
        response = await client.get(path, headers={"Host": "evil.example"})
        assert response.status == 421, path
    response = await client.post(
        "/floor/api/count", json={}, headers={**changing(client, csrf), "Host": "evil.example"}
    )
    assert response.status == 421


# -- the stream: the room's code (tdconsole.serve.streams, aiohttp-sse) -------------------------
async def next_event(response: Any, buffered: list[bytes]) -> dict[str, str]:
    """The stream's next event as sent (its fields; a comment line as ``{"": text}``)."""
    while b"\r\n\r\n" not in buffered[0]:
        chunk = await asyncio.wait_for(response.content.readany(), 10)
        assert chunk, buffered[0]
        buffered[0] += chunk
    block, buffered[0] = buffered[0].split(b"\r\n\r\n", 1)
    fields: dict[str, str] = {}
    for line in block.decode().split("\r\n"):
        name, _, value = line.partition(": ")
        fields[name] = value
    return fields


async def stream(client: Client, csrf: str, last: str | None = None) -> Any:
    headers = origin(client) if last is None else {**origin(client), "Last-Event-ID": last}
    response = await client.get(f"/floor/api/stream?csrf={csrf}", headers=headers)
    assert response.status == 200
    return response


async def test_the_phones_stream_is_sent_as_the_rooms(client: Client) -> None:
    csrf = await sign_in(client)
    response = await stream(client, csrf)
    assert response.headers["Content-Type"] == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["X-Accel-Buffering"] == "no"
    first = await next_event(response, [b""])
    assert list(first) == ["id", "event", "data", "retry"]  # aiohttp-sse's order, CRLF lines
    assert first["event"] == "state" and first["retry"] == "1000"
    assert json.loads(first["data"])["in_play"] == 24
    response.close()
    # The room's stream: the same ids, of this start of the server.
    room = await client.get("/api/room/stream")
    buffered = [b""]
    shown = await next_event(room, buffered)
    while shown.get("event") != "room":
        shown = await next_event(room, buffered)
    assert shown["id"].split("-")[0] == first["id"].split("-")[0]
    room.close()


async def test_a_quiet_stream_gets_a_comment_line(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "PING_SECONDS", 0.05)
    response = await stream(client, await sign_in(client))
    buffered = [b""]
    assert (await next_event(response, buffered))["event"] == "state"
    assert await next_event(response, buffered) == {"": "ping"}  # (": ping")
    response.close()


async def test_a_phone_reconnecting_is_not_sent_again_what_it_has(
    client: Client, event: Path
) -> None:
    csrf = await sign_in(client)
    first = await stream(client, csrf)
    seen = (await next_event(first, [b""]))["id"]
    first.close()
    # Back with Last-Event-ID (the browser's own reconnection): nothing new, nothing sent;
    # the next event is the next change.
    again = await stream(client, csrf, last=seen)
    await asyncio.to_thread(bust_last, event)
    changed = await next_event(again, [b""])
    assert changed["id"] != seen and json.loads(changed["data"])["in_play"] == 23
    again.close()
    # An id of another start of the server (it restarted meanwhile): the state at once.
    restarted = await stream(client, csrf, last="x" + seen)
    assert json.loads((await next_event(restarted, [b""]))["data"])["in_play"] == 23
    restarted.close()


def bust_last(event: Path) -> None:
    service = Tournament.open(event)
    try:
        service.execute(Bust(names=[service.state.in_players()[-1].name], declined=True))
    finally:
        service.close()


async def test_phones_following_one_change_share_its_state_each_with_its_own_name(
    client: Client, event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phone's state at a change is built once for every phone that follows it (it was
    built per phone: 30 phones, 30 times), each told its own staff member's name."""
    built = []
    made = view.state_json

    def counted(*args: Any) -> dict[str, Any]:
        built.append(args)
        return made(*args)

    monkeypatch.setattr(view, "state_json", counted)
    monkeypatch.setattr(floor_views, "state_json", counted)
    anna = await stream(client, await sign_in(client, "Anna"))
    # Bruno on a phone of his own (his own cookie).
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as phone:
        signed = await phone.post(
            client.make_url("/floor/api/sign-in"),
            json={"pin": FLOOR_PIN, "name": "Bruno"},
            headers=origin(client),
        )
        assert signed.status == 200, await signed.text()
        csrf = (await signed.json())["csrf"]
        bruno = await phone.get(
            client.make_url(f"/floor/api/stream?csrf={csrf}"), headers=origin(client)
        )
        assert bruno.status == 200
        seen_anna, seen_bruno = [b""], [b""]
        assert json.loads((await next_event(anna, seen_anna))["data"])["staff"] == "Anna"
        assert json.loads((await next_event(bruno, seen_bruno))["data"])["staff"] == "Bruno"
        built.clear()
        await asyncio.to_thread(bust_last, event)
        to_anna = json.loads((await next_event(anna, seen_anna))["data"])
        to_bruno = json.loads((await next_event(bruno, seen_bruno))["data"])
        bruno.close()
    anna.close()
    assert (to_anna["staff"], to_bruno["staff"]) == ("Anna", "Bruno")
    assert to_anna["in_play"] == 23
    # (each phone told the server's time as it was sent: its offset from the phone's clock)
    assert {**to_anna, "staff": "", "sent_at": ""} == {**to_bruno, "staff": "", "sent_at": ""}
    assert len(built) == 1
