"""The event's copy on a second device (``tdconsole follow``), as the event file knows it.

The served feed (``tdconsole.serve.copy``) hands the copy the log's entries as an export holds
them (``transfer.exported``, with the PINs' hashes: the copy is the Director's); each entry has a
hash (``entry_hash``) and the event its identity (the hash of its first command), so that a copy
resuming says what it holds and one that differs is refused. Where the copy stands (its device,
the last entry it confirmed as written, when it was last heard) is kept in the event file's
``meta`` (never in the log nor an export): the command line, the console and the phones read it
(``standing``), and every write waits for the copy while one is attached
(``tdconsole.service.copy_wait``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from tdconsole.i18n import Msg, _, ngettext
from tdconsole.store.eventstore import EventStore, Row
from tdconsole.store.transfer import exported

COPY = "copy"
"""The ``meta`` key of where the copy stands (on the event followed)."""
ATTACHED_SECONDS = 5.0
"""A copy heard within this is attached: writes wait for it."""
FEED_MOST = 2000
"""The most entries one answer of the feed carries (whole commands: a command's more)."""


def entry_hash(item: dict[str, Any]) -> str:
    """The hash of one exported entry (``transfer.exported``): the same on both devices."""
    text = json.dumps(item, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def feed_item(row: Row, where: object) -> dict[str, Any]:
    """One stored entry as the feed sends it."""
    return exported(row, where, with_pins=True)


def identity(store: EventStore) -> str:
    """The event's identity: the hash of its first command's entries (its creation, with its
    name, settings and time): two events never share it."""
    rows = [row for row in store.rows(0, FEED_MOST) if row[1] == 1]
    return hashlib.sha256(
        "".join(entry_hash(feed_item(row, store.path)) for row in rows).encode()
    ).hexdigest()


def held_hash(store: EventStore, seq: int) -> str | None:
    """The hash of the entry ``seq`` of ``store``, if it holds one."""
    row = store.row(seq)
    return None if row is None else entry_hash(feed_item(row, store.path))


def feed(store: EventStore, after: int, most: int = FEED_MOST) -> list[dict[str, Any]]:
    """The entries after ``after``, whole commands, about ``most`` at most."""
    rows = store.rows(after, after + most + 1)
    if len(rows) > most:
        last = rows[-1][1]  # (the command of the entry past ``most``: not sent whole)
        kept = [row for row in rows if row[1] != last]
        rows = kept or store.rows(after, _end_of_command(store, last, after + most))
    return [feed_item(row, store.path) for row in rows]


def _end_of_command(store: EventStore, command: int, start: int) -> int:
    """The last entry of ``command`` (one longer than ``FEED_MOST``: a large draw)."""
    seq = start
    while (row := store.row(seq + 1)) is not None and row[1] == command:
        seq += 1
    return seq


@dataclass(frozen=True)
class Standing:
    """Where the copy stands, as the event file last recorded it."""

    device: str
    confirmed: int
    """The last entry the copy said it holds, written."""
    heard: float
    """When it was last heard (seconds since the epoch)."""
    address: str = ""
    """Where it is reached (its address, and its port when it serves)."""

    def attached(self, now: float) -> bool:
        return now - self.heard <= ATTACHED_SECONDS

    def to_meta(self) -> str:
        return json.dumps(
            {
                "device": self.device,
                "confirmed": self.confirmed,
                "heard": self.heard,
                "address": self.address,
            },
            ensure_ascii=False,
        )


def standing(store: EventStore) -> Standing | None:
    """Where the copy stands, if a copy ever followed this event (a value that is not one
    of ours, as a hostile file may hold, is none)."""
    raw = store.meta(COPY)
    try:
        data = json.loads(raw) if raw is not None else None
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    device, confirmed, heard = data.get("device"), data.get("confirmed"), data.get("heard")
    address = data.get("address", "")
    if not (
        isinstance(device, str)
        and isinstance(confirmed, int)
        and isinstance(heard, (int, float))
        and isinstance(address, str)
    ):
        return None
    return Standing(device[:100], confirmed, float(heard), address[:100])


@dataclass(frozen=True)
class CopyView:
    """The copy as the faces show it (the command line's ``state``, the console, the phones)."""

    device: str
    attached: bool
    behind: int
    """Entries the event holds that the copy has not confirmed."""
    seconds_behind: float
    """Since the oldest entry the copy has not confirmed was written (0: none)."""
    heard: float
    """When the copy was last heard (seconds since the epoch)."""
    ago: int
    """Seconds since it was last heard."""

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
            return _("copy on {device}: lost, last heard {ago} s ago").format(
                device=self.device, ago=self.ago
            )
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
    ago = max(0, round(now - found.heard))
    return CopyView(found.device, found.attached(now), behind, max(0.0, seconds), found.heard, ago)
