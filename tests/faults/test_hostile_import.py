"""Hostile imports are refused whole.

An export is edited as an attacker would: numbers no command accepts, a second start, an undo
of a command that never was, names carrying terminal escapes, JSON and TOML nested
100,000 deep, and files that are not files (/dev/zero, /dev/full, a FIFO). Each is one line,
exit 2, and no event file — nor anything else — is left where it was to be made.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from tdhelpers import forked
from tdhelpers.command_line import run, started_lines

from tdconsole.cli import main
from tdconsole.store import transfer

NAMES = [f"Giocatore {i:02d}" for i in range(1, 13)]


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export of a started event with a count and a second stack."""
    folder = tmp_path_factory.mktemp("hostile")
    event = str(folder / "serata.tdc")
    saved = os.environ.get("TDCONSOLE_DATA_DIR")
    os.environ["TDCONSOLE_DATA_DIR"] = str(folder / "data")
    try:
        for argv in (
            *started_lines(event, NAMES),
            ["--event", event, "count", f"{NAMES[0]}=3000"],
            ["--event", event, "dote", NAMES[1], "--stack", "0"],
            ["--event", event, "export", "-o", str(folder / "serata.json")],
        ):
            assert main(argv) == 0, argv
    finally:
        if saved is None:
            del os.environ["TDCONSOLE_DATA_DIR"]
        else:
            os.environ["TDCONSOLE_DATA_DIR"] = saved
    loaded: dict[str, Any] = json.loads((folder / "serata.json").read_text("utf-8"))
    return loaded


def events_of(document: dict[str, Any], type_name: str) -> list[dict[str, Any]]:
    return [e for e in document["events"] if e["type"] == type_name]


def write(tmp_path: Path, document: Any, text: str | None = None) -> Path:
    path = tmp_path / "edited.json"
    path.write_text(text if text is not None else json.dumps(document), encoding="utf-8")
    return path


def refused(capsys: pytest.CaptureFixture[str], source: Path, tmp_path: Path) -> str:
    """Import ``source``: refused in one line, exit 2, nothing made."""
    target = tmp_path / "out" / "imported.tdc"
    code, out, err = run(capsys, "import", str(source), "--to", str(target))
    assert code == 2, (out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "\x1b" not in err and "\x00" not in err
    assert not target.exists()
    folder = target.parent
    assert not folder.exists() or list(folder.iterdir()) == []
    return err


def appended(document: dict[str, Any], group: list[dict[str, Any]]) -> dict[str, Any]:
    """``document`` with a copy of one command's events appended as a new command."""
    edited = copy.deepcopy(document)
    seq = len(edited["events"]) + 1
    for k, event in enumerate(group):
        edited["events"].append({**copy.deepcopy(event), "seq": seq + k, "command": seq})
    return edited


def command_of(document: dict[str, Any], type_name: str) -> list[dict[str, Any]]:
    first = events_of(document, type_name)[0]
    return [e for e in document["events"] if e["command"] == first["command"]]


def test_the_untouched_export_imports(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "import", str(write(tmp_path, document)), "--to", "copia")
    assert (code, err) == (0, "")


def test_a_negative_count_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    events_of(edited, "chips_counted")[0]["data"]["counts"][NAMES[0]] = -5000
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "chips_counted" in err


def test_a_second_stack_of_minus_a_billion_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    events_of(edited, "second_stack_issued")[0]["data"]["amount"] = -1e9
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "second_stack_issued" in err


def test_a_count_of_ten_to_the_4000_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    events_of(edited, "chips_counted")[0]["data"]["counts"][NAMES[0]] = 123456789
    text = json.dumps(edited).replace("123456789", "1" + "0" * 4000)
    err = refused(capsys, write(tmp_path, None, text), tmp_path)
    assert "beyond 10^18" in err


def test_a_count_above_the_chips_in_play_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    events_of(edited, "chips_counted")[0]["data"]["counts"][NAMES[0]] = 10**9
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "has a count of 1 000 000 000: counts go from 0 to the 48 000 chips in play" in err


def test_a_second_start_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = appended(document, command_of(document, "started"))
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "already started" in err


def test_an_undo_of_a_command_that_never_was_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    undo = {
        "type": "undone",
        "schema": 1,
        "at": document["events"][-1]["at"],
        "actor": "Direttore",
        "data": {"command": 999, "reason": "", "summary": ""},
    }
    err = refused(capsys, write(tmp_path, appended(document, [undo])), tmp_path)
    assert "undoes command 999, which is not the last one in effect" in err
    # Nor may a redo restore what no undo cancelled.
    redo = {**undo, "type": "redone", "data": {"command": 3, "summary": ""}}
    err = refused(capsys, write(tmp_path, appended(document, [redo])), tmp_path)
    assert "redoes command 3" in err


@pytest.mark.parametrize(
    "name",
    ["Ada\x1b]0;pwned\x07", "Ada\x00", "Ada\nBea", "A" * 10_000, "Ada\u202eaeB", " Ada "],
    ids=["escape", "nul", "newline", "10k", "bidi", "spaces"],
)
def test_a_name_registration_would_refuse_is_refused(
    name: str, document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    events_of(edited, "player_registered")[0]["data"]["name"] = name
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "player_registered" in err


@pytest.mark.parametrize("name", ["Serata\x1b]0;pwned\x07", "S" * 50_000], ids=["escape", "50k"])
def test_an_event_name_with_escapes_or_50k_characters_is_refused(
    name: str, document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    edited["events"][1]["data"]["name"] = name
    assert edited["events"][1]["type"] == "event_created"
    assert "event_created" in refused(capsys, write(tmp_path, edited), tmp_path)


def test_an_escape_in_the_actor_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    edited["events"][-1]["actor"] = "Eve\x1b[2J"
    refused(capsys, write(tmp_path, edited), tmp_path)


def test_json_nested_a_hundred_thousand_deep_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, write(tmp_path, None, "[" * 100_000 + "]" * 100_000), tmp_path)
    assert "nested more than 32 levels" in err


def test_data_nested_deeper_than_ours_is_refused(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = copy.deepcopy(document)
    deep: Any = 0
    for _ in range(900):  # below json's own limit: our check refuses it
        deep = {"x": deep}
    events_of(edited, "started")[0]["data"]["structure"]["deep"] = deep
    err = refused(capsys, write(tmp_path, edited), tmp_path)
    assert "nested more than 32 levels" in err


def test_a_settings_file_nested_deep_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`new --config` reads TOML: the same limits."""
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    dotted = tmp_path / "dotted.toml"
    dotted.write_text(".".join(f"k{i}" for i in range(60)) + " = 1\n")
    for config in (deep, dotted):
        target = tmp_path / f"{config.stem}.tdc"
        code, _, err = run(capsys, "new", str(target), "--name", "S", "--config", str(config))
        assert code == 2 and err.count("\n") == 1 and "nested more than 32 levels" in err, err
        assert not target.exists()


def test_a_file_larger_than_any_export_is_refused_after_reading_only_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transfer, "MAX_EXPORT", 1024 * 1024)
    large = tmp_path / "large.json"
    with large.open("wb") as handle:
        handle.truncate(10 * 1024**3)  # 10 GiB, sparse: only the limit's worth is read
    assert "larger than 1 MiB" in refused(capsys, large, tmp_path)


def _import_in_a_subprocess(source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The command line in its own (forked) process, so that a hang or a runaway read fails the test
    (timeout, memory limit) instead of stopping the suite."""
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))\n"
        "from tdconsole.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = {**os.environ, "TDCONSOLE_DATA_DIR": str(tmp_path / "data")}
    return forked.run(code, "--lang", "en", "import", source, "--to", "x", timeout=60, env=env)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full", "fifo"])
def test_devices_and_fifos_are_refused_before_reading(device: str, tmp_path: Path) -> None:
    if device == "fifo":
        device = str(tmp_path / "pipe")
        os.mkfifo(device)  # no writer: reading it would wait forever
    elif not Path(device).exists():
        pytest.skip(f"{device} is missing on this system")
    done = _import_in_a_subprocess(device, tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"error: {device} is not a regular file (a folder, a FIFO or a device): give an export\n"
    )
    events = tmp_path / "data" / "events"
    assert not events.exists() or list(events.iterdir()) == []
