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
from typing import ClassVar

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Context, EventBody
from tdconsole.domain.pin_strength import PinWeakness, pin_weakness
from tdconsole.domain.settings import PIN_KEYS, PinKind
from tdconsole.domain.state import State
from tdconsole.i18n import _

PIN_DIGITS = (4, 12)
# scrypt's cost: 64 MiB and about 0.2 s a check on one core, so the million 6-digit PINs take
# more than two days to try against a stored hash (``python -m bench --only serve`` prints
# the figure), little enough for a check on each attempt. Only these parameters are accepted:
# a stored hash with others (cheaper, or costly enough to freeze a sign-in) is refused.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**16, 8, 1
_DKLEN = 32
_SALT_BYTES = 16
_MAXMEM = 2 * 128 * SCRYPT_N * SCRYPT_R * SCRYPT_P
_SCHEME = "scrypt"


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


def pin_key(pin: str, salt: bytes) -> bytes:
    """scrypt of ``pin`` with ``salt`` at this console's one cost (``SCRYPT_N``, ``_R``, ``_P``):
    the one place a PIN meets scrypt, for a hash made (``hash_pin``) and a hash checked
    (``pin_matches``) alike. (The tests run a cheaper one in their own process:
    tests/pin_cost.py.)"""
    return hashlib.scrypt(
        pin.encode(),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=_DKLEN,
        maxmem=_MAXMEM,
    )


def hash_pin(pin: str, salt: bytes) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex): what the log keeps of a PIN."""
    digest = pin_key(pin, salt)
    return f"{_SCHEME}${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def _is_hex(text: str, chars: int) -> bool:
    return len(text) == chars and all(c in "0123456789abcdef" for c in text)


def own_hash(stored: str) -> bytes | None:
    """The salt of ``stored`` when it is a hash this console makes (its scheme, its cost
    parameters, its lengths), else None: nothing else is ever given to scrypt."""
    parts = stored.split("$")
    if len(parts) != 6:
        return None
    scheme, n, r, p, salt, expected = parts
    if (scheme, n, r, p) != (_SCHEME, str(SCRYPT_N), str(SCRYPT_R), str(SCRYPT_P)):
        return None
    if not (_is_hex(salt, 2 * _SALT_BYTES) and _is_hex(expected, 2 * _DKLEN)):
        return None
    return bytes.fromhex(salt)


def check_stored(stored: str, kind: str) -> None:
    """Refuse, in one line, a stored PIN hash this console did not make (another program's
    parameters, or a crafted one): the Director sets the PIN again."""
    if own_hash(stored) is None:
        raise RuleError(
            _("the stored {key} was not made by this console: the Director sets it again").format(
                key=f"{kind}_pin"
            ),
            "VII.1",
        )


def pin_matches(stored: str, typed: str) -> bool:
    """Whether ``typed`` is the PIN ``stored`` (a ``hash_pin`` string) was made from; never
    for a stored hash this console did not make (``own_hash``) nor for a typed PIN that is
    not 4 to 12 ASCII digits."""
    salt = own_hash(stored)
    pin = typed.strip()
    low, high = PIN_DIGITS
    if salt is None or not (pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        return False
    return hmac.compare_digest(pin_key(pin, salt).hex(), stored.rsplit("$", 1)[1])


class PinChanged(EventBody):
    """A PIN set (its salted hash) or removed (None) by the Director (Art. VII.1)."""

    type: ClassVar[str] = "pin_changed"
    kind: PinKind
    salted_hash: str | None
    weakness: PinWeakness | None = None
    """Why the PIN is too weak beyond this machine (``pin_weakness``), found as it was set."""
    same_as_other: bool = False
    """The PIN is the other kind's too (the floor's is the Director's)."""

    def apply(self, state: State, at: datetime) -> None:
        state.pin_weakness.pop(self.kind, None)
        if self.salted_hash is None:
            state.pins.pop(self.kind, None)
        else:
            state.pins[self.kind] = self.salted_hash
            if self.weakness is not None:
                state.pin_weakness[self.kind] = self.weakness
        state.pins_shared = self.salted_hash is not None and self.same_as_other


def pin_change(
    key: str, raw: str, ctx: Context, state: State, typed: dict[PinKind, str]
) -> PinChanged:
    """The event of ``set floor_pin=…`` / ``set director_pin=…``: the PIN hashed with a fresh
    salt from the command's random source, with its weakness and whether it is the other
    PIN too (``typed``: the PINs this command set so far, filled in here)."""
    pin = check_pin_format(key, raw)
    kind = PIN_KEYS[key.strip()]
    typed[kind] = pin
    if not pin:
        return PinChanged(kind=kind, salted_hash=None)
    other: PinKind = "director" if kind == "floor" else "floor"
    if other in typed:
        same = typed[other] == pin
    else:
        same = other in state.pins and pin_matches(state.pins[other], pin)
    salt = ctx.rng.getrandbits(128).to_bytes(16, "big")
    return PinChanged(
        kind=kind,
        salted_hash=hash_pin(pin, salt),
        weakness=pin_weakness(pin),
        same_as_other=same,
    )
