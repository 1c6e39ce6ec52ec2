"""``log --json`` reads who acted from the recorded fields for every row: a command's other
events (a player registered, a setting's new value) carry its command's role and phone, never
their actor label held against today's Director."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.command_line import run
from tdhelpers.who_acts import from_phone, older

from tdconsole.domain.slices.register import Register


def log_rows(capsys: pytest.CaptureFixture[str], event: Path) -> list[dict[str, Any]]:
    code, out, err = run(capsys, "--event", str(event), "log", "--json")
    assert code == 0, err
    rows: list[dict[str, Any]] = json.loads(out)["events"]
    return rows


@pytest.fixture
def evening(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The Director registers Ada; a staff member whose name reads like an older label
    ("Anna (via Bruno)") registers Bea; the Director, from Anna's phone, registers Cid; then
    the Director is renamed Marco and sets the table size."""
    path = tmp_path / "serata.tdc"
    assert run(capsys, "new", str(path))[0] == 0
    assert run(capsys, "--event", str(path), "register", "Ada")[0] == 0
    assert run(capsys, "--event", str(path), "--as", "Anna (via Bruno)", "register", "Bea")[0] == 0
    from_phone(path, Register(names=["Cid"]), via="Anna")
    assert run(capsys, "--event", str(path), "set", "director=Marco")[0] == 0
    assert run(capsys, "--event", str(path), "set", "table_seats=9")[0] == 0
    return path


def test_every_row_has_its_commands_role_and_phone(
    capsys: pytest.CaptureFixture[str], evening: Path
) -> None:
    rows = log_rows(capsys, evening)
    first = {row["command"]: row for row in rows if row["type"] == "command"}
    for row in rows:
        command = first[row["command"]]
        assert (row["role"], row["via"]) == (command["role"], command["via"]), row


def test_a_staff_members_rows_read_floor_whatever_her_name_says(
    capsys: pytest.CaptureFixture[str], evening: Path
) -> None:
    (bea,) = [r for r in log_rows(capsys, evening) if r["data"].get("name") == "Bea"]
    assert (bea["type"], bea["actor"], bea["role"], bea["via"]) == (
        "player_registered",
        "Anna (via Bruno)",
        "floor",
        None,
    )


def test_the_directors_rows_read_director_after_a_rename(
    capsys: pytest.CaptureFixture[str], evening: Path
) -> None:
    rows = log_rows(capsys, evening)
    settings = [r for r in rows if r["type"] == "setting_changed"]
    assert [(r["data"]["key"], r["actor"], r["role"]) for r in settings] == [
        ("director", "Direttore", "director"),
        ("table_seats", "Marco", "director"),
    ]
    (ada,) = [r for r in rows if r["data"].get("name") == "Ada"]
    assert (ada["actor"], ada["role"]) == ("Direttore", "director")
    (cid,) = [r for r in rows if r["data"].get("name") == "Cid"]
    assert (cid["actor"], cid["role"], cid["via"]) == ("Direttore", "director", "Anna")


def test_an_older_logs_labels_read_against_every_director_it_named(
    capsys: pytest.CaptureFixture[str], evening: Path
) -> None:
    """A log written before the fields were kept: its labels are read as their text says,
    "Direttore" the Director's still once the Director is Marco."""
    older(evening)
    rows = log_rows(capsys, evening)
    assert all(row["role"] == "director" for row in rows if row["actor"] != "Anna (via Bruno)")
    renamed = next(r for r in rows if r["type"] == "setting_changed")
    assert (renamed["actor"], renamed["role"]) == ("Direttore", "director")
