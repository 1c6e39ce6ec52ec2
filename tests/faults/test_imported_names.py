"""Names in an imported file meet the checks of ``register`` (``check_new_player``, the one
check both make of a new name): an import takes a player's name exactly when ``register``
would, and refuses the others in one line naming the entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import run

from tdconsole.cli import main

NAMES = {
    "a Hangul filler inside": "Ros\u3164si",
    "a Hangul filler alone": "\u3164",
    "a blank Braille pattern": "\u2800",
    "a blank Braille pattern inside": "Ro\u2800ssi",
    "a musical null notehead": "\U0001d159",
    "a lone combining mark": "\u0301",
    "a Cyrillic o": "R\u043essi",
    "a plain name": "Rossa",
    "an initial": "Rossi I.",
}
REFUSED_BEFORE = ("a Hangul filler alone", "a blank Braille pattern")
"""Names an import let in that ``register`` refuses."""


def _evening(path: Path) -> None:
    assert main(["new", str(path), "--name", "Serata"]) == 0
    assert main(["--event", str(path), "register", "Ada", "Rossi"]) == 0


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "serata", _evening)


def export_registering(
    capsys: pytest.CaptureFixture[str], event: Path, name: str
) -> dict[str, Any]:
    """The export of ``event`` with ``Zed`` registered last, renamed ``name`` in it (the
    command's summary and its event), as an editor of the file would."""
    assert run(capsys, "--event", str(event), "register", "Zed")[0] == 0
    code, out, err = run(capsys, "--event", str(event), "export")
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    for item in document["events"][-2:]:
        data = item["data"]
        if item["type"] == "command":
            data.update(summary=f"register {name}", fields={"name": name})
        else:
            data["name"] = name
    return document


@pytest.mark.parametrize("name", list(NAMES))
def test_an_import_takes_a_name_exactly_when_register_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path, name: str
) -> None:
    typed = NAMES[name]
    registering = copied(evening, tmp_path)
    code, _, register_err = run(capsys, "--event", str(registering), "register", typed)
    registers = code == 0
    (tmp_path / "other").mkdir()
    document = export_registering(capsys, copied(evening, tmp_path / "other"), typed)
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    target = tmp_path / "copy.tdc"
    code, _, err = run(capsys, "import", str(source), "--to", str(target))
    assert (code == 0) == registers, (register_err, err)
    assert target.exists() == registers
    if not registers:
        seq = document["events"][-1]["seq"]
        assert err.count("\n") == 1 and f"event {seq} (player_registered)" in err, err
    if name in REFUSED_BEFORE:
        assert not registers
