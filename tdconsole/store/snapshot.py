"""Snapshots: the folded State and History at one point of the log, a derived, disposable cache.

The log stays the truth. A snapshot lets an opening skip the replay of what came before it;
it is used only when it was written by this very version of the domain (a fingerprint of its
source) and is read with an unpickler that admits only the domain's own classes, dates and
decimals, so a file from elsewhere can never run code. Anything odd and it is ignored: the
event is folded from the start, as without a snapshot.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import Any

from tdconsole.domain.events import SCHEMA_VERSION
from tdconsole.domain.fold import History
from tdconsole.domain.state import State

PROTOCOL = 5
SNAPSHOT_EVERY = 500
"""Events folded past the last snapshot before another is written."""

_ALLOWED = {
    ("datetime", "datetime"),
    ("datetime", "date"),
    ("datetime", "timedelta"),
    ("datetime", "timezone"),
    ("decimal", "Decimal"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
}


class SnapshotError(Exception):
    """A snapshot that cannot be used (the caller folds the log instead)."""


@cache
def fingerprint() -> str:
    """Changes whenever the domain's code (and so the shape of State) may have changed."""
    import tdconsole.domain as domain

    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}|{PROTOCOL}|{SCHEMA_VERSION}".encode())
    folder = Path(domain.__file__).parent
    for source in sorted(folder.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:32]


class _DomainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if module.startswith("tdconsole.domain.") and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise SnapshotError(f"a snapshot may not contain {module}.{name}")


def encode(state: State, history: History) -> bytes:
    return pickle.dumps((state, history), protocol=PROTOCOL)


def decode(blob: bytes) -> tuple[State, History]:
    try:
        loaded = _DomainUnpickler(io.BytesIO(blob)).load()
    except SnapshotError:
        raise
    except Exception as exc:  # any damage: the snapshot is just not used
        raise SnapshotError(f"unreadable snapshot ({exc})") from None
    if (
        not isinstance(loaded, tuple)
        or len(loaded) != 2
        or not isinstance(loaded[0], State)
        or not isinstance(loaded[1], History)
    ):
        raise SnapshotError("a snapshot holds something other than a State")
    return loaded[0], loaded[1]
