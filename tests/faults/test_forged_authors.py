"""An import proves its authors: every command of the export is replayed through the rules a
live command passes — who may give it (its role, and the Director's name as the log stood
then), undo's ownership, its summary matching its events, times a wall clock wrote — and PIN
hashes come in only from an export made with ``--with-pins``. The red team's forgeries are
each refused in one line naming the entry, and nothing is made; the project's own exports,
with and without ``--with-pins``, new or in an older version's shape, import."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.built_once import built
from tdhelpers.command_line import run

from tdconsole.cli import main
from tdconsole.domain import summaries
from tdconsole.service import Tournament

NAMES = [f"Giocatore {i:02d}" for i in range(1, 13)]
FLOOR_PIN = "246813"
Document = dict[str, Any]


def _evening(path: Path) -> None:
    """The Director runs the evening; Anna, on the floor, registers a player and counts."""
    event = str(path)
    for argv in (
        ["new", event, "--name", "Serata"],
        ["--event", event, "register", *NAMES[:-1]],
        ["--event", event, "--as", "Anna", "register", NAMES[-1]],
        ["--event", event, "pay", *NAMES],
        ["--event", event, "set", f"floor_pin={FLOOR_PIN}"],
        ["--event", event, "draw", "--seed", "3"],
        ["--event", event, "start", "--stack", "4000", "--bb", "100"],
        ["--event", event, "--as", "Anna", "count", f"{NAMES[0]}=3000"],
        ["--event", event, "sign-out"],
        ["--event", event, "set", "director=Marco"],
    ):
        assert main(["--lang", "en", *argv]) == 0, argv
    for pins in ([], ["--with-pins"]):
        name = "with-pins.json" if pins else "export.json"
        argv = ["--as", "Marco", "--event", event, "export", *pins, "-o", str(path.parent / name)]
        assert main(["--lang", "en", *argv]) == 0


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "serata", _evening)


def loaded(evening: Path, name: str = "export.json") -> Document:
    document: Document = json.loads((evening.parent / name).read_text("utf-8"))
    return document


@pytest.fixture
def document(evening: Path) -> Document:
    """The export made without ``--with-pins`` (a copy of its own for each test)."""
    return loaded(evening)


def imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document
) -> tuple[int, str, str]:
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    return run(capsys, "import", str(source), "--to", str(tmp_path / "copy.tdc"))


def refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document) -> str:
    """Import ``document``: refused in one line, exit 2, no file made."""
    code, out, err = imported(capsys, tmp_path, document)
    assert code == 2, (out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert not (tmp_path / "copy.tdc").exists()
    return err


def command_of(document: Document, summary: str) -> list[dict[str, Any]]:
    """The events of the command whose summary starts with ``summary``."""
    first = next(
        e
        for e in document["events"]
        if e["type"] == "command" and e["data"]["summary"].startswith(summary)
    )
    return [e for e in document["events"] if e["command"] == first["command"]]


def older(document: Document) -> Document:
    """``document`` as an older version exported it: who acted as a label alone."""
    for event in document["events"]:
        data = event["data"]
        if event["type"] in ("command", "undone", "redone"):
            if data.get("via"):
                event["actor"] = f"{data['person']} (via {data['via']})"
            for key in ("person", "role", "via"):
                data.pop(key, None)
    return document


# -- the project's own exports import ------------------------------------------------------


@pytest.mark.parametrize("shape", ["new", "older"])
def test_the_projects_own_export_imports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, shape: str
) -> None:
    code, out, err = imported(capsys, tmp_path, older(document) if shape == "older" else document)
    assert (code, err) == (0, ""), err
    assert "PIN" not in out
    copy_ = Tournament.open(tmp_path / "copy.tdc")
    try:
        assert copy_.state.pins == {} and copy_.state.settings.director == "Marco"
    finally:
        copy_.close()


def test_an_export_with_pins_brings_them_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path
) -> None:
    code, out, err = imported(capsys, tmp_path, loaded(evening, "with-pins.json"))
    assert (code, err) == (0, ""), err
    assert "the PINs came with it" in out and "--with-pins" in out
    copy_ = Tournament.open(tmp_path / "copy.tdc")
    try:
        assert set(copy_.state.pins) == {"floor"}
    finally:
        copy_.close()


# -- Director-only commands given on the floor ----------------------------------------------

DIRECTOR_ONLY = {
    "start": "start: stack",
    "set floor_pin": "set floor_pin",
    "sign-out": "sign every phone out",
    "set director=Marco": "set director",
}


@pytest.mark.parametrize("shape", ["new", "older"])
@pytest.mark.parametrize("command", list(DIRECTOR_ONLY))
def test_a_directors_command_given_on_the_floor_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    document: Document,
    command: str,
    shape: str,
) -> None:
    """Attack: the Director's command passed off as Anna's on the floor (so that ``--as Anna
    undo`` then undoes it), with her role recorded or, as an older export, her label alone."""
    if shape == "older":
        older(document)
    first = command_of(document, DIRECTOR_ONLY[command])[0]
    first["actor"] = "Anna"
    if shape == "new":
        first["data"].update(person="Anna", role="floor", via=None)
    err = refused(capsys, tmp_path, document)
    assert f"event {first['seq']} (command)" in err, err
    assert "Anna on the floor gives" in err and "only the Director may" in err, err


# -- undo's ownership ---------------------------------------------------------------------


UNDOS = {
    "on the floor": ("floor", "not its own"),
    "as the Director": ("director", "it has Anna act as the Director, who was Marco"),
    "as an older version's label": (None, "not its own"),
}


@pytest.mark.parametrize("how", list(UNDOS))
def test_anna_undoing_the_directors_set_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, how: str
) -> None:
    """Attack: an ``undone`` by Anna of the Director's last ``set`` appended to the export."""
    role, why = UNDOS[how]
    target = command_of(document, "set director")[0]
    last = document["events"][-1]
    seq = last["seq"] + 1
    data: dict[str, Any] = {"command": target["command"], "reason": "", "summary": "set director"}
    if role is None:
        older(document)
    else:
        data.update(person="Anna", role=role)
    undo = {"seq": seq, "command": seq, "type": "undone", "schema": 1}
    document["events"].append({**undo, "at": last["at"], "actor": "Anna", "data": data})
    err = refused(capsys, tmp_path, document)
    assert f"event {seq} (undone)" in err and why in err, err


def test_the_directors_own_undo_imports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path
) -> None:
    """The Director (Marco, since the last ``set``) undoes it: the export imports."""
    event = tmp_path / "undone.tdc"
    event.write_bytes(evening.read_bytes())
    assert run(capsys, "--as", "Marco", "--event", str(event), "undo")[0] == 0
    code, out, err = run(capsys, "--as", "Marco", "--event", str(event), "export")
    assert code == 0, err
    assert imported(capsys, tmp_path, json.loads(out))[0] == 0


# -- the summary matches the command ------------------------------------------------------

SUMMARIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "as data": lambda data: data.update(
        summary="seat draw", message=summaries.SEAT_DRAW.msgid, fields={}
    ),
    "as an older version's text": lambda data: data.update(
        summary="seat draw", message=None, fields=None
    ),
}


@pytest.mark.parametrize("how", list(SUMMARIES))
def test_a_count_whose_summary_says_seat_draw_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, how: str
) -> None:
    first = command_of(document, "count")[0]
    SUMMARIES[how](first["data"])
    err = refused(capsys, tmp_path, document)
    assert f"event {first['seq']} (command)" in err, err
    assert "'seat draw' is not the command that records chips_counted" in err, err


def test_a_pin_change_under_a_counts_summary_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path
) -> None:
    """Attack: the Director's PIN change passed off as Anna's count, so the floor may give it."""
    document = loaded(evening, "with-pins.json")
    first = command_of(document, "set floor_pin")[0]
    first["actor"] = "Anna"
    first["data"].update(person="Anna", role="floor", via=None)
    first["data"].update(summary=f"count {NAMES[0]}=3000", message=None, fields=None)
    err = refused(capsys, tmp_path, document)
    assert f"event {first['seq']} (command)" in err and "records pin_changed" in err, err


# -- PIN hashes -----------------------------------------------------------------------------


def test_pin_hashes_pasted_into_an_export_without_pins_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path, document: Document
) -> None:
    with_pins = loaded(evening, "with-pins.json")
    hashes = {e["seq"]: e["data"] for e in with_pins["events"] if e["type"] == "pin_changed"}
    assert hashes and all(d["salted_hash"] for d in hashes.values())
    for event in document["events"]:
        if event["seq"] in hashes:
            assert event["data"]["salted_hash"] is None
            event["data"] = copy.deepcopy(hashes[event["seq"]])
    err = refused(capsys, tmp_path, document)
    assert f"event {min(hashes)} (pin_changed)" in err and "without --with-pins" in err, err


# -- times ----------------------------------------------------------------------------------


def _an_hour_before(at: str, before: str) -> str:
    return (datetime.fromisoformat(before) - timedelta(hours=1)).isoformat()


TIMES: dict[str, Callable[[str, str], str]] = {
    "in 2016": lambda at, before: "2016" + at[4:],
    "in 9999": lambda at, before: "9999" + at[4:],
    "an hour before the entry before it": _an_hour_before,
}
CASES = [
    ("in 2016", "the first entry"),
    ("in 9999", "the first entry"),
    *((when, "an entry of the evening") for when in TIMES),
]


@pytest.mark.parametrize(("when", "where"), CASES)
def test_times_no_wall_clock_wrote_are_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    document: Document,
    when: str,
    where: str,
) -> None:
    events = document["events"]
    at = 0 if where == "the first entry" else len(events) // 2
    events[at]["at"] = TIMES[when](events[at]["at"], events[at - 1]["at"])
    err = refused(capsys, tmp_path, document)
    assert f"event {events[at]['seq']} " in err and "its time" in err, err
