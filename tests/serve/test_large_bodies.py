"""A body larger than the server takes is refused the moment it passes the limit, chunked or
not, in the pages' language: it used to wait for the body's deadline (408 after 12 s) when
it came chunked, and the floor refused past 16 KiB in aiohttp's English words."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from tdconsole.serve import limits
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]

DEADLINE = 5.0
"""The body's deadline in these tests: a refusal that waited for it would be a 408."""


async def endless(chunk: int = 16 * 1024) -> AsyncIterator[bytes]:
    """A chunked body that never ends (``Transfer-Encoding: chunked``: no length)."""
    while True:
        yield b"x" * chunk


async def client_for(aiohttp_client: MakeClient, event: Path, lang: str) -> Client:
    config = ServeConfig(event=event, lang=lang, body_seconds=DEADLINE)
    return await aiohttp_client(build_app(config))


def json_from_here(client: Client) -> dict[str, str]:
    return {
        "Origin": str(client.make_url("")).rstrip("/"),
        "Content-Type": "application/json",
    }


@pytest.mark.parametrize("path", ["/floor/api/sign-in", "/floor/api/bust", "/api/room"])
async def test_an_endless_chunked_body_is_refused_as_too_large_at_once(
    event: Path, aiohttp_client: MakeClient, path: str
) -> None:
    client = await client_for(aiohttp_client, event, "en")
    response = await client.post(path, data=endless(), headers=json_from_here(client))
    assert response.status == 413
    assert await response.text() == "the request's body is larger than 64 KiB: it is not read\n"
    assert response.headers.get("Connection", "").lower() == "close"


async def test_the_refusal_is_in_the_pages_language(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await client_for(aiohttp_client, event, "it")
    for body in (endless(), b"x" * (limits.BODY_MOST + 1)):  # chunked, then with its length
        response = await client.post(
            "/floor/api/sign-in", data=body, headers=json_from_here(client)
        )
        assert response.status == 413
        assert await response.text() == (
            "il corpo della richiesta supera i 64 KiB: non viene letto\n"
        )


async def test_a_chunked_body_within_the_limit_reaches_the_floor(
    event: Path, aiohttp_client: MakeClient
) -> None:
    """60 KB, within the documented 64 KiB: read, and judged by the floor (not JSON: 400),
    where it used to be refused past 16 KiB."""
    client = await client_for(aiohttp_client, event, "en")

    async def sixty_kb() -> AsyncIterator[bytes]:
        for _ in range(6):
            yield b"x" * 10_000

    response = await client.post(
        "/floor/api/sign-in", data=sixty_kb(), headers=json_from_here(client)
    )
    assert response.status == 400
    assert await response.json() == {"error": "bad-request"}


async def test_a_body_of_exactly_the_limit_is_taken(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await client_for(aiohttp_client, event, "en")
    padded = b'{"pin": "1", "name": "Anna", "pad": "' + b"x" * limits.BODY_MOST
    body = padded[: limits.BODY_MOST - 2] + b'"}'
    assert len(body) == limits.BODY_MOST
    response = await client.post("/floor/api/sign-in", data=body, headers=json_from_here(client))
    assert response.status not in (408, 413)
