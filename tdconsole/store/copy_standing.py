"""Where the event's copy on a second device stands (``tdconsole follow``), as the event file's
``meta`` keeps it: written by the served feed (``tdconsole.serve.copy_feed``) each time the copy
is heard, read by the command line, the console, the phones and every write
(``tdconsole.service.copy_wait``). Light: read at every write, it imports no event type, and
its values are named tuples (a dataclass's methods are compiled at import).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, NamedTuple

from tdconsole.i18n import Msg, _, ngettext
from tdconsole.store.eventstore import EventStore

COPY = "copy"
"""The ``meta`` key of where the copy stands (on the event followed)."""
ATTACHED_SECONDS = 5.0
"""A copy heard within this is attached: writes wait for it."""


def lost_since(device: str, heard: float) -> Msg:
    since = datetime.fromtimestamp(heard).astimezone().strftime("%H:%M:%S")
    return _("copy on {device}: lost since {since}").format(device=device, since=since)


def detached(store: EventStore) -> None:
    """No copy follows the event any more (``follow`` stopped): nothing waits nor warns."""
    store.set_meta(COPY, "")


class Standing(NamedTuple):
    """Where the copy stands, as the event file last recorded it."""

    device: str
    confirmed: int
    """The last entry the copy said it holds, written."""
    heard: float
    """When it was last heard (seconds since the epoch)."""

    def attached(self, now: float) -> bool:
        return now - self.heard <= ATTACHED_SECONDS

    def lost(self) -> Msg:
        """The copy said lost, since it was last heard."""
        return lost_since(self.device, self.heard)

    def to_meta(self) -> str:
        return json.dumps(
            {
                "device": self.device,
                "confirmed": self.confirmed,
                "heard": self.heard,
            },
            ensure_ascii=False,
        )


def meta_object(raw: str | None) -> dict[str, Any] | None:
    """The JSON object a ``meta`` value holds, or None (none, or not one of ours)."""
    try:
        data = json.loads(raw) if raw is not None else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def standing(store: EventStore) -> Standing | None:
    """Where the copy stands, if a copy ever followed this event (a value that is not one
    of ours, as a hostile file may hold, is none)."""
    data = meta_object(store.meta(COPY))
    if data is None:
        return None
    device, confirmed, heard = data.get("device"), data.get("confirmed"), data.get("heard")
    if not (
        isinstance(device, str) and isinstance(confirmed, int) and isinstance(heard, (int, float))
    ):
        return None
    try:  # (NaN, infinity, a time past any year: not a time the feed wrote)
        datetime.fromtimestamp(heard)
    except (OverflowError, OSError, ValueError):
        return None
    return Standing(device[:100], confirmed, float(heard))


class CopyView(NamedTuple):
    """The copy as the faces show it (the command line's ``state``, the console, the phones)."""

    device: str
    attached: bool
    behind: int
    """Entries the event holds that the copy has not confirmed."""
    seconds_behind: float
    """Since the oldest entry the copy has not confirmed was written (0: none)."""
    heard: float
    """When the copy was last heard (seconds since the epoch)."""

    @property
    def key(self) -> tuple[str, bool, int]:
        """What a screen shows of it, but the seconds: a change of it is shown at once."""
        return self.device, self.attached, self.behind

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "attached": self.attached,
            "behind": self.behind,
            "seconds_behind": round(self.seconds_behind, 1),
            "heard": self.heard,
        }

    def said(self) -> Msg:
        """The one line that says it."""
        if not self.attached:
            return lost_since(self.device, self.heard)
        if self.behind == 0:
            return _("copy on {device}: up to date").format(device=self.device)
        return ngettext(
            "copy on {device}: {n} entry behind ({seconds} s)",
            "copy on {device}: {n} entries behind ({seconds} s)",
            self.behind,
        ).format(device=self.device, seconds=round(self.seconds_behind))


def copy_view(
    found: Standing, last_seq: int, oldest_unconfirmed: float | None, now: float
) -> CopyView:
    """``found`` as the faces show it at ``now``: ``last_seq`` the event's last entry,
    ``oldest_unconfirmed`` when the first entry the copy has not confirmed was written."""
    behind = max(0, last_seq - found.confirmed)
    seconds = 0.0 if behind == 0 or oldest_unconfirmed is None else now - oldest_unconfirmed
    return CopyView(found.device, found.attached(now), behind, max(0.0, seconds), found.heard)
