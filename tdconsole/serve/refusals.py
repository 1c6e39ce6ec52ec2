"""What the server says when it turns a connection away: a ``503`` line to the client, and
one line to the Director's terminal a minute at most.

A flood of connections must not become a flood of output: each refusal is counted by its
reason, and ``Refusals`` writes the counts since its last line at most once every
``REPORT_SECONDS``, each line ``GATHER_SECONDS`` after the first refusal it counts (a burst is
counted whole, not as its first connection). Connections the system itself could not accept (the
process out of file descriptors: ``accept()`` failing with EMFILE…) are counted the same way
by ``Refusals.loop_errors``, asyncio's loop exception handler, instead of a traceback each.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

from tdconsole.i18n import Msg, _, ngettext

log = logging.getLogger("tdconsole.serve")

REPORT_SECONDS = 60.0
"""The terminal hears of refused connections at most this often."""
GATHER_SECONDS = 1.0
"""A line is written this long after the first refusal it counts, so that it counts a burst."""
ANSWER_SECONDS = 2.0
"""A refused client has this long to read its 503 and close before it is cut."""
OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})

CLOSED_ON_FAILURE = "Accept failed on a socket"
"""What Windows' loop says of a failed ``accept()`` before it closes the listening socket."""

FULL = "full"
ADDRESS = "address"
ACCEPT = "accept"


class Refusals:
    """Counts refused connections by reason and reports them, a line a minute at most."""

    def __init__(self, lang: str, ceiling: int, per_address: int) -> None:
        self.lang = lang
        self.ceiling = ceiling
        self.per_address = per_address
        self.pending: Counter[str] = Counter()
        """Refused since the last line, by reason."""
        self.total: Counter[str] = Counter()
        self.last_line: float | None = None
        """When the last line was written (the loop's clock)."""
        self.due: asyncio.TimerHandle | None = None
        """The next line's moment, while refusals wait for it."""
        self.failed_accept: Callable[[], None] = lambda: None
        """Told of every failed ``accept()`` (``Listener.failed_accept``)."""

    def note(self, reason: str) -> None:
        """One connection refused for ``reason``; the line in ``GATHER_SECONDS``, or once a
        minute has passed since the last."""
        self.pending[reason] += 1
        self.total[reason] += 1
        if self.due is not None:
            return
        loop = asyncio.get_running_loop()
        at = loop.time() + GATHER_SECONDS
        if self.last_line is not None:
            at = max(at, self.last_line + REPORT_SECONDS)
        self.due = loop.call_at(at, self.report)

    def report(self) -> None:
        """The line of the refusals counted since the last one (none: nothing written)."""
        self.due = None
        if not self.pending:
            return
        self.last_line = asyncio.get_running_loop().time()
        parts = [self._part(reason, count) for reason, count in sorted(self.pending.items())]
        self.pending.clear()
        log.warning("%s", "; ".join(part.text(self.lang) for part in parts))

    def close(self) -> None:
        """The server stops: what is still pending is said now."""
        if self.due is not None:
            self.due.cancel()
            self.report()

    def _part(self, reason: str, count: int) -> Msg:
        if reason == FULL:
            return ngettext(
                "{n} connection refused: {limit} were open, the server's ceiling",
                "{n} connections refused: {limit} were open, the server's ceiling",
                count,
            ).format(limit=self.ceiling)
        if reason == ADDRESS:
            return ngettext(
                "{n} connection refused: its address had {limit} open (serve --per-address)",
                "{n} connections refused: their address had {limit} open (serve --per-address)",
                count,
            ).format(limit=self.per_address)
        return ngettext(
            "{n} connection not accepted: the system's limit of open files was reached",
            "{n} connections not accepted: the system's limit of open files was reached",
            count,
        )

    def why(self, reason: str) -> str:
        """The one line a refused client reads."""
        if reason == FULL:
            said = _("the server has {limit} connections open, its most: try again in a moment")
            return said.format(limit=self.ceiling).text(self.lang)
        said = _(
            "{limit} connections are open from your address, its most: close other pages, "
            "or ask the Director to raise serve --per-address"
        )
        return said.format(limit=self.per_address).text(self.lang)

    def loop_errors(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's exception handler: a failed ``accept()`` is told to ``failed_accept``
        (Windows' loop closes its socket, and says nothing more here); one for want of
        descriptors is counted (the loop retries by itself); anything else goes to asyncio's
        own."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and "socket" in context:
            self.failed_accept()
            if context.get("message") == CLOSED_ON_FAILURE:
                return  # (the port is opened again, and that is said in one line)
        if isinstance(exc, OSError) and exc.errno in OUT_OF_RESOURCES and "socket" in context:
            self.note(ACCEPT)
            return
        loop.default_exception_handler(context)


def answer_503(transport: asyncio.Transport, line: str) -> None:
    """Write a whole ``503`` with ``line`` on ``transport``, then close it (the client's
    request is not read: it is answered before it is looked at)."""
    body = (line + "\n").encode("utf-8")
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Retry-After: 5\r\n"
        "Connection: close\r\n\r\n"
    )
    transport.write(head.encode("ascii") + body)
    if transport.can_write_eof():
        # Half-closed: the client reads the answer and closes; closing at once with its
        # request unread would reset the connection and lose the answer.
        transport.write_eof()
        loop = asyncio.get_running_loop()
        loop.call_later(ANSWER_SECONDS, transport.abort)
    else:
        transport.close()
