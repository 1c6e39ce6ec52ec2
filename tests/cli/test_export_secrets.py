"""Exports hold no PIN hashes unless the Director asks: a 4-digit PIN's salted hash
falls in minutes to whoever holds the export."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.command_line import new_event, run

from tdconsole.service import Tournament


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = new_event(capsys, tmp_path / "pins.tdc", "Pin", lang="en")
    assert run(capsys, "--event", path, "set", "floor_pin=1234", "director_pin=98765")[0] == 0
    return path


@pytest.mark.parametrize("who", [[], ["--as", "Eve"]])
def test_an_export_holds_no_pin_hash(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path, who: list[str]
) -> None:
    """Attack: an export by anyone, floor staff included. Holds: no PIN hash in it, and the imported
    copy has no PINs."""
    code, out, err = run(capsys, *who, "--event", event, "export")
    assert code == 0, err
    assert "scrypt" not in out and '"salted_hash": null' in out
    target = tmp_path / "copy.json"
    target.write_text(out, encoding="utf-8")
    assert run(capsys, "import", str(target), "--to", str(tmp_path / "copy.tdc"))[0] == 0
    copy = Tournament.open(tmp_path / "copy.tdc")
    assert copy.state.pins == {}
    copy.close()


def test_the_director_may_export_the_hashes_and_nobody_else(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    """``export --with-pins`` is the Director's only: floor staff asking for it are refused."""
    code, out, _ = run(capsys, "--event", event, "export", "--with-pins")
    assert code == 0 and out.count("scrypt$") == 2
    code, out, err = run(capsys, "--as", "Eve", "--event", event, "export", "--with-pins")
    assert code == 2 and out == "" and "only the Director" in err and "Art. VII.1" in err
