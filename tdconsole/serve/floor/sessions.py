"""The served floor's sessions as the event file keeps them (its ``meta``, never the log nor an
export): the secret that signs their cookies (``tokens``) and the sessions signed out, so a
phone stays signed in, or out, across a server restart."""

from __future__ import annotations

import secrets

from tdconsole.store.eventstore import EventStore


class FloorSessions:
    """The floor's sessions kept in ``store``'s file."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def secret(self) -> bytes:
        """The secret that signs the sessions' cookies (made the first time it is asked)."""
        return self.store.session_secret(secrets.token_bytes(32))

    def end(self, sid: str, until: int, now: int) -> None:
        """Record that session ``sid`` was signed out, until its cookie expires at ``until``."""
        self.store.end_session(sid, until, now)

    def ended(self, now: int) -> set[str]:
        """The sessions signed out whose cookies have not expired at ``now``."""
        return self.store.ended_sessions(now)
