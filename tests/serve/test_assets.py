"""The pages' own files: named by their content's digest and cached for a year, compressed for a
browser that accepts it, the plain names still answered (revalidated); an icon for every page."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from tdconsole.serve.app import build_app
from tdconsole.serve.assets import Assets, digested
from tdconsole.serve.config import ServeConfig

PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture
async def client(event: Path, aiohttp_client: Any) -> TestClient[Any, Any]:
    made: TestClient[Any, Any] = await aiohttp_client(build_app(ServeConfig(event=event)))
    return made


def named(page: str, kind: str) -> list[str]:
    return re.findall(rf'(?:src|href)="([^"]+\.[0-9a-f]{{10}}\.{kind})"', page)


@pytest.mark.parametrize("path", ["/display", "/floor"])
async def test_each_page_names_its_files_by_digest_and_they_keep_a_year(
    client: TestClient[Any, Any], path: str
) -> None:
    page = await (await client.get(path)).text()
    files = named(page, "js") + named(page, "css")
    every = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page)
    assert files and sorted(files) == sorted(every), page[:600]
    for url in files:
        answer = await client.get(url, headers=PLAIN)
        assert answer.status == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert "Content-Encoding" not in answer.headers
        plain = await client.get(re.sub(r"\.[0-9a-f]{10}\.", ".", url), headers=PLAIN)
        assert await plain.read() == await answer.read()
        assert plain.headers["Cache-Control"] == "no-cache"


async def test_files_and_pages_are_sent_compressed_to_a_browser_that_accepts_it(
    client: TestClient[Any, Any],
) -> None:
    page = await (await client.get("/display")).text()
    script = named(page, "js")[0]
    raw = await client.get(script, headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
    assert raw.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in raw.headers["Vary"]
    squeezed = await raw.read()
    whole = await (await client.get(script, headers=PLAIN)).read()
    assert gzip.decompress(squeezed) == whole and len(squeezed) < len(whole) / 2
    for path in ("/display", "/floor"):
        answer = await client.get(path, headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.headers["Cache-Control"] == "no-store"
        assert b"<html" in gzip.decompress(await answer.read())


async def test_a_file_the_browser_holds_is_not_sent_again(client: TestClient[Any, Any]) -> None:
    first = await client.get("/room/room.css", headers=PLAIN)
    tag = first.headers["ETag"]
    again = await client.get("/room/room.css", headers={"If-None-Match": tag})
    assert again.status == 304 and await again.read() == b""


@pytest.mark.parametrize(
    "path",
    [
        "/room/room.0000000000.js",
        "/room/room.html",
        "/room/..%2fapp.py",
        "/room/%2e%2e/assets.py",
        "/floor/static/../web.py",
        "/floor/static/floor.html",
    ],
)
async def test_only_the_pages_files_are_served(client: TestClient[Any, Any], path: str) -> None:
    """A wrong digest, the page's template, or a way out of the folder: not found."""
    assert (await client.get(path)).status == 404


@pytest.mark.parametrize("path", ["/favicon.ico", "/favicon.svg"])
async def test_every_page_has_an_icon(client: TestClient[Any, Any], path: str) -> None:
    answer = await client.get(path)
    assert answer.status == 200 and answer.content_type == "image/svg+xml"
    assert (await answer.read()).startswith(b"<svg")
    for page in ("/display", "/floor"):
        assert 'rel="icon" href="/favicon.svg"' in await (await client.get(page)).text()


def test_a_new_content_is_a_new_name(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text("one", encoding="utf-8")
    before = Assets(tmp_path, "/x/").url("a.js")
    (tmp_path / "a.js").write_text("two", encoding="utf-8")
    after = Assets(tmp_path, "/x/").url("a.js")
    assert before != after and before.startswith("/x/a.") and before.endswith(".js")
    assert digested("a.min.js", "abc") == "a.min.abc.js"
    assert Assets(tmp_path, "/x/").page("<{{asset:a.js}}>") == f"<{after}>"
