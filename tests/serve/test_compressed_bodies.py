"""A request's body that says it is compressed and does not decompress is answered 400 at
once, in one line of the pages' language, and the server logs no traceback: it used to be
answered 500 with a traceback in the Director's terminal."""

from __future__ import annotations

import asyncio
import gzip
import logging
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]

DEADLINE = 30.0
"""The body's deadline here: an answer that waited for it would take this long."""

CORRUPT = {
    "gzip, not gzip": ("gzip", b"not gzip at all" * 10),
    "deflate, not deflate": ("deflate", b"\x00garbage"),
    "gzip, and more": ("gzip", gzip.compress(b'{"pin": "1"}') + b"junk"),
}


async def one_chunk(body: bytes) -> AsyncIterator[bytes]:
    yield body


@pytest.mark.parametrize("chunked", [False, True], ids=["length", "chunked"])
@pytest.mark.parametrize("case", list(CORRUPT))
@pytest.mark.parametrize("path", ["/floor/api/sign-in", "/api/room"])
async def test_a_body_that_does_not_decompress_is_a_400_at_once(
    event: Path,
    aiohttp_client: MakeClient,
    caplog: pytest.LogCaptureFixture,
    case: str,
    chunked: bool,
    path: str,
) -> None:
    client = await aiohttp_client(
        build_app(ServeConfig(event=event, lang="it", body_seconds=DEADLINE))
    )
    encoding, body = CORRUPT[case]
    headers = {
        "Origin": str(client.make_url("")).rstrip("/"),
        "Content-Type": "application/json",
        "Content-Encoding": encoding,
    }
    loop_time = asyncio.get_running_loop().time
    began = loop_time()
    data = one_chunk(body) if chunked else body
    response = await client.post(path, data=data, headers=headers)
    assert response.status == 400
    assert await response.text() == "il corpo della richiesta è malformato\n"
    assert loop_time() - began < DEADLINE / 2
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_cases_are_corrupt() -> None:
    for encoding, body in CORRUPT.values():
        with pytest.raises((OSError, zlib.error, EOFError)):
            (gzip.decompress if encoding == "gzip" else zlib.decompress)(body)
