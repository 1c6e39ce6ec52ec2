"""What keeps one browser (or one attacker) from taking the server from the others.

- ``host_check``: a request whose Host header names a site other than this server is refused
  (DNS rebinding: a web page elsewhere cannot make a browser in the room talk to us under its
  own name). Accepted: an address written as digits, this machine's names, ``localhost``, and
  the host of ``--public-url``.
- ``PerAddress``: at most ``limit`` connections open at once from one client address; the
  next from that address is closed at once. Other addresses are never affected: there is no
  cap on the whole.
- ``IDLE_SECONDS`` (aiohttp's keep-alive timeout, which also runs from the connection's first
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

from tdconsole.serve import LOOPBACK_NAMES, bare_host

PER_ADDRESS = 32
"""Connections at once from one address: a browser keeps about six, plus one stream a tab."""
IDLE_SECONDS = 15.0
"""A connection with no request under way is closed after this."""
SEND_SECONDS = 20.0
"""A stream whose client has not taken what was sent within this is ended."""


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
        raise web.HTTPMisdirectedRequest(text="this server does not answer for that host name\n")

    return check


# -- connections per address --------------------------------------------------------------
class PerAddress:
    """Counts open connections by client address; ``wrap`` the server's protocol factory."""

    def __init__(self, limit: int = PER_ADDRESS) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}
        self.refused = 0
        """Connections closed at once because their address had ``limit`` open."""

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        def make() -> asyncio.Protocol:
            return _Counted(factory(), self)

        return make

    def _enter(self, address: str) -> bool:
        count = self.open.get(address, 0)
        if count >= self.limit:
            self.refused += 1
            return False
        self.open[address] = count + 1
        return True

    def _leave(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted against its address."""

    def __init__(self, inner: asyncio.Protocol, limits: PerAddress) -> None:
        self.inner = inner
        self.limits = limits
        self.address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.limits._enter(address):
            assert isinstance(transport, asyncio.Transport)
            transport.abort()
            return
        self.address = address
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
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
            return None
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        if self.address is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.address is not None:
            self.inner.resume_writing()
