"""PINs of the served views: set through ``set``, kept only as salted scrypt hashes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain import access
from tdconsole.domain.access import check_stored, hash_pin, own_hash, pin_matches
from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import masked
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.sign_phones_out import SignPhonesOut
from tdconsole.serve.floor.sessions import FloorSessions
from tdconsole.service import Tournament
from tdconsole.store.backup import list_backups

PIN = "24681357"


def test_a_hash_matches_its_pin_only() -> None:
    stored = hash_pin(PIN, b"0123456789abcdef")
    assert PIN not in stored
    assert stored.startswith("scrypt$")
    assert pin_matches(stored, PIN)
    assert pin_matches(stored, f" {PIN} ")
    assert not pin_matches(stored, "24681358")
    assert not pin_matches(stored, "")
    assert not pin_matches("garbage", PIN)
    # The same PIN with another salt: another hash.
    assert hash_pin(PIN, b"fedcba9876543210") != stored


def test_the_summary_names_the_pin_without_its_digits() -> None:
    assert masked("floor_pin", PIN) == "floor_pin=****"
    assert masked("director_pin", "") == "director_pin="
    assert masked("table_seats", "9") == "table_seats=9"
    command = ChangeSettings(assignments=[("floor_pin", PIN), ("table_seats", "9")])
    assert command.describe() == "set floor_pin=**** table_seats=9"


@pytest.mark.event_file
def test_set_keeps_only_a_salted_hash(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    service.execute(ChangeSettings(assignments=[("floor_pin", PIN), ("director_pin", PIN)]))
    pins = service.state.pins
    assert set(pins) == {"floor", "director"}
    assert pins["floor"] != pins["director"]  # each PIN its own salt
    assert pin_matches(pins["floor"], PIN)
    # Nowhere in the file: the log's rows, the summaries, the snapshot cache.
    raw = service.store.path.read_bytes()
    assert PIN.encode() not in raw
    with sqlite3.connect(service.store.path) as db:
        rows = db.execute("SELECT data FROM events").fetchall()
    assert not any(PIN in row[0] for row in rows)
    # Reopened from the file: the same hashes.
    again = Tournament.open(service.store.path)
    try:
        assert again.state.pins == pins
    finally:
        again.close()


def test_an_empty_value_removes_the_pin_and_undo_restores_it(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    service.execute(ChangeSettings(assignments=[("floor_pin", PIN)]))
    stored = service.state.pins["floor"]
    service.execute(ChangeSettings(assignments=[("floor_pin", "")]))
    assert "floor" not in service.state.pins
    service.undo()
    assert service.state.pins["floor"] == stored


@pytest.mark.parametrize("bad", ["123", "1234567890123", "12a4", "١٢٣٤"])
def test_a_pin_is_4_to_12_digits(make_service, bad: str) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    before = service.state.last_seq
    with pytest.raises(RuleError) as refused:
        service.execute(ChangeSettings(assignments=[("floor_pin", bad)]))
    assert refused.value.text("it") and bad not in refused.value.text("en")
    assert service.state.last_seq == before


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = str(tmp_path / "e.tdc")
    assert main(["new", event]) == 0
    assert main(["--event", event, "--lang", "en", "set", f"floor_pin={PIN}"]) == 0
    out = capsys.readouterr().out
    assert "floor_pin = set" in out and PIN not in out
    # Changing a PIN is the Director's (Art. VII.1): the floor is refused, nothing changes.
    assert main(["--event", event, "--as", "Anna", "--lang", "en", "set", "director_pin=1111"]) == 2
    assert "Director" in capsys.readouterr().err
    # A bad PIN: one line, exit 2, the digits typed not repeated.
    assert main(["--event", event, "--lang", "en", "set", "floor_pin=12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "4 to 12 digits" in err
    # Neither the log, the state, nor the export shows the PIN.
    for command in (["log", "--json"], ["state", "--json"], ["export"], ["log"]):
        assert main(["--event", event, *command]) == 0
        assert PIN not in capsys.readouterr().out
    assert main(["--event", event, "log", "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    assert "set floor_pin=****" in json.dumps(log)


@pytest.mark.event_file
def test_no_backup_holds_the_pin(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    service.execute(ChangeSettings(assignments=[("every", "1"), ("floor_pin", PIN)]))
    service.execute(ChangeSettings(assignments=[("director_pin", PIN)]))
    service.close()  # waits for the backups
    taken = list_backups(service.store.path, service.state.settings.backup.folder)
    assert taken
    for backup in taken:
        assert PIN.encode() not in backup.path.read_bytes()


@pytest.mark.real_scrypt
def test_a_six_digit_pin_costs_more_than_a_day_on_one_core() -> None:
    # scrypt's time grows with its memory, N * r * 128 bytes: 64 MiB takes about 0.2 s a
    # check here (``python -m bench --only serve`` prints it); the million 6-digit PINs at
    # that cost each take more than a day, so the memory is kept at 64 MiB or more.
    assert access.SCRYPT_N * access.SCRYPT_R * 128 >= 64 * 2**20
    salt = b"0123456789abcdef"
    stored = access.hash_pin(PIN, salt)
    assert stored.split("$")[1:4] == ["65536", "8", "1"]
    # The digest is scrypt's at that cost (the other tests hash at a test cost: conftest):
    # hashlib.scrypt(PIN, salt=salt, n=2**16, r=8, p=1, dklen=32) as OpenSSL computes it.
    real = "198314478e01ec7f3cd91bae4d9fd8e0a4bd21f895c0da53b508f2d76fb01f83"
    assert stored.split("$")[5] == real


def test_the_tests_hash_pins_at_a_test_cost_and_say_the_consoles_parameters() -> None:
    # (what tests/conftest.py's pin_cost does to every test not marked real_scrypt)
    salt = b"0123456789abcdef"
    stored = access.hash_pin(PIN, salt)
    assert stored.split("$")[1:4] == ["65536", "8", "1"] and own_hash(stored) == salt
    cheap = hashlib.scrypt(PIN.encode(), salt=salt, n=16, r=8, p=1, dklen=32)
    assert stored.split("$")[5] == cheap.hex()


@pytest.mark.real_scrypt
def test_only_this_consoles_own_parameters_are_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stored = hash_pin(PIN, b"0123456789abcdef")
    assert own_hash(stored) == b"0123456789abcdef"
    check_stored(stored, "floor")
    salt, digest = stored.split("$")[4:]
    crafted = [
        f"scrypt$16384$8$1${salt}${digest}",  # cheaper: the old 4-digit hashes fell in minutes
        f"scrypt$1048576$8$16${salt}${digest}",  # costly: froze every sign-in for 46 s
        f"scrypt$65536$8$1${salt}${digest[:-2]}",
        f"scrypt$65536$8$1${salt}${digest.upper()}",
        f"bcrypt$65536$8$1${salt}${digest}",
        "garbage",
    ]

    def never(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("a foreign hash reached scrypt")

    monkeypatch.setattr(access.hashlib, "scrypt", never)
    for bad in crafted:
        assert own_hash(bad) is None
        assert not pin_matches(bad, PIN)
        with pytest.raises(RuleError) as refused:
            check_stored(bad, "floor")
        said = refused.value.text("en")
        assert "\n" not in said and "floor_pin" in said
        assert refused.value.text("it") != said


def test_a_typed_pin_that_is_not_ascii_digits_never_matches() -> None:
    stored = hash_pin("123456", b"0123456789abcdef")
    assert pin_matches(stored, "123456")
    assert not pin_matches(stored, "١٢٣٤٥٦")  # Arabic-Indic digits
    assert not pin_matches(stored, "9" * 5000)


@pytest.mark.event_file
def test_the_director_signs_every_phone_out_through_the_service_logged(
    make_service, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    assert service.state.phones_signed_out == 0
    floor = Tournament.open(service.store.path, actor="Anna", role="floor")
    try:
        with pytest.raises(RuleError, match="only the Director"):
            floor.execute(SignPhonesOut())
    finally:
        floor.close()
    assert main(["--lang", "en", "--event", str(service.store.path), "sign-out"]) == 0
    assert capsys.readouterr().out == (
        "sign every phone out\n"  # the summary, then what it means
        "every phone is signed out of the served floor: each signs in again\n"
    )
    service.refresh()
    assert service.state.phones_signed_out == 1
    assert service.log()[-1].type == "phones_signed_out"
    assert main(["--lang", "en", "--event", str(service.store.path), "log"]) == 0
    assert "sign every phone out" in capsys.readouterr().out


@pytest.mark.event_file
def test_the_session_secret_is_kept_in_the_file_and_not_exported(
    make_service, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    secret = FloorSessions(service.store).secret()
    assert len(secret) == 32
    again = Tournament.open(service.store.path)  # another server process, or after a restart
    try:
        assert FloorSessions(again.store).secret() == secret
    finally:
        again.close()
    exported = tmp_path / "e.json"
    assert main(["--event", str(service.store.path), "export", "-o", str(exported)]) == 0
    assert secret.hex() not in exported.read_text()
    assert secret.hex() not in json.dumps([r.body.payload() for r in service.log()])
    # A hostile file's secret that is not one: a new one is made, never used as found.
    with sqlite3.connect(service.store.path) as db:
        db.execute("UPDATE meta SET value = 'x' WHERE key = 'session_secret'")
    db.close()
    fresh = Tournament.open(service.store.path)
    try:
        made = FloorSessions(fresh.store).secret()
        assert len(made) == 32 and made != secret
    finally:
        fresh.close()


@pytest.mark.event_file
def test_a_signed_out_session_is_kept_until_its_cookie_expires(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    FloorSessions(service.store).end("phone-a", until=2_000, now=1_000)
    FloorSessions(service.store).end("phone-b", until=5_000, now=1_500)
    again = Tournament.open(service.store.path)  # after a restart
    try:
        assert FloorSessions(again.store).ended(now=1_999) == {"phone-a", "phone-b"}
        assert FloorSessions(again.store).ended(now=2_000) == {"phone-b"}
        FloorSessions(again.store).end("phone-c", until=9_000, now=3_000)  # drops what has expired
    finally:
        again.close()
    with sqlite3.connect(service.store.path) as db:
        kept = db.execute("SELECT key FROM meta WHERE key LIKE 'signed_out:%'").fetchall()
        assert sorted(k for (k,) in kept) == ["signed_out:phone-b", "signed_out:phone-c"]
        # A hostile file's values that are not times: never taken for a session kept ended.
        db.execute("INSERT INTO meta(key, value) VALUES ('signed_out:x', 'forever')")
        db.execute("INSERT INTO meta(key, value) VALUES ('signed_out:y', '-1')")
    db.close()
    assert FloorSessions(service.store).ended(now=3_000) == {"phone-b", "phone-c"}


@pytest.mark.event_file
def test_only_keys_that_start_with_signed_out_are_sessions(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    # Keys a LIKE 'signed_out:%' would take too: ``_`` is any character, letters any case.
    others = [("signedXout:lookalike", "9000"), ("SIGNED_OUT:shouting", "9000")]
    with sqlite3.connect(service.store.path) as db:
        db.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", others)
    db.close()
    sessions = FloorSessions(service.store)
    sessions.end("phone-a", until=5_000, now=9_500)  # would drop the others as expired
    assert sessions.ended(now=1_000) == {"phone-a"}
    with sqlite3.connect(service.store.path) as db:
        kept = db.execute("SELECT key, value FROM meta WHERE value = '9000'").fetchall()
    db.close()
    assert sorted(kept) == sorted(others)
