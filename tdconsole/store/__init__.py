"""Persistence: the SQLite event log of one event, and where events live on disk."""

from tdconsole.store.eventstore import EventStore, StoreError

__all__ = ["EventStore", "StoreError"]
