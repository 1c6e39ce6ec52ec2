"""Bad input through the command line, as a fuzzer types it: malformed settings
files, wrong types, absurd numbers, names with control characters or markup. Each is refused
with one line ``error: ...`` and exit 2, never a traceback, and the log is unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdconsole.cli import main

NAMES = [f"Giocatore {i:02d}" for i in range(1, 25)]

weird_text = st.one_of(
    st.text(min_size=0, max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "a\nb",
            "\x1b[31mred",
            "[bold]x[/bold]",
            "[link=file:///etc]x",
            "Giocatore 01\r",
            "‮evil",
            "x" * 500,
            "Giocatore 01",
            "giocatore 02",
            "-1",
            "NaN",
        ]
    ),
)
absurd_int = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from(["0", "-0", "1e9", "9" * 40, "nan", "inf", "0x10", "", " 7", "4000.5"]),
).map(str)
player = st.one_of(st.sampled_from(NAMES), weird_text)

commands = st.one_of(
    st.tuples(st.just("register"), player).map(list),
    st.tuples(st.just("withdraw"), player).map(list),
    st.tuples(st.just("pay"), player).map(list),
    st.tuples(st.just("draw"), st.just("--tables"), absurd_int).map(list),
    st.tuples(st.just("start"), st.just("--stack"), absurd_int, st.just("--bb"), absurd_int).map(
        list
    ),
    st.tuples(
        st.just("set"),
        st.sampled_from(
            [
                "table_seats",
                "max_players",
                "keep",
                "every",
                "entry_fee",
                "percents",
                "nope",
                "suits",
            ]
        ),
        st.one_of(absurd_int, weird_text),
    ).map(lambda t: ["set", f"{t[1]}={t[2]}"]),
    st.tuples(st.just("dote"), player).map(list),
    st.tuples(st.just("dote"), player, st.just("--stack"), absurd_int).map(list),
    st.tuples(st.just("count"), player, absurd_int).map(lambda t: ["count", f"{t[1]}={t[2]}"]),
    st.tuples(st.just("bust"), player, player, st.just("--stacks"), absurd_int).map(list),
    st.tuples(st.just("bust"), player).map(list),
    st.tuples(
        st.just("disqualify"),
        player,
        st.just("--reason"),
        weird_text,
        st.just("--chips"),
        absurd_int,
    ).map(list),
    st.tuples(st.just("close"), absurd_int, st.just("--plan")).map(list),
    st.tuples(st.just("close"), absurd_int, st.just("--count"), player).map(list),
    st.tuples(st.just("final"), st.just("--count"), player).map(list),
    st.tuples(
        st.just("clock"),
        st.sampled_from(
            ["add", "sub", "set", "start", "pause", "resume", "announce", "next", "prev"]
        ),
        absurd_int,
    ).map(lambda t: list(t) if t[1] in ("add", "sub", "set") else list(t[:2])),
    st.tuples(st.just("import"), weird_text, st.just("--to"), st.just("x.tdc")).map(list),
    st.tuples(
        st.just("backups"), st.just("restore"), weird_text, st.just("--to"), st.just("y.tdc")
    ).map(list),
)


def _log_length(path: Path) -> int:
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(count)


def _run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse's own refusals
        return int(exc.code or 0)


@pytest.fixture
def started(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "fuzz.tdc"
    assert main(["new", str(path)]) == 0
    for argv in (
        ["register", *NAMES],
        ["pay", *NAMES],
        ["draw", "--seed", "1"],
        ["start", "--stack", "4000", "--bb", "100"],
    ):
        assert main(["--event", str(path), *argv]) == 0
    capsys.readouterr()
    return path


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=commands)
def test_bad_commands_are_one_line_refusals_and_change_nothing(
    started: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    before = _log_length(started)
    code = _run(["--event", str(started), *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1, (argv, err)
        assert _log_length(started) == before, argv


settings_text = st.one_of(
    st.text(max_size=200),
    st.builds(
        lambda section, key, value: f"[{section}]\n{key} = {value}\n",
        st.sampled_from(["registration", "seating", "stacks", "clock", "prizes", "backup", "nope"]),
        st.sampled_from(
            [
                "max_players",
                "table_min",
                "table_max",
                "chip_unit",
                "minutes",
                "percents",
                "keep",
                "every",
                "folder",
                "x",
            ]
        ),
        st.sampled_from(
            [
                "-1",
                "0",
                "1e400",
                "99999999999999999999999",
                '"abc"',
                "[1, 2]",
                "true",
                '"\\u0000"',
                "{a = 1}",
                "[]",
                "3.5",
            ]
        ),
    ),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=settings_text)
def test_malformed_settings_files_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(text, encoding="utf-8")
    target = tmp_path / "new-event.tdc"
    code = _run(["new", str(target), "--config", str(config)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err + out
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1, (text, err)
        assert not target.exists()
    else:
        target.unlink()


def test_a_home_folder_of_no_user_is_a_plain_name(
    started: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``~somebody`` of a user that does not exist is left as typed (as the shell does), not
    a crash: a file by that name is not found, or written where asked."""
    before = _log_length(started)
    nobody = "~no-such-user-of-tdconsole"
    assert _run(["import", f"{nobody}/x.json", "--to", str(tmp_path / "x.tdc")]) == 2
    assert _run(["--event", str(started), "backups", "restore", nobody]) == 2
    assert _run(["--event", str(started), "export", "-o", f"{nobody}/x.json"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error: ") == 3
    assert _log_length(started) == before
