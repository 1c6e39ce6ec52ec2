"""Every write waits for the copy while one is attached (``tdconsole follow``): an action
acknowledged to anyone is already on the second device, or says it is not.

After its commit, a write reads where the copy stands (one ``meta`` read: no copy, it waits
for nothing) and, a copy heard within ``ATTACHED_SECONDS``, waits until the copy has confirmed
the write's entries, at most ``WAIT_SECONDS``; past that the action stands and says "not on
the copy yet". A copy lost (not heard since) is not waited for: the action says so at once,
until the copy is back or was stopped (``follow``'s Ctrl+C detaches it). The write holds no
lock while it waits: the served feed, in its own thread, goes on sending and receiving
confirmations (a phone's write waits in the floor's threads, never in the feed's).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from tdconsole.i18n import Msg, _
from tdconsole.store.copy_standing import standing
from tdconsole.store.eventstore import EventStore

WAIT_SECONDS = 2.0
"""The longest a write waits for the copy."""
LOOK_EVERY = 0.005
"""How often a waiting write reads where the copy stands."""


def wait_for_copy(
    store: EventStore,
    seq: int,
    *,
    most: float = WAIT_SECONDS,
    wall: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = time.monotonic,
    pause: Callable[[float], None] = time.sleep,
) -> Msg | None:
    """Wait until the attached copy holds entry ``seq``; why not, past ``most`` seconds."""
    found = standing(store)
    if found is None:
        return None
    if not found.attached(wall()):  # (said at once: a lost copy is not waited for)
        return _("not on the copy: {copy}").format(copy=found.lost())
    deadline = monotonic() + most
    while found is not None and found.confirmed < seq:
        if monotonic() >= deadline:
            return _("not on the copy yet: the copy on {device} has not confirmed it").format(
                device=found.device
            )
        pause(LOOK_EVERY)
        found = standing(store)
    return None
