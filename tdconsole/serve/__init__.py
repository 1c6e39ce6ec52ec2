"""``tdconsole serve``: the room display and the floor on a phone, in a browser.

Loaded only by ``serve``: aiohttp never slows another command.
"""

from __future__ import annotations

import io
import ipaddress
import socket

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def bare_host(host: str) -> str:
    """``host`` as typed or sent, without spaces around it nor an IPv6 address's brackets
    (``" [::1] "`` → ``::1``); its case kept."""
    return host.strip().strip("[]")


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the views on this machine."""
    name = bare_host(host).lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """The host to print in the views' URLs: for a wildcard (0.0.0.0, ::) this machine's name
    as the network knows it, else the host as given (IPv6 in brackets)."""
    name = bare_host(host)
    if name in ("0.0.0.0", "::", ""):
        name = _own_address() or socket.gethostname()
    try:
        if ipaddress.ip_address(name).version == 6:
            return f"[{name}]"
    except ValueError:
        pass
    return name


def _own_address() -> str | None:
    """An address of this machine other than loopback, from its own name (no traffic sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with half blocks, for a phone's camera to read off a
    terminal (segno, pure Python)."""
    # lazy: segno, which `serve --help` and `tdconsole --help` (they import this package) skip
    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()
