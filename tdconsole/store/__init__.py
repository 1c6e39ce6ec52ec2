"""Persistence: the SQLite event log of one event, and where events live on disk.

``EventStore`` and ``StoreError`` are loaded when first asked for: importing ``store.paths``
(where events live) must not load the domain's every event type behind the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdconsole.store.eventstore import EventStore, StoreError

__all__ = ["EventStore", "StoreError"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from tdconsole.store import eventstore

        return getattr(eventstore, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
