"""What an event file knows of its copy on a second device and of the event's move there,
kept in its ``meta`` (never in the log nor an export), durable like the floor's session secret:

- on the copy's file, ``following``: the address of the server it copies (set by ``tdconsole
  follow``, cleared by ``take-over``); while it is set the file is read-only;
- on the Director's file, ``copy_address``: where the copy serves its pages
  (``http://HOST:PORT``: ``follow --port`` says its port at attach, the feed records the
  address it came from): the served pages go on from there when this laptop is gone;
- on the Director's file, ``moved``: where the event went and when, once this laptop learned
  it (``tdconsole serve`` asks the copy): nothing more is recorded here.

A log kept in memory knows none of them. ``check_writable`` is what every write asks first.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import NamedTuple

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.store.copy_standing import meta_object
from tdconsole.store.eventstore import EventStore
from tdconsole.store.log import EventLog
from tdconsole.store.opening import shown

FOLLOWING = "following"
COPY_ADDRESS = "copy_address"
MOVED = "moved"
_LONGEST = 300
"""The longest address or device name kept (a hostile file's longer text is none)."""
_ORIGIN = r"(?:https?://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s/?#@\\:\[\]]+)(?::[0-9]{1,5})?"
"""What an address the copy serves at is (``http://HOST:PORT``): a file's other text is none.
(Compiled at its first use, by ``re``'s cache: every write imports this module.)"""


class Moved(NamedTuple):
    """Where the event went: the device that took it over, its address, and when. (A named
    tuple: a dataclass's methods are compiled at import.)"""

    device: str
    address: str
    at: datetime

    def to_json(self) -> dict[str, str]:
        return {"device": self.device, "address": self.address, "at": self.at.isoformat()}


def _text(store: EventLog, key: str) -> str | None:
    if not isinstance(store, EventStore):
        return None
    value = store.meta(key)
    return value if value and len(value) <= _LONGEST else None


def following(store: EventLog) -> str | None:
    """The address of the server this file copies, while it is a copy being followed."""
    return _text(store, FOLLOWING)


def mark_following(store: EventStore, address: str) -> None:
    """Mark ``store``'s file as the copy of the event served at ``address`` (``follow``)."""
    store.set_meta(FOLLOWING, address)


def clear_following(store: EventStore) -> None:
    """This file is the event's own from now on (``take-over``; inside its transaction)."""
    store.keep_meta(FOLLOWING, "")


def copy_address(store: EventLog) -> str | None:
    """Where the event's copy serves its pages (``http://HOST:PORT``), when the copy said so
    (a value that is not an address of that form, as a hostile file may hold, is none)."""
    address = _text(store, COPY_ADDRESS)
    return address if address is not None and re.fullmatch(_ORIGIN, address) else None


def record_copy_address(store: EventStore, address: str) -> None:
    """Record where the event's copy serves its pages (``http://HOST:PORT``: ``follow --port``)."""
    store.set_meta(COPY_ADDRESS, address)


def moved(store: EventLog) -> Moved | None:
    """Where the event went and when, once this file learned it (None: it did not move)."""
    data = meta_object(_text(store, MOVED)) or {}
    device, address, at = data.get("device"), data.get("address"), moved_at(data.get("at"))
    if isinstance(device, str) and isinstance(address, str) and at is not None:
        return Moved(device, address, at)
    return None  # (none, or not one of ours: a hostile file)


def moved_at(text: object) -> datetime | None:
    """``text`` as the time the event moved (ISO 8601, one this computer can show), or None
    (not a time, or one past the calendar's ends in this computer's zone)."""
    if not isinstance(text, str):
        return None
    try:
        at = datetime.fromisoformat(text)
        at.astimezone()  # (as ``moved_line`` shows it)
    except (OverflowError, ValueError):
        return None
    return at


def record_moved(store: EventStore, where: Moved) -> None:
    """Record that the event moved to ``where``: nothing more is recorded in this file."""
    store.set_meta(MOVED, json.dumps(where.to_json(), ensure_ascii=False))


def moved_line(where: Moved) -> RuleError:
    """The refusal of every command on a file whose event moved."""
    return RuleError(
        _("this event moved to {device} at {address} at {time}: act there").format(
            device=shown(where.device),
            address=shown(where.address),
            time=where.at.astimezone().strftime("%H:%M"),
        ),
        "VII.1",
    )


def check_writable(store: EventLog, *, taking_over: bool = False) -> None:
    """Refuse (``RuleError``) to record anything in a file whose event moved, or in a copy
    being followed but its ``take-over``; refuse that on a file that is not a copy."""
    where = moved(store)
    if where is not None:
        raise moved_line(where)
    address = following(store)
    if address is not None and not taking_over:
        raise RuleError(
            _(
                "this is the copy of the event served at {address}: act on the Director's "
                "laptop, or `tdconsole take-over` if it is gone"
            ).format(address=shown(address)),
            "VII.1",
        )
    if address is None and taking_over:
        raise RuleError(
            _(
                "this file is not a copy being followed: the event is already here; "
                "`take-over` is for the copy on a second device"
            ),
            "VII.1",
        )
