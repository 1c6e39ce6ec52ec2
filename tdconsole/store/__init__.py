"""Persistence: the SQLite event log of one event, and where events live on disk.

The log is ``store.eventstore`` (``EventStore``, ``StoreError``). The package itself imports
nothing: importing ``store.paths`` (where events live) does not load the log, nor behind it the
domain's every event type.
"""
