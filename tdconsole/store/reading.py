"""Reading a file the Director names (an export, a settings file, a regulation): only a regular
file, only up to a size no such file reaches, and only data nested as deep as ours ever is.

``/dev/zero`` once grew memory without bound, a FIFO waited forever for a writer, and a document
nested a hundred thousand deep ended in ``RecursionError``: each is now a one-line refusal.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _
from tdconsole.store.system import NotRegular, open_regular

MIB = 1024 * 1024
MAX_DEPTH = 32
"""Deeper than any document the console writes (an export is about 8 levels deep)."""


class InputRefused(RuleError):
    """A file that is not read: not a regular file, too large, or nested too deep."""


def _shown(path: Path) -> str:
    text = str(path)
    return text if text.isprintable() else repr(text)[1:-1]


def read_input(path: Path, limit: int, what: Msg) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    ``what``: what the file should be (``_("an export")``), for the refusals. A FIFO, a device
    or a folder is refused before anything is read (never waited on); a larger file is refused
    after reading ``limit + 1`` bytes. Other failures raise ``OSError`` (``FileNotFoundError``
    included) for the caller to word.
    """
    try:
        fd = open_regular(path, follow=True)
    except NotRegular:
        raise InputRefused(
            _("{path} is not a regular file (a folder, a FIFO or a device): give {what}").format(
                path=_shown(path), what=what
            )
        ) from None
    try:
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        size = f"{limit // MIB} MiB" if limit >= MIB else f"{limit // 1024} KiB"
        raise InputRefused(
            _("{path} is larger than {size}, more than {what} ever is: check the file").format(
                path=_shown(path), size=size, what=what
            )
        )
    return b"".join(chunks)


def check_depth(data: Any, source: str, limit: int = MAX_DEPTH) -> None:
    """Refuse data (parsed JSON or TOML) nested deeper than ``limit``, without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise too_deep(source, limit)
        stack.extend((child, depth + 1) for child in children)


def too_deep(source: str, limit: int = MAX_DEPTH) -> InputRefused:
    return InputRefused(
        _(
            "{source} is nested more than {limit} levels deep: it was "
            "not written by tdconsole; check the file"
        ).format(source=source, limit=limit),
    )
