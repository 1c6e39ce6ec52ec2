"""The floor's signed session cookie and its CSRF token: pure functions over the stdlib.

A phone signs in once a night (the floor PIN and the staff member's name); it then holds a
cookie signed with the event's session secret (kept in the event file, ``sessions.
FloorSessions``), so it stays signed in across a locked phone, a reload and a server restart.
A session ends when ``SESSION_HOURS`` have passed, when the event is over, when the floor PIN
changes (the cookie names a tag of the PIN's stored hash), when the Director signs every
phone out (the cookie names the count it was opened under, ``State.phones_signed_out``) and when
the phone itself signs out (its id is kept as ended: ``Floor.sign_out``).

Every change and every stream also carries a CSRF token bound to the session's own id: a page
of another site can make the browser send the cookie (SameSite=Strict stops most of that) but
can never read the token.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

SESSION_HOURS = 16
SESSION_SECONDS = SESSION_HOURS * 3600
COOKIE_LIMIT = 2048
"""A cookie longer than this is not read at all."""
_SKEW = 300
"""Seconds a session may seem issued in the future (two servers' clocks)."""


def _key(secret: bytes, purpose: str) -> bytes:
    """One key per use, derived from the event's secret: a CSRF token is never a cookie."""
    return hmac.new(secret, b"tdconsole floor " + purpose.encode(), hashlib.sha256).digest()


def sign(secret: bytes, purpose: str, data: bytes) -> str:
    """The signature of ``data`` for one ``purpose`` (a session, a CSRF token) under the
    event's secret: one key per purpose, so a signature of one is never taken for another."""
    digest = hmac.new(_key(secret, purpose), data, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def pin_tag(stored: str | None) -> str:
    """What a session keeps of the floor PIN it was opened under: a short digest of the
    stored hash (never the hash itself), or "" when there was none."""
    if stored is None:
        return ""
    return hashlib.sha256(b"floor pin " + stored.encode()).hexdigest()[:16]


def new_id() -> str:
    """A session's own random id (the phone, as the limits and the CSRF token know it)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Session:
    """Who a phone is signed in as, and under what."""

    sid: str
    name: str
    """The staff member's name, as the service records who acts."""
    issued: int
    """When it was signed in (Unix seconds)."""
    epoch: int
    """``State.phones_signed_out`` when it was signed in."""
    pin: str
    """``pin_tag`` of the floor PIN it was signed in with."""

    def fields(self) -> dict[str, Any]:
        return {"s": self.sid, "n": self.name, "t": self.issued, "e": self.epoch, "p": self.pin}


def sign_session(secret: bytes, session: Session) -> str:
    """The cookie's value: the session's fields and their signature."""
    body = json.dumps(session.fields(), ensure_ascii=True, separators=(",", ":")).encode()
    payload = base64.urlsafe_b64encode(body).rstrip(b"=").decode()
    return f"{payload}.{sign(secret, 'session', payload.encode())}"


def read_session(secret: bytes, cookie: str, now: float) -> Session | None:
    """The session a cookie holds when its signature is right and it is not too old; None
    for anything else (a forged, altered, truncated, hostile or expired cookie)."""
    if not cookie or len(cookie) > COOKIE_LIMIT or not cookie.isascii():
        return None
    payload, dot, mac = cookie.partition(".")
    if not dot or not hmac.compare_digest(mac, sign(secret, "session", payload.encode())):
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (ValueError, binascii.Error):
        return None
    if not isinstance(data, dict) or set(data) != {"s", "n", "t", "e", "p"}:
        return None
    sid, name, issued, epoch, pin = (data[k] for k in ("s", "n", "t", "e", "p"))
    if not (isinstance(sid, str) and isinstance(name, str) and isinstance(pin, str)):
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (issued, epoch)):
        return None
    if not (now - SESSION_SECONDS < issued <= now + _SKEW):
        return None
    return Session(sid=sid, name=name, issued=issued, epoch=epoch, pin=pin)


def csrf_token(secret: bytes, sid: str) -> str:
    """The token every change and every stream of the session ``sid`` must carry."""
    return sign(secret, "csrf", sid.encode())


def csrf_ok(secret: bytes, sid: str, token: str) -> bool:
    return bool(token) and hmac.compare_digest(token.encode(), csrf_token(secret, sid).encode())
