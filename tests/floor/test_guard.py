"""The floor's checks in one place: every /floor/api route refuses without each check it
declares, a route that declares none is refused, a body nested 5000 deep is a plain 400, and
the page's sign-out ends its session on the server (across a restart too)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import FLOOR_PIN

from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor.guard import API, too_deep
from tdconsole.serve.floor.web import ROUTES

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]
JSON = {"Content-Type": "application/json"}


def build(event: Path) -> web.Application:
    return build_app(ServeConfig(event=event, lang="en", public=True))


@pytest.fixture
async def client(event: Path, aiohttp_client: MakeClient) -> Client:
    return await aiohttp_client(build(event))


def here(client: Client) -> dict[str, str]:
    return {"Origin": str(client.make_url("")).rstrip("/")}


async def sign_in(client: Client, name: str = "Anna") -> str:
    response = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": name}, headers=here(client)
    )
    assert response.status == 200, await response.text()
    return str((await response.json())["csrf"])


def cookies_of(client: Client) -> dict[str, str]:
    return {c.key: c.value for c in client.session.cookie_jar}


async def ask(
    client: Client, method: str, path: str, headers: dict[str, str], cookies: dict[str, str]
) -> int:
    """``path`` asked by a browser holding exactly ``cookies`` (none: a phone not signed in)."""
    jar = aiohttp.CookieJar(unsafe=True)
    async with (
        aiohttp.ClientSession(cookie_jar=jar, cookies=cookies) as browser,
        browser.request(
            method, client.make_url(path), data=b"{}", headers={**JSON, **headers}
        ) as response,
    ):
        return response.status


async def test_every_api_route_refuses_without_each_of_its_checks(client: Client) -> None:
    served = {
        (route.method, route.resource.canonical)
        for route in client.app.router.routes()
        if route.resource is not None and route.resource.canonical.startswith(API)
    }
    declared = {(r.method, r.path): r.needs for r in ROUTES if r.path.startswith(API)}
    assert served == set(declared)
    # Open to a phone not signed in: the page's words and the sign-in, nothing else.
    assert {p for (_, p), needs in declared.items() if not needs.signed} == {
        "/floor/api/words",
        "/floor/api/sign-in",
    }
    csrf = await sign_in(client)
    signed = cookies_of(client)
    for (method, path), needs in declared.items():
        token = {"X-CSRF-Token": csrf}
        asked = f"{path}?csrf={csrf}" if needs.csrf == "query" else path
        if needs.origin:
            evil = {"Origin": "http://evil.example", **token}
            assert await ask(client, method, asked, evil, signed) == 403, path
        if needs.signed:
            mine = {**here(client), **token}
            assert await ask(client, method, asked, mine, {}) == 401, path
            forged = {key: altered(value) for key, value in signed.items()}
            assert await ask(client, method, asked, mine, forged) == 401, path
        if needs.csrf:
            assert await ask(client, method, path, here(client), signed) == 403, path
            bad = altered(csrf)
            wrong = f"{path}?csrf={bad}" if needs.csrf == "query" else path
            headers = {**here(client), "X-CSRF-Token": bad}
            assert await ask(client, method, wrong, headers, signed) == 403, path


def altered(text: str) -> str:
    return text[:-1] + ("A" if text[-1] != "A" else "B")


async def test_a_route_that_declares_no_needs_is_refused(
    event: Path, aiohttp_client: MakeClient
) -> None:
    ran = []

    async def forgot(request: web.Request) -> web.StreamResponse:
        ran.append(request.path)
        return web.json_response({"secret": True})

    app = build(event)
    app.router.add_get("/floor/api/forgot", forgot)
    client = await aiohttp_client(app)
    assert (await client.get("/floor/api/forgot")).status == 404
    assert ran == []
    assert (await client.get("/floor/api/nothing-here")).status == 404


@pytest.mark.parametrize("path", ["/floor/api/count", "/floor/api/sign-in"])
async def test_a_body_nested_5000_deep_is_a_plain_400(client: Client, path: str) -> None:
    csrf = await sign_in(client)
    headers = {**here(client), **JSON, "X-CSRF-Token": csrf}
    for deep in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2000 + b"1" + b"}" * 2000):
        response = await client.post(path, data=deep, headers=headers)
        assert response.status == 400
        assert await response.json() == {"error": "bad-request"}


def test_brackets_inside_strings_are_not_nesting() -> None:
    assert not too_deep(b'{"name": "' + b"[" * 100 + b'\\"[[[["}')
    assert not too_deep(b'{"names": [["a"]]}')
    assert too_deep(b"[" * 17 + b"]" * 17)
    assert not too_deep(b"[" * 16 + b"]" * 16)


async def test_signing_out_ends_the_session_for_state_actions_and_stream(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build(event))
    csrf = await sign_in(client)
    kept = cookies_of(client)  # what someone copied from the phone
    await sign_in(client, "Bruno")
    bruno = cookies_of(client)
    token = {**here(client), "X-CSRF-Token": csrf}
    assert await ask(client, "POST", "/floor/api/sign-out", token, kept) == 200

    async def asked(client: Client, cookies: dict[str, str]) -> list[int]:
        token = {**here(client), "X-CSRF-Token": csrf}
        return [
            await ask(client, "GET", "/floor/api/state", here(client), cookies),
            await ask(client, "POST", "/floor/api/count", token, cookies),
            await ask(client, "GET", f"/floor/api/stream?csrf={csrf}", here(client), cookies),
            await ask(client, "GET", "/floor/api/session", here(client), cookies),
        ]

    assert await asked(client, kept) == [401, 401, 401, 401]
    # Another phone's session is its own.
    assert await ask(client, "GET", "/floor/api/state", here(client), bruno) == 200
    await client.close()
    restarted = await aiohttp_client(build(event))
    assert await asked(restarted, kept) == [401, 401, 401, 401]
    assert await ask(restarted, "GET", "/floor/api/state", here(restarted), bruno) == 200


async def test_signing_out_ends_the_phones_open_stream_at_once(client: Client) -> None:
    csrf = await sign_in(client)
    stream = await client.get(f"/floor/api/stream?csrf={csrf}", headers=here(client))
    assert stream.status == 200
    seen = b""
    while b"event: state" not in seen:
        seen += await asyncio.wait_for(stream.content.readany(), 10)
    out = await client.post("/floor/api/sign-out", headers={**here(client), "X-CSRF-Token": csrf})
    assert out.status == 200
    while b"event: signed-out" not in seen:  # no change to the event needed
        chunk = await asyncio.wait_for(stream.content.readany(), 10)
        assert chunk, seen
        seen += chunk
    stream.close()
