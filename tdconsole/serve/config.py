"""What ``tdconsole serve`` was asked for: the one setting every part of the server reads
(the application, the room's page, the floor's page), in a module of its own so that those parts
import it without importing each other. It imports no part of the server: the command line
builds it without loading aiohttp."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PER_ADDRESS = 32
"""Connections at once from one address: a browser keeps about six, plus one stream a tab."""
IDLE_SECONDS = 15.0
"""A connection with no request under way is closed after this."""
BODY_SECONDS = 12.0
"""A request's body must have arrived whole within this of its head."""
POLL_SECONDS = 0.05
"""How often the file is checked: a bust reaches the screens within about this."""


@dataclass(frozen=True)
class ServeConfig:
    """What ``tdconsole serve`` was asked for."""

    event: Path
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str = ""
    """The base address browsers use (no trailing slash), e.g. ``http://192.168.1.5:8000``."""
    lang: str = "it"
    """The language of the pages (the event's, or ``--lang``)."""
    session_lang: str | None = None
    """``--lang`` as given (None: each session takes the event's own)."""
    public: bool = False
    """Listening beyond this machine (the floor then asks its PIN)."""
    per_address: int = PER_ADDRESS
    ceiling: int | None = None
    """Connections at once from all addresses (None: ``limits.connection_ceiling()``)."""
    idle_seconds: float = IDLE_SECONDS
    body_seconds: float = BODY_SECONDS
    poll_seconds: float = POLL_SECONDS
    cert: Path | None = None
    """HTTPS: the certificate (PEM) and its key (``serve --cert/--key``, docs/floor.md)."""
    key: Path | None = None
    wall: Callable[[], float] = time.time
    """The floor's clock, in seconds since the epoch: its sessions' age and the waits after
    wrong PINs (tests drive their own)."""
