"""What keeps one browser (or one attacker) from taking the server from the others.

- ``host_check``: a request whose Host header names a site other than this server is refused
  (DNS rebinding: a web page elsewhere cannot make a browser in the room talk to us under its
  own name). Accepted: an address written as digits, this machine's names, ``localhost``, and
  the host of ``--public-url``.
- ``whole_body``: a request's body arrives whole within ``config.BODY_SECONDS`` of its head (else
  408), and no larger than ``BODY_MOST`` (else 413 the moment it passes it, chunked or not),
  before any handler runs; either refusal closes the connection.
- ``Connections``: at most ``limit`` connections open at once from one client address, and
  ``connection_ceiling()`` from all (sized from the file-descriptor limit, so that a flood
  from many addresses cannot leave the server without descriptors); the next is answered
  ``503`` with the reason and closed (``tdconsole.serve.refusals``).
- ``config.IDLE_SECONDS`` (aiohttp's keep-alive timeout, which also runs from the connection's first
  byte): a connection that sends no complete request within it is closed, so half-sent
  requests cannot pile up. A stream whose browser stops reading is ended after
  ``SEND_SECONDS`` (see ``streams``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.http import HttpProcessingError

from tdconsole.i18n import Msg, _
from tdconsole.serve import LOOPBACK_NAMES, bare_host
from tdconsole.serve.refusals import ADDRESS, FULL, Refusals, answer_503
from tdconsole.store.system import open_files_limit

SEND_SECONDS = 20.0
"""A stream whose client has not taken what was sent within this is ended."""
BODY_MOST = 64 * 1024
"""The largest body taken, on every route (the application's ``client_max_size``): the
floor's are JSON of a few hundred bytes."""
RESERVE = 80
"""File descriptors kept from the connections: the event file, its watcher, logs, the
listening sockets, and up to ``ANSWERING_MOST`` refused clients reading their 503."""
ANSWERING_MOST = 16
"""Refused clients answered at once; beyond them a refused connection is cut unanswered."""
MOST_CONNECTIONS = 4096
"""The ceiling however high the descriptor limit."""
WINDOWS_CEILING = 1000
"""The ceiling on Windows, where sockets are not counted against a descriptor limit."""


# -- the Host header ----------------------------------------------------------------------
def allowed_hosts(listen_host: str, public_url: str) -> frozenset[str]:
    """The names a request's Host may give (addresses in digits are always accepted)."""

    names = set(LOOPBACK_NAMES)
    own = socket.gethostname().lower()
    names |= {own, own.split(".")[0], own.split(".")[0] + ".local"}
    with_fqdn = socket.getfqdn().lower()
    if with_fqdn:
        names.add(with_fqdn)
    listen = bare_host(listen_host).lower()
    if listen:
        names.add(listen)
    public = urlsplit(public_url).hostname if public_url else None
    if public:
        names.add(public.lower())
    return frozenset(names)


def host_name(header: str) -> str:
    """The name in a Host header, without its port (IPv6 in brackets kept whole)."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def host_check(names: Iterable[str]) -> Any:
    """A middleware refusing a request whose Host is not one of ``names`` or an address."""
    accepted = frozenset(names)

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        name = host_name(request.headers.get("Host", ""))
        if name and (name in accepted or is_address(name)):
            return await handler(request)
        # Closed once answered: its body is never waited for, nor the connection kept.
        return await _closing(request, 421, "this server does not answer for that host name\n")

    return check


# -- the request's body -------------------------------------------------------------------
def whole_body(seconds: float, lang: str) -> Any:
    """A middleware that has every request's body whole, within ``seconds`` of its head,
    before any handler runs (handlers then take it at once with ``await request.read()``):
    a body that does not come closes the connection, one larger than the application's
    ``client_max_size`` is refused as soon as it passes it, a client gone halfway is no
    error of ours."""

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.body_exists:  # whole or not yet: read here, so refused here
            most = request.client_max_size
            if request.content_length is not None and request.content_length > most:
                return await _refused(request, 413, _too_large(most), lang)
            try:
                async with asyncio.timeout(seconds):
                    # Taken as it comes and kept for the handler: a chunked body has no
                    # length to refuse it by, and waiting for its end would stall once
                    # aiohttp's buffer is full (it stops reading), ending in a 408.
                    await request.read()
            except web.HTTPRequestEntityTooLarge:
                return await _refused(request, 413, _too_large(most), lang)
            except TimeoutError:
                line = _("the request's body did not arrive within {seconds:g} s: send it again")
                return await _refused(request, 408, line.format(seconds=seconds), lang)
            except ConnectionError:
                return web.Response(status=400)  # nobody is there to read it
            except web.RequestPayloadError:  # (a compressed body that does not decompress)
                return await _refused(request, 400, _("the request's body is malformed"), lang)
            except HttpProcessingError:
                raise web.HTTPBadRequest(
                    text=_("the request's body is malformed").text(lang) + "\n"
                ) from None
        return await handler(request)

    return check


def _too_large(most: int) -> Msg:
    return _("the request's body is larger than {kib:g} KiB: it is not read").format(
        kib=most / 1024
    )


async def _refused(request: web.Request, status: int, line: Msg, lang: str) -> web.StreamResponse:
    """``line`` answered with ``status``, and the connection closed: the rest of the body is
    never read."""
    return await _closing(request, status, line.text(lang) + "\n")


async def _closing(request: web.Request, status: int, text: str) -> web.StreamResponse:
    """``text`` answered with ``status``, and the connection closed at once."""
    answer = web.Response(status=status, text=text)
    answer.force_close()
    await answer.prepare(request)
    await answer.write_eof()
    # At once: aiohttp would otherwise wait for the rest of the body ("lingering").
    request.protocol.force_close()
    return answer


# -- connections --------------------------------------------------------------------------
def connection_ceiling() -> int:
    """Connections served at once from all addresses: the process's descriptor limit less
    ``RESERVE`` (the event file, the watcher, logs, refused clients reading their answer);
    ``WINDOWS_CEILING`` where there is no such limit to read."""
    soft = open_files_limit()
    if soft is None:
        return WINDOWS_CEILING
    if soft >= MOST_CONNECTIONS + RESERVE:
        return MOST_CONNECTIONS
    return max(soft // 2, soft - RESERVE)


class Connections:
    """Counts open connections, in all and by client address; ``wrap`` the server's
    protocol factory. Over either limit a connection is answered ``503`` with the reason and
    closed (the terminal hears of it through ``refusals``)."""

    def __init__(self, limit: int, ceiling: int, lang: str) -> None:
        self.limit = limit
        self.ceiling = ceiling
        self.open: dict[str, int] = {}
        self.total = 0
        self.answering = 0
        """Refused connections still reading their answer."""
        self.refusals = Refusals(lang, ceiling, limit)

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        def make() -> asyncio.Protocol:
            return _Counted(factory(), self)

        return make

    def _enter(self, address: str) -> str | None:
        """None (and counted) if ``address`` may open one more; else why not."""
        if self.total >= self.ceiling:
            return FULL
        count = self.open.get(address, 0)
        if count >= self.limit:
            return ADDRESS
        self.open[address] = count + 1
        self.total += 1
        return None

    def _leave(self, address: str) -> None:
        self.total -= 1
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)

    def _refuse(self, transport: asyncio.Transport, reason: str) -> bool:
        """Answer ``transport`` why it is refused; False if it was cut without an answer
        (too many refused clients are already reading theirs)."""
        self.refusals.note(reason)
        if self.answering >= ANSWERING_MOST:
            transport.abort()
            return False
        self.answering += 1
        answer_503(transport, self.refusals.why(reason))
        return True


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted; or the answer of a refused one."""

    def __init__(self, inner: asyncio.Protocol, limits: Connections) -> None:
        self.inner = inner
        self.limits = limits
        self.address: str | None = None
        self.answering = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        refused = self.limits._enter(address)
        if refused is not None:
            self.answering = self.limits._refuse(transport, refused)
            return
        self.address = address
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.answering:
            self.answering = False
            self.limits.answering -= 1
        if self.address is None:
            return
        self.limits._leave(self.address)
        self.address = None
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.address is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self.address is None:
            return None  # a refused client done reading: closed
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        if self.address is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.address is not None:
            self.inner.resume_writing()
