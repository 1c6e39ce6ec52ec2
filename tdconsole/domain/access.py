"""PINs for the served views (``tdconsole serve``): the floor's and the Director's.

``set floor_pin=…`` and ``set director_pin=…`` go through the settings' ``set`` path (Director
only, logged, Art. VII.1), but a PIN is never a setting: what reaches the log is a salted
scrypt hash (``PinChanged``) and a summary that names the PIN without its digits. The salt
comes from the command's random source, so the domain stays pure. An empty value removes the
PIN.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from typing import ClassVar, Literal

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Context, EventBody
from tdconsole.domain.state import State
from tdconsole.i18n import _

PinKind = Literal["floor", "director"]

PIN_KEYS: dict[str, PinKind] = {"floor_pin": "floor", "director_pin": "director"}
"""The keys ``set`` takes for the PINs, and which PIN each one is."""

PIN_DIGITS = (4, 12)

# scrypt's cost: 16 MiB and some tens of milliseconds a check, enough that the log's hash of a
# short PIN is not tried out at leisure, little enough for a check on each attempt.
_N, _R, _P = 2**14, 8, 1
_SCHEME = "scrypt"


def is_pin_key(key: str) -> bool:
    return key.strip() in PIN_KEYS


def masked(key: str, value: str) -> str:
    """``key=value`` for the log's summary: a PIN's digits never appear."""
    if not is_pin_key(key):
        return f"{key}={value}"
    return f"{key.strip()}=" + ("****" if value.strip() else "")


def check_pin_format(key: str, raw: str) -> str:
    """The PIN as typed, checked: 4 to 12 digits, or empty to remove it."""
    pin = raw.strip()
    low, high = PIN_DIGITS
    if pin and not (pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        raise RuleError(
            _(
                "{strip}: a PIN is {low} to {high} digits (or nothing, to remove it); type it again"
            ).format(strip=key.strip(), low=low, high=high),
            "VII.1",
        )
    return pin


def hash_pin(pin: str, salt: bytes) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex): what the log keeps of a PIN."""
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"{_SCHEME}${_N}${_R}${_P}${salt.hex()}${digest.hex()}"


def pin_matches(stored: str, typed: str) -> bool:
    """Whether ``typed`` is the PIN ``stored`` (a ``hash_pin`` string) was made from."""
    try:
        scheme, n, r, p, salt, expected = stored.split("$")
        if scheme != _SCHEME:
            return False
        digest = hashlib.scrypt(
            typed.strip().encode(),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(expected) // 2,
        )
    except ValueError:
        return False
    return hmac.compare_digest(digest.hex(), expected)


class PinChanged(EventBody):
    """A PIN set (its salted hash) or removed (None) by the Director (Art. VII.1)."""

    type: ClassVar[str] = "pin_changed"
    kind: PinKind
    salted_hash: str | None

    def apply(self, state: State, at: datetime) -> None:
        if self.salted_hash is None:
            state.pins.pop(self.kind, None)
        else:
            state.pins[self.kind] = self.salted_hash


def pin_change(key: str, raw: str, ctx: Context) -> PinChanged:
    """The event of ``set floor_pin=…`` / ``set director_pin=…``: the PIN hashed with a fresh
    salt from the command's random source."""
    pin = check_pin_format(key, raw)
    kind = PIN_KEYS[key.strip()]
    if not pin:
        return PinChanged(kind=kind, salted_hash=None)
    salt = ctx.rng.getrandbits(128).to_bytes(16, "big")
    return PinChanged(kind=kind, salted_hash=hash_pin(pin, salt))
