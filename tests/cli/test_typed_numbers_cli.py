"""Numbers typed on the command line, and an event file already holding a crazy setting:
every one refused in one line with exit 2, never a traceback; every reading of an
older file that holds ``entry_fee=1e30`` says so in one line."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tdhelpers.built_once import built, copied

from tdconsole.cli import main
from tdconsole.domain.slices.change_settings import SettingChanged
from tdconsole.service import Tournament
from tdconsole.store.eventstore import EventStore

NINES = "9" * 5000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["--lang", "en", *argv])
    except SystemExit as exit:  # argparse's refusals exit 2 from inside the parser
        code = int(exit.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _numbers(path: Path) -> None:
    assert main(["new", str(path), "--name", "Numeri"]) == 0
    names = [f"Giocatore {i}" for i in range(1, 9)]
    assert main(["--event", str(path), "register", *names]) == 0
    assert main(["--event", str(path), "pay", *names]) == 0


@pytest.fixture(scope="module")
def numbers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "numbers", _numbers)


@pytest.fixture
def event(tmp_path: Path, numbers: Path) -> str:
    """Eight paid players (``_numbers``, once for the module): a copy of its own for each
    test."""
    return str(copied(numbers, tmp_path))


def one_line_refusal(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 500, err[:300]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "value", ["1e30", "1e-999999", "²", "١٢", NINES, "NaN", "12.345", "-5", "1000000001"]
)
def test_set_refuses_a_crazy_fee_and_every_reading_still_works(
    capsys: pytest.CaptureFixture[str], event: str, value: str
) -> None:
    """Attack: ``set entry_fee=`` 1e30, 1e-999999, a superscript two, Arabic-Indic digits, five
    thousand nines or 12.345, then ``payouts``, ``state --json``, ``standings`` and ``tables``.
    Holds: each ``set`` refused in one line (exit 2, Art. I.2); every reading exits 0."""
    code, _, err = run(capsys, "--event", event, "set", f"entry_fee={value}")
    one_line_refusal(code, err)
    for reading in (["payouts"], ["state", "--json"], ["standings"], ["tables"]):
        code, out, err = run(capsys, "--event", event, *reading)
        assert code == 0, (reading, err)
        assert len(out) < 100_000


def _forge_setting(path: str, key: str, value: object) -> None:
    """What an older version let through (``set entry_fee=1e30`` exit 0), or a hostile file."""
    store = EventStore(Path(path))
    try:
        settings = None
        for record in store.read():
            if hasattr(record.body, "settings"):
                settings = record.body.settings
        assert settings is not None
        settings = json.loads(json.dumps(settings))
        section = "prizes" if key == "payout_unit" else "registration"
        settings[section][key] = value
        with store.transaction():
            store.append(
                [SettingChanged(key=key, value=str(value), settings=settings)],
                datetime.now(UTC),
                "Direttore",
            )
    finally:
        store.close()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("entry_fee", "1E+30"),
        ("entry_fee", "1E-999999"),
        ("payout_unit", "1E-30"),
        ("entry_fee", NINES[:2000]),
    ],
)
def test_an_event_file_holding_a_crazy_setting_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str], event: str, key: str, value: str
) -> None:
    """Attack: an event file already holding such a setting (an old or hostile file: a fee of 1E+30
    or 1E-999999, a payout unit of 1E-30, two thousand nines), read by ``payouts``, ``state
    --json``, ``standings``, ``tables`` and ``print payouts``; its export imported. Holds: each
    refused in one line naming the setting, the import refused, no traceback."""
    _forge_setting(event, key, value)
    for reading in (
        ["payouts"],
        ["state", "--json"],
        ["standings"],
        ["tables"],
        ["print", "payouts", "--format", "txt"],
    ):
        code, out, err = run(capsys, "--event", event, *reading)
        one_line_refusal(code, err)
        assert key in err, err
        assert len(out) < 1000
    # The export is a copy of the log as it is; importing it is refused, in one line.
    exported = str(Path(event).with_suffix(".json"))
    assert run(capsys, "--event", event, "export", "-o", exported)[0] == 0
    code, _, err = run(capsys, "import", exported, "--to", exported + ".tdc")
    one_line_refusal(code, err)
    assert not Path(exported + ".tdc").exists()


def test_calc_sidepots_and_backups_restore_refuse_5000_digits(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path
) -> None:
    """Attack: five thousand digits, superscripts and foreign digits in ``calc sidepots``, ``backups
    restore``, ``count`` and ``calc raise``; ``calc clock --granted`` 1e999 or nan. Holds: one
    line and exit 2 each, never a traceback past Python's limit on digits."""
    for argv in (
        ["calc", "sidepots", f"Ada={NINES}", "Bea=100"],
        ["calc", "sidepots", f"{NINES}:Ada=100", "Bea=100"],
        ["calc", "sidepots", "Ada=²", "Bea=100"],
        ["calc", "sidepots", "Ada=١٢", "Bea=100"],
        ["--event", event, "backups", "restore", NINES, "--to", str(tmp_path / "r.tdc")],
        ["--event", event, "backups", "restore", "²", "--to", str(tmp_path / "r.tdc")],
        ["--event", event, "count", f"Giocatore 1={NINES}"],
        ["calc", "raise", "--bb", NINES],
        ["calc", "clock", "--granted", "1e999"],
        ["calc", "clock", "--granted", "nan"],
    ):
        code, _, err = run(capsys, *argv)
        one_line_refusal(code, err)
    assert not (tmp_path / "r.tdc").exists()


surfaces = st.sampled_from(
    [
        ["calc", "raise", "--bb", "{}"],
        ["calc", "sidepots", "Ada={}", "Bea=100"],
        ["calc", "clock", "--granted", "{}"],
        ["--event", "{event}", "set", "entry_fee={}"],
        ["--event", "{event}", "set", "max_players={}"],
        ["--event", "{event}", "set", "percents=50,{}"],
        ["--event", "{event}", "draw", "--tables", "{}"],
        ["--event", "{event}", "backups", "restore", "{}", "--to", "{event}.r"],
    ]
)
hostile = st.one_of(
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=6),
    st.builds(lambda m, e: f"{m}e{e}", st.integers(0, 9), st.integers(-(10**6), 10**6)),
    st.just(NINES),
    st.sampled_from(["²", "1e30", "1e-999999", "-0", "0x10", "inf"]),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=surfaces, typed=hostile)
def test_every_command_line_surface_refuses_hostile_numbers_in_one_line(
    capsys: pytest.CaptureFixture[str], event: str, argv: list[str], typed: str
) -> None:
    words = [w.replace("{event}", event).replace("{}", typed) for w in argv]
    code, _, err = run(capsys, *words)
    if code != 0:
        one_line_refusal(code, err)
    code, _, err = run(capsys, "--event", event, "payouts")
    assert code == 0, err


def test_set_splits_at_the_first_equals_sign(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    """A value may hold ``=`` (``set folder=backups=evening``, a backup folder named ``a=b``): the
    key is before the first."""
    code, _, err = run(capsys, "--event", event, "set", "folder=backups=evening")
    assert code == 0, err
    service = Tournament.open(Path(event))
    assert service.state.settings.backup.folder == "backups=evening"
    service.close()


def test_a_count_whose_name_holds_a_line_break_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    """`count '0<newline>0=-1'`: the name is refused as every name field refuses it (VII.1),
    in one line, before its count is read."""
    assert main(["--event", event, "count", "0\n0=-1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "U+000A" in err and "VII.1" in err, err
