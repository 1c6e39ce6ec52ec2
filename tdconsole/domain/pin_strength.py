"""How weak the event's PINs are for a floor reached beyond this machine (``serve --host``):
said after every write that sets one (``warnings``), by ``serve`` and by a phone's sign-in.
Light: every write's warnings import it; the PINs' hashing and their event are ``access``'s.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from tdconsole.domain.settings import PIN_KEYS
from tdconsole.i18n import Msg, _

if TYPE_CHECKING:
    from tdconsole.domain.state import State

PUBLIC_PIN_DIGITS = 6
"""The shortest PIN the served floor takes when it is reached beyond this machine."""

PinWeakness = Literal["short", "obvious"]


def pin_weakness(pin: str) -> PinWeakness | None:
    """Why ``pin`` (its digits) is too weak for a floor reached beyond this machine, or None:
    under ``PUBLIC_PIN_DIGITS`` digits, or among the first anyone tries (one digit or a block
    repeated: 000000, 121212; a run up or down: 123456, 654321, 890123)."""
    if len(pin) < PUBLIC_PIN_DIGITS:
        return "short"
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(pin)}
    repeated = any(
        pin == pin[:size] * (len(pin) // size)
        for size in range(1, len(pin) // 2 + 1)
        if len(pin) % size == 0
    )
    return "obvious" if repeated or steps in ({1}, {9}) else None


def weakness_said(key: str, weakness: str) -> Msg:
    """``key``'s weakness in words, the same wherever it is said (``set``, ``serve``, a
    phone's sign-in)."""
    if weakness == "short":
        return _("{key}: fewer than {digits} digits").format(key=key, digits=PUBLIC_PIN_DIGITS)
    return _(
        "{key}: easily guessed (one digit or a block repeated, a run like 123456 or 654321)"
    ).format(key=key)


def pin_problems(state: State) -> list[tuple[str, Msg]]:
    """What makes the event's PINs too weak for a floor reached beyond this machine: the key
    the Director sets again, and why (the floor's first)."""
    found: list[tuple[str, Msg]] = []
    for key, kind in PIN_KEYS.items():
        weakness = state.pin_weakness.get(kind)
        if kind in state.pins and weakness is not None:
            found.append((key, weakness_said(key, weakness)))
    if state.pins_shared:
        shared = _("director_pin: the same as floor_pin (a floor phone could act as the Director)")
        found.append(("director_pin", shared))
    return found
