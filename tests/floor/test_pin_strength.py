"""PINs strong enough for the venue's Wi-Fi: ``set`` takes a short or easily guessed PIN
with a warning (enough on this machine alone), ``serve`` beyond this machine refuses it (a
phone's sign-in too: tests/floor/test_core.py); the banner says when the PIN crosses the
Wi-Fi in clear."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

import tdconsole.serve.app
from tdconsole.cli import main
from tdconsole.domain.pin_strength import pin_problems, pin_weakness
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament


@pytest.mark.parametrize(
    ("pin", "weakness"),
    [
        ("1234", "short"),
        ("98765", "short"),
        ("000000", "obvious"),
        ("111111", "obvious"),
        ("123456", "obvious"),
        ("654321", "obvious"),
        ("890123", "obvious"),  # a run through 9 and 0
        ("121212", "obvious"),
        ("123123", "obvious"),
        ("12345678", "obvious"),
        (FLOOR_PIN, None),
        (DIRECTOR_PIN, None),
        ("193827", None),
        ("1234567", "obvious"),
        ("1234568", None),
    ],
)
def test_a_weak_pin_is_short_or_among_the_first_tried(pin: str, weakness: str | None) -> None:
    assert pin_weakness(pin) == weakness


def cli(*argv: str) -> Callable[[pytest.CaptureFixture[str]], tuple[int, str, str]]:
    def run(capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
        code = main(["--lang", "en", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def set_pins(event: Path, capsys: pytest.CaptureFixture[str], *pins: str) -> str:
    code, _out, err = cli("--event", str(event), "set", *pins)(capsys)
    assert code == 0, err
    return err


def serve(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str
) -> tuple[int, str, str]:
    """``serve`` with the server replaced by its banner (``on_ready``)."""

    def banner(config: ServeConfig, on_ready: Callable[[], None]) -> None:
        on_ready()

    monkeypatch.setattr(tdconsole.serve.app, "serve", banner)
    return cli("--event", str(event), "serve", *argv)(capsys)


def test_set_takes_a_short_pin_with_a_warning_and_serve_beyond_refuses_it(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    err = set_pins(event, capsys, "floor_pin=1234")
    assert err == (
        "warning: floor_pin: fewer than 6 digits; enough on this machine alone, but `serve` "
        "beyond it (--host, --public-url) refuses it until the Director sets another "
        "(docs/floor.md)\n"
    )
    code, out, err = serve(event, capsys, monkeypatch, "--host", "0.0.0.0")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "floor_pin: fewer than 6 digits" in err and "`tdconsole set floor_pin=NNNNNN`" in err
    assert err.rstrip().endswith("(Art. VII.1)")
    # On this machine alone the short PIN serves.
    code, out, _ = serve(event, capsys, monkeypatch)
    assert code == 0 and "floor PIN: set" in out


@pytest.mark.parametrize("pin", ["000000", "111111", "123456", "654321"])
def test_serve_beyond_refuses_an_easily_guessed_pin(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pin: str
) -> None:
    assert "easily guessed" in set_pins(event, capsys, f"floor_pin={pin}")
    code, _, err = serve(event, capsys, monkeypatch, "--public-url", "http://192.168.1.5:8000")
    assert code == 2
    assert "192.168.1.5" in err and "floor_pin: easily guessed" in err


def test_the_directors_pin_the_floors_too_is_refused_beyond(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    err = set_pins(event, capsys, f"director_pin={FLOOR_PIN}")
    assert "director_pin: the same as floor_pin" in err
    code, _, err = serve(event, capsys, monkeypatch, "--host", "0.0.0.0")
    assert code == 2 and "`tdconsole set director_pin=NNNNNN`" in err
    # Either changed to another: the two differ again, and the warning goes.
    assert set_pins(event, capsys, "floor_pin=918273") == ""
    assert serve(event, capsys, monkeypatch, "--host", "0.0.0.0")[0] == 0
    # Both in one command, equal: found without the log.
    assert "the same as floor_pin" in set_pins(
        event, capsys, "floor_pin=918274", "director_pin=918274"
    )
    # Removing one leaves nothing shared (an empty PIN: not from the command line).
    with closing(Tournament.open(event)) as service:
        service.execute(ChangeSettings(assignments=[("director_pin", "")]))
    assert serve(event, capsys, monkeypatch, "--host", "0.0.0.0")[0] == 0


def test_undo_brings_back_the_weakness_with_the_pin(event: Path) -> None:
    with closing(Tournament.open(event)) as service:
        service.execute(ChangeSettings(assignments=[("floor_pin", "2468")]))
        assert [key for key, _ in pin_problems(service.state)] == ["floor_pin"]
        service.execute(ChangeSettings(assignments=[("floor_pin", FLOOR_PIN)]))
        assert pin_problems(service.state) == []
        service.undo()
        assert [key for key, _ in pin_problems(service.state)] == ["floor_pin"]


def test_the_banner_says_the_pin_crosses_the_wifi_in_clear(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    clear = "without --cert the PIN crosses the Wi-Fi in clear: see docs/floor.md"
    code, out, _ = serve(event, capsys, monkeypatch, "--host", "0.0.0.0")
    assert code == 0 and clear in out.splitlines()
    # On this machine alone, or behind an https address (a proxy's), it does not.
    assert clear not in serve(event, capsys, monkeypatch)[1]
    https = serve(event, capsys, monkeypatch, "--public-url", "https://floor.example.org")
    assert https[0] == 0 and clear not in https[1]
    code, out, _ = serve(event, capsys, monkeypatch, "--lang", "it", "--host", "0.0.0.0")
    assert code == 0 and clear not in out and "docs/floor.md" in out


def test_a_weak_pin_is_a_warning_of_the_write_every_face_says(event: Path) -> None:
    """The console's settings screen records ``set`` as the command line does: a PIN too weak
    for the Wi-Fi is among what the write warns of (``Tournament.warned``), for every face."""
    with closing(Tournament.open(event)) as service:
        records = service.execute(ChangeSettings(assignments=[("floor_pin", "2468")]))
        said = [warning.text("en") for warning in service.warned(records)]
        assert said == [
            "floor_pin: fewer than 6 digits; enough on this machine alone, but `serve` beyond "
            "it (--host, --public-url) refuses it until the Director sets another "
            "(docs/floor.md)"
        ]
        records = service.execute(ChangeSettings(assignments=[("table_seats", "9")]))
        assert service.warned(records) == []
