"""The log shows who acted from its fields ("Direttore (via Anna)", in the reader's language).
An export keeps who acted (person, role, phone) and imports with it; an export from an older
version (labels only) imports as before; one whose fields were forged is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run

from tdconsole.domain.acting import Who
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament


@pytest.fixture
def evening(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The Director, Anna on the floor, the Director from her phone."""
    path = tmp_path / "serata.tdc"
    assert run(capsys, "new", str(path), "--name", "Serata")[0] == 0
    assert run(capsys, "--event", str(path), "register", "Ada")[0] == 0
    assert run(capsys, "--event", str(path), "--as", "Anna", "register", "Bea")[0] == 0
    phone = Tournament.open(path, role="director", via="Anna")
    try:
        phone.execute(Register(names=["Cid"]))
    finally:
        phone.close()
    return path


@pytest.fixture
def exported(evening: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, err = run(capsys, "--event", str(evening), "export")
    assert code == 0, err
    document: dict[str, object] = json.loads(out)
    return document


def test_the_log_renders_who_acted_from_its_fields(
    capsys: pytest.CaptureFixture[str], evening: Path
) -> None:
    code, out, _err = run(capsys, "--event", str(evening), "log")
    assert code == 0
    assert "Anna: register Bea" in out and "Direttore (via Anna): register Cid" in out
    code, out, _err = run(capsys, "--lang", "it", "--event", str(evening), "log")
    assert "Direttore (tramite Anna): " in out
    code, out, _err = run(capsys, "--event", str(evening), "log", "--json")
    last = json.loads(out)["events"][-2]  # the command's first event, then its player
    assert (last["actor"], last["role"], last["via"]) == ("Direttore", "director", "Anna")


def imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: object
) -> tuple[int, str]:
    source = tmp_path / "copy.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    code, _out, err = run(capsys, "import", str(source), "--to", str(tmp_path / "copy.tdc"))
    return code, err


def events(document: dict[str, object]) -> list[dict[str, object]]:
    found = document["events"]
    assert isinstance(found, list)
    return found


def test_a_new_export_imports_with_who_acted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: dict[str, object]
) -> None:
    assert imported(capsys, tmp_path, exported) == (0, "")
    copy = Tournament.open(tmp_path / "copy.tdc")
    try:
        assert set(copy.history.actors.values()) == {
            Who("Direttore", "director"),
            Who("Anna", "floor"),
            Who("Direttore", "director", "Anna"),
        }
    finally:
        copy.close()


def test_an_older_export_imports_reading_its_labels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: dict[str, object]
) -> None:
    for event in events(exported):
        data = event["data"]
        assert isinstance(data, dict)
        if data.get("via"):
            event["actor"] = f"{data['person']} (via {data['via']})"
        for key in ("person", "role", "via"):
            data.pop(key, None)
    assert imported(capsys, tmp_path, exported) == (0, "")
    copy = Tournament.open(tmp_path / "copy.tdc")
    try:
        assert Who("Direttore", "director", "Anna") in copy.history.actors.values()
        assert sorted(copy.state.players) == ["ada", "bea", "cid"]
    finally:
        copy.close()


def test_a_forged_export_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: dict[str, object]
) -> None:
    anna = next(e for e in events(exported) if e["actor"] == "Anna")
    data = anna["data"]
    assert isinstance(data, dict)
    data["person"] = "Direttore"  # the floor's entry passed off as the Director's
    code, err = imported(capsys, tmp_path, exported)
    assert code == 2 and err.count("\n") == 1
    assert "who acted" in err and not (tmp_path / "copy.tdc").exists()
