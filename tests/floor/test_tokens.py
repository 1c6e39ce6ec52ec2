"""The floor's signed session cookie and CSRF token: forged, altered, old or foreign values are
never taken."""

from __future__ import annotations

import base64
import json

from hypothesis import given
from hypothesis import strategies as st

from tdconsole.serve.floor.tokens import (
    SESSION_SECONDS,
    Session,
    csrf_ok,
    csrf_token,
    pin_tag,
    read_session,
    sign_session,
)

SECRET = bytes(range(32))
NOW = 1_800_000_000


def session(**changes: object) -> Session:
    fields: dict[str, object] = {
        "sid": "abc",
        "name": "Anna",
        "issued": NOW,
        "epoch": 0,
        "pin": pin_tag("scrypt$x"),
    }
    fields.update(changes)
    return Session(**fields)  # type: ignore[arg-type]


def test_a_signed_session_reads_back_until_it_is_too_old() -> None:
    cookie = sign_session(SECRET, session())
    assert read_session(SECRET, cookie, NOW) == session()
    assert read_session(SECRET, cookie, NOW + SESSION_SECONDS - 1) == session()
    assert read_session(SECRET, cookie, NOW + SESSION_SECONDS) is None
    assert read_session(SECRET, cookie, NOW - 3600) is None  # issued an hour in the future
    assert read_session(bytes(32), cookie, NOW) is None  # another event's secret


def test_an_altered_cookie_is_not_taken() -> None:
    cookie = sign_session(SECRET, session())
    payload, mac = cookie.split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=="))
    body["n"] = "Direttore"
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    assert read_session(SECRET, f"{forged}.{mac}", NOW) is None
    assert read_session(SECRET, payload, NOW) is None
    assert read_session(SECRET, f"{payload}.", NOW) is None
    assert read_session(SECRET, cookie + "x", NOW) is None
    assert read_session(SECRET, "é" + cookie, NOW) is None


@given(st.text(max_size=300))
def test_no_cookie_crashes_the_reading(cookie: str) -> None:
    assert read_session(SECRET, cookie, NOW) is None


def test_well_signed_but_wrongly_shaped_fields_are_not_taken() -> None:
    from tdconsole.serve.floor import tokens

    for body in ([1], {"s": "a"}, {"s": 1, "n": "A", "t": NOW, "e": 0, "p": ""},
                 {"s": "a", "n": "A", "t": True, "e": 0, "p": ""},
                 {"s": "a", "n": "A", "t": NOW, "e": 0, "p": "", "x": 1}):  # fmt: skip
        payload = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
        cookie = f"{payload}.{tokens.sign(SECRET, 'session', payload.encode())}"
        assert read_session(SECRET, cookie, NOW) is None


def test_the_csrf_token_belongs_to_one_session_and_is_not_its_cookie() -> None:
    token = csrf_token(SECRET, "abc")
    assert csrf_ok(SECRET, "abc", token)
    assert not csrf_ok(SECRET, "abd", token)
    assert not csrf_ok(SECRET, "abc", "")
    assert not csrf_ok(bytes(32), "abc", token)
    assert token not in sign_session(SECRET, session())


def test_the_pin_tag_changes_with_the_pin_and_hides_the_hash() -> None:
    assert pin_tag(None) == ""
    assert pin_tag("scrypt$a") != pin_tag("scrypt$b")
    assert "scrypt" not in pin_tag("scrypt$a")
