"""An import holds each command's summary to what its events record: an export edited by hand
so that a command's summary says another thing than its events did ("eliminated: Anna" over
Bea's elimination) is refused in one line naming the entry, and nothing is made; the export as
made, in the newer shape or an older one's (the English text alone), with names as typed and
in any order, imports."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.built_once import built
from tdhelpers.command_line import run, started_lines

from tdconsole.cli import main
from tdconsole.domain import summaries

DECISION = "Bea showed her cards out of turn: her hand stands, a warning next time"
NAMES = ["Anna", "Bea", "Carla", "Dario", "Elio", "Fabio", "Gino", "Ivo", "Lea", "Mara"]
Document = dict[str, Any]


def _evening(path: Path) -> None:
    """Ten players paid in one command, drawn, started, Anna's and Bea's food paid, the clock
    started and a minute added, a ruling; Bea and Carla out in one hand."""
    event = str(path)
    for argv in (
        *started_lines(event, NAMES),
        ["--event", event, "pay", "--food", "Anna", "Bea"],
        ["--event", event, "clock", "start"],
        ["--event", event, "clock", "add", "60"],
        ["--event", event, "ruling", "--players", "Bea", "--text", DECISION],
        ["--event", event, "bust", "Bea", "Carla", "--stacks", "3000", "2000", "--declined"],
        ["--event", event, "export", "-o", str(path.parent / "export.json")],
    ):
        assert main(["--lang", "en", *argv]) == 0, argv


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "forged", _evening)


@pytest.fixture
def document(evening: Path) -> Document:
    """The export as made (a copy of its own for each test)."""
    loaded: Document = json.loads((evening.parent / "export.json").read_text("utf-8"))
    return loaded


def imported(capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document) -> str:
    """Import ``document``: what the command line said when refused (empty: imported)."""
    source = tmp_path / "edited.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run(capsys, "import", str(source), "--to", str(tmp_path / "copy.tdc"))
    assert (code == 0) == (err == "") == (tmp_path / "copy.tdc").exists(), (code, out, err)
    return err


def command_of(document: Document, summary: str) -> dict[str, Any]:
    """The data of the ``command`` event whose summary starts with ``summary``."""
    first = next(
        e
        for e in document["events"]
        if e["type"] == "command" and e["data"]["summary"].startswith(summary)
    )
    data: dict[str, Any] = first["data"]
    data["seq"] = first["seq"]  # (taken off again before the import)
    return data


def said(data: dict[str, Any], shape: str, message: Any, **fields: str) -> None:
    """The summary ``message`` with ``fields``: as data with its text (the newer shape), or
    its English text alone (an older version's)."""
    data["summary"] = message.format(**fields).text("en")
    if shape == "older":
        data.update(message=None, fields=None)
    else:
        data.update(message=message.msgid, fields=fields)


def refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, seq: int
) -> str:
    err = imported(capsys, tmp_path, document)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert f"event {seq} (command)" in err, err
    return err


SHAPES = ["newer", "older"]
Edit = Callable[[dict[str, Any], str], None]


def older(document: Document) -> Document:
    for event in document["events"]:
        if event["type"] == "command":
            event["data"].update(message=None, fields=None)
    return document


@pytest.mark.parametrize("shape", SHAPES)
def test_the_export_as_made_imports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, shape: str
) -> None:
    assert imported(capsys, tmp_path, older(document) if shape == "older" else document) == ""


@pytest.mark.parametrize("shape", SHAPES)
def test_names_as_typed_and_in_another_order_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, shape: str
) -> None:
    bust = command_of(document, "eliminated")
    said(bust, shape, summaries.ELIMINATED, names="carla, be")
    bust.pop("seq")
    pay = command_of(document, "entry fee")
    said(pay, shape, summaries.ENTRY_FEE, name=", ".join(reversed(NAMES)).lower())
    pay.pop("seq")
    assert imported(capsys, tmp_path, document) == ""


@pytest.mark.parametrize("shape", SHAPES)
def test_a_rulings_summary_with_its_first_40_characters_imports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document, shape: str
) -> None:
    """As an older version wrote it."""
    ruling = command_of(document, "ruling")
    said(ruling, shape, summaries.RULING, text=DECISION[:40])
    ruling.pop("seq")
    assert imported(capsys, tmp_path, document) == ""


FORGED: dict[str, tuple[str, Any, dict[str, str]]] = {
    "a bust naming another player": ("eliminated", summaries.ELIMINATED, {"names": "Anna, Bea"}),
    "a bust of two naming one": ("eliminated", summaries.ELIMINATED, {"names": "Carla"}),
    "a bust of two naming three": (
        "eliminated",
        summaries.ELIMINATED,
        {"names": "Bea, Carla, Dario"},
    ),
    "a pay of several with one swapped": (
        "entry fee",
        summaries.ENTRY_FEE,
        {"name": ", ".join([*NAMES[:-1], "Anna"])},
    ),
    "a pay of several missing one": (
        "entry fee",
        summaries.ENTRY_FEE,
        {"name": ", ".join(NAMES[:-1])},
    ),
    "a start with another stack": (
        "start",
        summaries.START,
        {"stack": "40000", "bb": "100"},
    ),
    "a clock's start said as its pause": ("clock started", summaries.CLOCK["pause"], {}),
    "a ruling said as another": ("ruling", summaries.RULING, {"text": "Bea wins the pot"}),
    "a minute added said as ten": ("clock +", summaries.CLOCK_SHIFT, {"seconds": "+600"}),
    "the food said as the entry fee": (
        "food contribution",
        summaries.ENTRY_FEE,
        {"name": "Anna, Bea"},
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("forged", list(FORGED))
def test_a_summary_that_does_not_say_what_its_events_did_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    document: Document,
    forged: str,
    shape: str,
) -> None:
    start, message, fields = FORGED[forged]
    data = command_of(document, start)
    said(data, shape, message, **fields)
    seq = data.pop("seq")
    err = refused(capsys, tmp_path, document, seq)
    assert "does not say what its events record" in err, err


def test_a_text_that_is_not_what_its_data_say_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, document: Document
) -> None:
    """The data name Bea and Carla, as the events do; the English text, Anna."""
    data = command_of(document, "eliminated")
    data["summary"] = "eliminated: Anna"
    seq = data.pop("seq")
    err = refused(capsys, tmp_path, document, seq)
    assert "'eliminated: Anna' is not what its data say ('eliminated: Bea, Carla')" in err, err
