"""`register` and `import` refuse a player's name that reads as another's (Art. I.1); a name
apart by accents alone is registered with a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run_typed as run

from tdconsole.cli import main


@pytest.fixture
def event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    path = str(tmp_path / "e.tdc")
    assert main(["new", path]) == 0
    assert main(["--event", path, "register", "Rossi", "Anna"]) == 0
    capsys.readouterr()
    return path


def test_a_look_alike_is_refused_naming_both(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, err = run(capsys, "--lang", "en", "--event", event, "register", "R\u043essi")
    assert (code, out) == (2, "")
    assert err == (
        "error: 'R\u043essi' reads as 'Rossi', already registered: tell them apart, "
        "e.g. 'Rossi M.' (Art. I.1)\n"
    )
    code, _, err = run(capsys, "--event", event, "register", "Bruno", "\uff32ossi")
    assert code == 2
    assert err == (
        "error: '\uff32ossi' si legge come 'Rossi', già iscritto: distinguili, "
        "ad es. 'Rossi M.' (Art. I.1)\n"
    )
    players = json.loads(run(capsys, "--event", event, "state", "--json")[1])["players"]
    assert [p["name"] for p in players] == ["Rossi", "Anna"]  # nothing registered


def test_accents_alone_register_with_a_warning(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, err = run(capsys, "--lang", "en", "--event", event, "register", "Ross\u00ed")
    assert (code, out) == (0, "register Ross\u00ed\n")
    assert err == (
        "warning: 'Ross\u00ed' differs from 'Rossi' only by accents: registered as another "
        "player; if they are one person, undo it\n"
    )
    code, _, err = run(capsys, "--event", event, "register", "Giò", "Ross\u00ec")
    assert code == 0
    assert err.count("warning: ") == 2 and "solo per gli accenti" in err


def test_an_export_whose_players_read_alike_is_not_imported(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path
) -> None:
    export = tmp_path / "export.json"
    assert main(["--event", event, "export", "-o", str(export)]) == 0
    document = json.loads(export.read_text("utf-8"))
    text = json.dumps(document, ensure_ascii=False).replace('"Anna"', '"R\u043essi"')
    export.write_text(text, "utf-8")
    capsys.readouterr()
    code, _, err = run(
        capsys, "--lang", "en", "import", str(export), "--to", str(tmp_path / "copy.tdc")
    )
    assert code == 2 and "event 5 (player_registered): 'R\u043essi' reads as 'Rossi'" in err, err
    assert not (tmp_path / "copy.tdc").exists()


def test_initials_register_two_players_without_a_warning(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    """Initials are how a club tells two Rossi apart (rules.md I.1)."""
    assert run(capsys, "--lang", "en", "--event", event, "register", "Rossi I.")[0] == 0
    code, out, err = run(capsys, "--lang", "en", "--event", event, "register", "Rossi L.")
    assert (code, out, err) == (0, "register Rossi L.\n", "")
    code, out, err = run(capsys, "--lang", "en", "--event", event, "register", "Ella", "Elia")
    assert code == 0
    assert err == (
        "warning: 'Elia' reads much like 'Ella': registered as another player; if they are "
        "one person, undo it\n"
    )
