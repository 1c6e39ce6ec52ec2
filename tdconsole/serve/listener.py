"""The port ``serve`` listens on, opened again if the event loop closed it.

Windows' default event loop (Proactor) closes a listening socket whenever an ``accept()``
fails — a phone dropping off the Wi-Fi in the middle of connecting is enough (CPython
gh-93821) — where the selector loops of Linux and macOS retry: the TV and the phones could no
longer connect while ``serve`` looks alive. After every failed accept
(``Refusals.loop_errors`` calls ``failed_accept``), a listening socket found closed opens the
server again on the same address and port, and the terminal is told in one line.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Awaitable, Callable

from tdconsole.i18n import _
from tdconsole.store.faults import own_words

log = logging.getLogger("tdconsole.serve")

Opener = Callable[[int], Awaitable[asyncio.Server]]
"""Opens the server on a port (0: one the system chooses)."""


class Listener:
    """The server's listening sockets (``sockets``, ``close``: as ``asyncio.Server``'s), kept
    open: ``start`` opens them; after a failed accept, ``failed_accept`` opens them again on
    the same port if the loop closed them."""

    def __init__(self, open_server: Opener, lang: str) -> None:
        self._open = open_server
        self._lang = lang
        self._server: asyncio.Server | None = None
        self._reopening: asyncio.Task[None] | None = None
        self._closed = False
        self.port = 0
        """The port listened on (the one the system chose when asked for 0)."""

    async def start(self, port: int) -> None:
        self._server = await self._open(port)
        self.port = port or int(self._server.sockets[0].getsockname()[1])

    @property
    def sockets(self) -> tuple[socket.socket, ...]:
        return () if self._server is None else tuple(self._server.sockets)

    def close(self) -> None:
        self._closed = True
        if self._reopening is not None:
            self._reopening.cancel()
        if self._server is not None:
            self._server.close()

    def failed_accept(self) -> None:
        """An ``accept()`` failed: once the loop is done with it, open the server again if it
        closed a listening socket (one reopening at a time, however many failures)."""
        if self._closed or self._reopening is not None:
            return
        self._reopening = asyncio.get_running_loop().create_task(self._reopen_if_closed())

    async def wait_open(self) -> None:
        """Until a reopening under way is done."""
        if self._reopening is not None:
            await asyncio.shield(self._reopening)

    async def _reopen_if_closed(self) -> None:
        try:
            await asyncio.sleep(0)  # (the loop closes the socket after telling of the failure)
            server = self._server
            if server is None or all(sock.fileno() != -1 for sock in server.sockets):
                return
            server.close()
            try:
                self._server = await self._open(self.port)
            except OSError as exc:
                said = _(
                    "port {port} closed by the system and cannot be opened again ({why}): "
                    "restart serve"
                )
                why = own_words(exc)
                log.error("%s", said.format(port=self.port, why=why).text(self._lang))
                return
            said = _("port {port} closed by the system after a failed connection: opened again")
            log.warning("%s", said.format(port=self.port).text(self._lang))
        finally:
            self._reopening = None
