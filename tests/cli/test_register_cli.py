"""``register NAME...`` (Art. I.1), built from its fields: the summary, then who went on the
waiting list past the cap; a new name is never read as a player registered."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.command_line import new_event
from tdhelpers.command_line import run_typed as run


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = new_event(capsys, tmp_path / "serata.tdc", "Serata")
    assert run(capsys, "--event", path, "set", "max_players=2")[0] == 0
    return path


def test_past_the_cap_the_registration_says_who_waits(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    said = run(capsys, "--lang", "en", "--event", event, "register", "Anna", "Bea", "Cid", "Dan")
    assert said == (0, "register Anna, Bea, Cid, Dan\nCid: waiting list\nDan: waiting list\n", "")
    said = run(capsys, "--event", event, "register", "Eva")
    assert said == (0, "iscrizione di Eva\nEva: in lista d'attesa\n", "")


def test_a_name_that_begins_a_registered_one_is_a_new_player(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "register", "Mario Romano")[0] == 0
    assert run(capsys, "--lang", "en", "--event", event, "register", "Mario") == (
        0,
        "register Mario\n",
        "",
    )
    code, out, err = run(capsys, "--lang", "en", "--event", event, "register", "mario")
    assert (code, out) == (2, "")
    assert err == "error: 'Mario' is already registered: names must differ\n"
