"""The PINs of the floor tests' event (6 digits: the floor is served beyond loopback), and the
PIN hashing the tests run at a test cost (tests/conftest.py's ``pin_cost``)."""

from __future__ import annotations

import hashlib

from tdconsole.domain import access

FLOOR_PIN, DIRECTOR_PIN = "246813", "135792"

TEST_N = 2**4
"""scrypt's N in the tests: 16 KiB and some microseconds a PIN, against the console's 64 MiB
and 0.26 s (r, p and the lengths are the console's own)."""


def cheap_pin_key(pin: str, salt: bytes) -> bytes:
    """``access.pin_key`` at the tests' cost: the same scrypt, salt and length, a lower N."""
    return hashlib.scrypt(
        pin.encode(),
        salt=salt,
        n=TEST_N,
        r=access.SCRYPT_R,
        p=access.SCRYPT_P,
        dklen=32,  # (another length: own_hash refuses every hash made, every test fails)
    )


def at_test_cost() -> bool:
    """Whether this process hashes PINs at the tests' cost (a server it starts must too)."""
    return access.pin_key is cheap_pin_key
