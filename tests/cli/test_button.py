"""The button's seat is recorded by the floor (Art. II.4-II.5) and shown in the state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdconsole.cli import main


def test_button_starts_at_seat_1_and_moves_when_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = str(tmp_path / "demo.tdc")
    assert main(["demo", event, "--no-open"]) == 0
    capsys.readouterr()
    assert main(["--event", event, "state", "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)["tables"]
    assert [t["button"] for t in tables] == [1, 1, 1]  # II.4: the highest card deals first
    assert main(["--lang", "en", "--as", "Mario", "--event", event, "button", "2", "3"]) == 0
    assert capsys.readouterr().out == "button at table 2 seat 3\n"
    assert main(["--event", event, "state", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tables"][1]["button"] == 3
    assert main(["--lang", "en", "--event", event, "button", "2", "11"]) == 2
    assert "seats 1 to 10" in capsys.readouterr().err
    assert main(["--event", event, "undo"]) == 0
    capsys.readouterr()
    assert main(["--event", event, "state", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tables"][1]["button"] == 1
