"""The command line's contract (docs/cli.md): names, flags, JSON keys, exit codes, errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdconsole.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, lang: str | None = "en"
) -> tuple[int, str, str]:
    """Run the command line in English (``--lang en``), or with ``lang=None`` in the event's
    language, or in the ``lang`` given."""
    code = main(["--lang", lang, *argv] if lang else list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def jrun(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "cli.tdc")
    assert run(capsys, "new", path, "--name", "Torneo di prova")[0] == 0
    return path


def test_registration_draw_start_and_state_keys(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    names = [f"Giocatore {i}" for i in range(1, 25)] + ["[bold]Zoë Łukasz-Ångström"]
    assert run(capsys, "--event", event, "register", *names)[0] == 0
    code, out, _ = run(capsys, "--event", event, "pay", *names[:24])
    assert code == 0 and "entry fee paid (70 scudi)" in out
    assert run(capsys, "--event", event, "pay", "--food", "giocatore 1")[0] == 0
    doc = jrun(capsys, "--event", event, "state")
    assert doc["phase"] == "registration" and doc["entrants"] == 24
    zoe = doc["players"][-1]
    assert zoe["name"] == "[bold]Zoë Łukasz-Ångström" and zoe["status"] == "waitlisted"
    assert run(capsys, "--event", event, "draw", "--seed", "1")[0] == 0
    assert run(capsys, "--event", event, "start", "--stack", "4000", "--bb", "100")[0] == 0
    doc = jrun(capsys, "--event", event, "state")
    assert doc["phase"] == "elimination"
    for key in (
        "entrants",
        "in_play",
        "chips_in_play",
        "average_stack",
        "final_due",
        "final_bonus",
        "prize_pool",
        "players",
        "tables",
        "payouts",
        "clock",
    ):
        assert key in doc
    assert doc["prize_pool"] == "1680" and doc["chips_in_play"] == 96000
    player = doc["players"][0]
    assert set(player) >= {
        "name",
        "status",
        "paid",
        "food_paid",
        "table",
        "seat",
        "card",
        "chips",
        "second_stack",
        "place",
        "prize",
    }
    table = doc["tables"][0]
    assert set(table) >= {
        "number",
        "open",
        "seats",
        "players_in",
        "button",
        "chips",
        "second_stack_now",
        "must_close",
    }
    assert table["seats"][0] == {"seat": 1, "card": "A♥", "player": table["seats"][0]["player"]}
    assert [p["amount"] for p in doc["payouts"]] == ["756", "420", "252", "168", "84"]
    assert set(doc["clock"]) >= {
        "level",
        "small_blind",
        "big_blind",
        "ante",
        "running",
        "remaining_seconds",
        "pending_announcement",
        "overtime_seconds",
        "next",
        "level_ends_at",
    }
    assert doc["clock"]["running"] is False and doc["clock"]["remaining_seconds"] == 2400


def test_refusal_is_one_line_exit_2_with_article_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    run(capsys, "--event", event, "register", "Anna", "Bruno")
    before = jrun(capsys, "--event", event, "log")
    code, out, err = run(capsys, "--event", event, "pay", "Anna", "Anna")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    code, _, err = run(capsys, "--event", event, "start", "--stack", "1000", "--bb", "100")
    assert code == 2 and err.endswith("(Art. II.2)\n")
    run(capsys, "--event", event, "pay", "Anna")
    code, _, err = run(capsys, "--event", event, "pay", "anna")
    assert (code, err) == (2, "error: Anna has already paid the entry fee (Art. I.2)\n")
    after = jrun(capsys, "--event", event, "log")
    assert len(after["events"]) == len(before["events"]) + 2  # only the one good payment


def test_bad_input_never_a_traceback(capsys: pytest.CaptureFixture[str], event: str) -> None:
    for argv in (
        ["count", "Anna=lots"],
        ["count", "=5"],
        ["clock", "set", "9x:00"],
        ["set", "table_seats=many"],
        ["set", "nonsense=1"],
        ["bust"],
        ["start", "--stack", "abc", "--bb", "1"],
        ["draw", "--tables", "0"],
    ):
        with pytest.raises(SystemExit) as exited:
            code, _, err = run(capsys, "--event", event, *argv)
            raise SystemExit(code)
        assert exited.value.code == 2, argv
        err = capsys.readouterr().err or err
        assert "Traceback" not in err


def test_undo_and_redo_say_what(capsys: pytest.CaptureFixture[str], event: str) -> None:
    run(capsys, "--event", event, "register", "Anna")
    code, out, _ = run(capsys, "--event", event, "undo", "--reason", "typo")
    assert code == 0 and out == "undone: register Anna (Direttore's action)\n"
    assert jrun(capsys, "--event", event, "state")["players"] == []
    assert run(capsys, "--event", event, "redo")[1] == "redone: register Anna\n"
    code, _, err = run(capsys, "--event", event, "redo")
    assert code == 2 and "nothing to redo" in err


def test_event_chosen_by_env_then_last_used(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "state")
    assert code == 2 and "no event chosen" in err
    run(capsys, "new", "serata")  # a bare name lives in the data folder
    assert (tmp_path / "data" / "events" / "serata.tdc").is_file()
    assert jrun(capsys, "state")["name"] == "serata"
    other = str(tmp_path / "other.tdc")
    run(capsys, "new", other, "--name", "Altra")
    monkeypatch.setenv("TDCONSOLE_EVENT", str(tmp_path / "data" / "events" / "serata.tdc"))
    assert jrun(capsys, "state")["name"] == "serata"


def test_a_blank_event_name_is_refused_and_nothing_is_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "new", "  ")
    assert code == 2
    assert err == "error: give the new event a name: its file goes in the data folder\n"
    assert not (tmp_path / "data" / "events").exists()


def test_bad_config_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[seating]\ntable_min = 9\ntable_max = 8\n", encoding="utf-8")
    code, _, err = run(capsys, "new", str(tmp_path / "x.tdc"), "--config", str(bad))
    assert code == 2 and "(table_min) must not exceed" in err and err.count("\n") == 1
    bad.write_text("[clock\n", encoding="utf-8")
    code, _, err = run(capsys, "new", str(tmp_path / "y.tdc"), "--config", str(bad))
    assert code == 2 and "not valid TOML" in err
    bad.write_text('[stacks]\nchip_unit = "big"\n', encoding="utf-8")
    code, _, err = run(capsys, "new", str(tmp_path / "z.tdc"), "--config", str(bad))
    assert code == 2 and "stacks.chip_unit" in err
    assert not (tmp_path / "x.tdc").exists()


def test_installed_entry_points_work_from_any_directory(tmp_path: Path) -> None:
    """`python -m tdconsole` and the shipped settings work outside the source tree."""
    env = {**os.environ, "TDCONSOLE_DATA_DIR": str(tmp_path / "data")}

    def tdconsole(*argv: str) -> subprocess.CompletedProcess[str]:
        """``python -m tdconsole ARGV`` in ``tmp_path``, which must succeed."""
        out = subprocess.run(
            [sys.executable, "-m", "tdconsole", *argv],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        return out

    tdconsole("demo", "--no-open")
    out = tdconsole("--event", "demo", "standings", "--json")
    assert len(json.loads(out.stdout)["standings"]) == 24


def test_floor_staff_named_with_as(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`--as NAME` other than the Director is floor staff: Director-only commands are refused
    (VII.1) and only one's own actions can be undone; every event records who acted."""
    event = str(tmp_path / "demo.tdc")
    assert run(capsys, "demo", event, "--no-open")[0] == 0
    code, _, err = run(capsys, "--event", event, "--as", "Mario", "clock", "start")
    assert code == 2 and "only the Director" in err and "(Art. III.5)" in err
    assert run(capsys, "--event", event, "--as", "Mario", "bust", "Rossi", "--declined")[0] == 0
    assert run(capsys, "--event", event, "clock", "start")[0] == 0
    code, _, err = run(capsys, "--event", event, "--as", "Mario", "undo")
    assert code == 2 and "Direttore's" in err
    log = jrun(capsys, "--event", event, "log")["events"]
    assert [e["actor"] for e in log if e["type"] == "players_eliminated"] == ["Mario"]


def test_a_bust_refused_for_the_second_stack_names_a_command_that_is_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The bust refused because the player may still take the second stack (III.2) names the
    `dote` command to record it; copied as it is, that command is taken — also for a player
    never counted (a `dote NAME` alone is refused for him: his stack must be given)."""
    event = str(tmp_path / "demo.tdc")
    assert run(capsys, "demo", event, "--no-open")[0] == 0
    code, _, err = run(capsys, "--event", event, "bust", "Rossi")
    assert code == 2 and "(Art. III.2)" in err
    command = err.split("`")[1]
    assert command == "dote Rossi --stack 0"
    code, _, err = run(capsys, "--event", event, *command.split())
    assert code == 0, err
