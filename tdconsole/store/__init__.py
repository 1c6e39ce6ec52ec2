"""Persistence: the SQLite event log of one event, and where events live on disk.

The log is ``store.eventstore`` (``EventStore``, ``StoreError``), or ``store.memory``'s in
memory, both what ``store.log.EventLog`` asks (their rows: ``store.rows``). The package itself
imports nothing: importing ``store.paths`` (where events live) does not load the log, nor
behind it the domain's every event type.
"""
