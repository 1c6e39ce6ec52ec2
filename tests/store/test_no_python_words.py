"""An export (or an event file) whose entry names a player the event never registered is
refused naming the entry and the name, never in the words of a Python error ("KeyError:
'rossi'"): whatever an entry holds, a refusal says what is wrong with it."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.support import names, started

from tdconsole.cli import main
from tdconsole.domain.play import Bust, SecondStack
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.service import Tournament
from tdconsole.store.eventstore import EventStore, StoreError
from tdconsole.store.settings_file import load_settings
from tdconsole.store.transfer import export_document

PYTHON_WORDS = ("KeyError", "TypeError", "ValueError", "technical detail", "dettaglio tecnico")


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    """An evening's export: paid, drawn, started, a second stack, a bust, a sanction."""
    service = started(Tournament.create(tmp_path / "e.tdc", "e", load_settings()), names(12))
    try:
        first, second = (p.name for p in service.state.in_players()[:2])
        service.execute(SecondStack(name=first, stack=0))
        service.execute(Bust(names=[first], declined=True))
        service.execute(Sanction(name=second, kind="warning", reason="slow"))
        store = EventStore(tmp_path / "e.tdc")
        try:
            return export_document(store)
        finally:
            store.close()
    finally:
        service.close()


def imported(tmp_path: Path, document: dict[str, Any], lang: str) -> tuple[int, str]:
    source = tmp_path / "x.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["--lang", lang, "import", str(source), "--to", str(tmp_path / "x.tdc")])
    return code, err.getvalue()


TYPES = [
    "fee_paid",
    "seats_drawn",
    "second_stack_issued",
    "players_eliminated",
    "sanction_recorded",
]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("kind", TYPES)
def test_an_entry_naming_no_player_of_the_event_is_refused_naming_it(
    tmp_path: Path, exported: dict[str, Any], kind: str, lang: str
) -> None:
    document = copy.deepcopy(exported)
    entry = next(e for e in document["events"] if e["type"] == kind)
    text = json.dumps(entry["data"])
    for name in names(12):
        text = text.replace(f'"{name}"', '"Zeta"')
    entry["data"] = json.loads(text)
    code, said = imported(tmp_path, document, lang)
    assert code == 2 and said.count("\n") == 1, said
    assert f"{entry['seq']} ({kind})" in said and "zeta" in said.lower(), said
    assert not any(words in said for words in PYTHON_WORDS), said


def test_no_entry_changed_anyhow_is_refused_in_python_words(
    tmp_path: Path, exported: dict[str, Any]
) -> None:
    """Values of every kind put in the entries' fields: each import that is refused says why
    in the console's words."""
    rng = random.Random(46)
    values: list[Any] = [0, -1, 10**15, "", "Zeta", None, [], {}, 3.5, True, "1", [1], {"a": 1}]
    entries = [i for i, e in enumerate(exported["events"]) if e["type"] != "command"]
    for _ in range(60):
        document = copy.deepcopy(exported)
        data: Any = document["events"][rng.choice(entries)]["data"]
        while True:  # down to a field, then a value of any kind put in it
            keys = list(data) if isinstance(data, dict) else list(range(len(data)))
            if not keys:
                break
            key = rng.choice(keys)
            if rng.random() < 0.5 or not isinstance(data[key], dict | list) or not data[key]:
                data[key] = rng.choice(values)
                break
            data = data[key]
        (tmp_path / "x.tdc").unlink(missing_ok=True)
        code, said = imported(tmp_path, document, "it")
        assert code in (0, 2) and not any(words in said for words in PYTHON_WORDS), said


def test_another_terminals_entry_that_cannot_be_applied_is_said_without_python_words(
    tmp_path: Path, exported: dict[str, Any]
) -> None:
    """An entry written into the file behind an open terminal (by hand, with SQLite) that
    names no player of the event: the terminal says the file is damaged, in its own words."""
    path = tmp_path / "e.tdc"
    service = Tournament.open(path)
    try:
        last = service.state.last_seq
        entries = exported["events"]
        bust = next(i for i, e in enumerate(entries) if e["type"] == "players_eliminated")
        rows = []
        for offset, entry in enumerate(entries[bust - 1 : bust + 1]):
            data = json.dumps(entry["data"]).replace(f'"{names(12)[0]}"', '"Zeta"')
            data = re.sub(r'"name": "[^"]*"', '"name": "Zeta"', data)
            rows.append(
                (
                    last + 1 + offset,
                    last + 1,
                    entry["type"],
                    entry["schema"],
                    entry["at"],
                    entry["actor"],
                    data,
                )
            )
        with sqlite3.connect(path) as other:
            other.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        with pytest.raises(StoreError) as damaged:
            service.refresh()
        said = damaged.value.said.text("it")
        assert "danneggiato" in said and not any(words in said for words in PYTHON_WORDS), said
    finally:
        service.close()
