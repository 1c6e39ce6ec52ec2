"""The pages' own files (CSS, JS, the icon), read once at start-up and served from memory.

Each file is served twice: under its plain name (``/room/room.js``, checked again at every use:
``no-cache`` with an ETag), and under a name carrying a digest of its content
(``/room/room.3f2a9c0d1e.js``), which may be cached for a year, since a new content is a new name.
The pages name the digested files (``Assets.page`` fills in ``{{asset:room.js}}``), so a screen
loads them once and an upgrade reaches it at its next reload. Text files are sent gzip-compressed
to a browser that accepts it.

The files several pages load (``static/shared``: the typed-name folding, the message band, the
pages' helpers: words, clock times, the countdown, the reconnecting stream) are served once,
under ``/shared/``; a page names them ``{{asset:shared/band.js}}``.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import re
from pathlib import Path
from typing import NamedTuple

from aiohttp import web

STATIC = Path(__file__).parent / "static"
"""The room's files, and the icon every page names."""
YEAR = 365 * 24 * 3600
DIGEST = 10
"""Hex digits of the content's SHA-256 in a digested name."""
TEXT = ("text/", "application/javascript", "image/svg+xml", "application/json")
PLACE = re.compile(r"\{\{asset:(shared/)?([A-Za-z0-9_.-]+)\}\}")
"""Where a page names one of its files, or one of the shared files."""
SHARED = STATIC / "shared"
TYPES = {".js": "application/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


class Asset(NamedTuple):
    body: bytes
    squeezed: bytes | None
    """The body gzip-compressed, for a text file."""
    content_type: str
    etag: str


def _read(path: Path) -> Asset:
    body = path.read_bytes()
    kind = TYPES.get(path.suffix, "application/octet-stream")
    squeezed = gzip.compress(body, compresslevel=9, mtime=0) if kind.startswith(TEXT) else None
    return Asset(body, squeezed, kind, hashlib.sha256(body).hexdigest()[:DIGEST])


def digested(name: str, digest: str) -> str:
    """``room.js`` with ``digest`` → ``room.<digest>.js``."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{digest}.{suffix}" if dot else f"{name}.{digest}"


class Assets:
    """The files of ``folder`` (not its pages, ``*.html``) whose names start with ``only``,
    served under ``prefix``."""

    def __init__(self, folder: Path, prefix: str, only: str = "") -> None:
        self.prefix = prefix
        self._plain: dict[str, Asset] = {}
        self._named: dict[str, Asset] = {}
        for path in sorted(folder.iterdir()):
            if path.is_file() and path.suffix != ".html" and path.name.startswith(only):
                asset = _read(path)
                self._plain[path.name] = asset
                self._named[digested(path.name, asset.etag)] = asset

    def url(self, name: str) -> str:
        """Where ``name`` is served under its digested name."""
        return self.prefix + digested(name, self._plain[name].etag)

    def page(self, text: str) -> str:
        """``text`` with each ``{{asset:NAME}}`` replaced by its digested address."""
        return PLACE.sub(
            lambda found: (shared() if found.group(1) else self).url(found.group(2)), text
        )

    def add_routes(self, app: web.Application, name: str) -> None:
        app.router.add_get(self.prefix + "{name}", self.serve, name=name)

    async def serve(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        asset = self._named.get(name)
        cache = f"public, max-age={YEAR}, immutable"
        if asset is None:
            asset = self._plain.get(name)
            cache = "no-cache"
        if asset is None:
            raise web.HTTPNotFound()
        return answer(request, asset.body, asset.content_type, cache, asset.etag, asset.squeezed)


@functools.cache
def shared() -> Assets:
    """The files several pages load, served under ``/shared/`` (``build_app`` adds the route)."""
    return Assets(SHARED, "/shared/")


def answer(
    request: web.Request,
    body: bytes,
    content_type: str,
    cache: str,
    etag: str | None = None,
    squeezed: bytes | None = None,
) -> web.Response:
    """``body`` as ``content_type``: 304 when the browser holds ``etag``; gzip-compressed
    (``squeezed``) when the browser accepts it."""
    headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    if etag is not None:
        headers["ETag"] = f'"{etag}"'
        if etag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
    if squeezed is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
        body = squeezed
    return web.Response(body=body, content_type=content_type, headers=headers)


class Page(NamedTuple):
    """A page made at start-up (HTML), never cached, compressed when the browser accepts it."""

    body: bytes
    squeezed: bytes

    @classmethod
    def of(cls, text: str) -> Page:
        body = text.encode("utf-8")
        return cls(body, gzip.compress(body, compresslevel=9, mtime=0))

    def response(self, request: web.Request) -> web.Response:
        response = answer(request, self.body, "text/html", "no-store", squeezed=self.squeezed)
        response.charset = "utf-8"
        return response
