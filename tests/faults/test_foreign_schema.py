"""An event file's schema must be exactly the console's.

A copy of an event can carry SQL of its own: a trigger that rewrote ``count Rossi=4000`` as 400,
one that recorded ``--as Eve``'s acts as the Director's, a view, an extra table or index, an
altered table. Each is refused on open with one line, by reading and writing commands alike,
and the file is never modified (its bytes and its modification time), nothing is left beside it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.played import companions, file_state
from tdhelpers.support import FakeClock, names

from tdconsole.cli import main
from tdconsole.domain.play import Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.eventstore import StoreError
from tdconsole.store.opening import SNAPSHOTS
from tdconsole.store.settings_file import load_settings

FOREIGN = {
    "count trigger": (
        "CREATE TRIGGER shave AFTER INSERT ON events WHEN NEW.type = 'chips_counted' BEGIN "
        "UPDATE events SET data = replace(NEW.data, '4000', '400') WHERE seq = NEW.seq; END"
    ),
    "actor trigger": (
        "CREATE TRIGGER mask BEFORE INSERT ON events WHEN NEW.actor = 'Eve' BEGIN "
        "INSERT INTO events(seq, command, type, schema, at, actor, data) VALUES (NEW.seq, "
        "NEW.command, NEW.type, NEW.schema, NEW.at, 'Direttore', NEW.data); "
        "SELECT RAISE(IGNORE); END"
    ),
    "view": "CREATE VIEW standings AS SELECT actor, COUNT(*) FROM events GROUP BY actor",
    "extra table": "CREATE TABLE notes (text TEXT)",
    "extra index": "CREATE INDEX by_actor ON events(actor)",
    "altered table": "ALTER TABLE events ADD COLUMN extra TEXT DEFAULT 'x'",
    "altered snapshots": (
        "CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, fingerprint TEXT, data BLOB)"
    ),
}


def _start(path: Path) -> None:
    settings = load_settings().with_value("keep", "0")
    service = Tournament.create(path, "serata", settings, clock=FakeClock())
    field = ["Rossi", *names(11)]
    for command in (
        Register(names=field),
        Pay(names=field),
        Draw(seed=1),
        Start(stack=4000, big_blind=100),
    ):
        service.execute(command)
    service.close()


@pytest.fixture(scope="module")
def started_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "event", _start)


@pytest.fixture
def started(tmp_path: Path, started_once: Path) -> Path:
    """A started event with Rossi at a table (``_start``, once for the module): a copy of
    its own for each test."""
    return copied(started_once, tmp_path)


def _tamper(path: Path, sql: str) -> None:
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()
    assert companions(path) == []


def test_the_trigger_works_on_a_plain_sqlite_connection(started: Path) -> None:
    """The attack is real: written through SQLite, the count is stored as 400."""
    _tamper(started, FOREIGN["count trigger"])
    db = sqlite3.connect(started)
    db.execute(
        "INSERT INTO events(seq, command, type, schema, at, actor, data) VALUES "
        "(1000, 1000, 'chips_counted', 1, 'x', 'Direttore', '{\"counts\":{\"rossi\":4000}}')"
    )
    (data,) = db.execute("SELECT data FROM events WHERE seq = 1000").fetchone()
    db.rollback()
    db.close()
    assert "400}" in data


@pytest.mark.parametrize("what", sorted(FOREIGN))
@pytest.mark.parametrize(
    "argv",
    [["count", "Rossi=4000"], ["--as", "Eve", "count", "Rossi=4000"], ["state"], ["standings"]],
    ids=["count", "as-eve", "state", "standings"],
)
def test_a_foreign_schema_object_is_refused_and_the_file_untouched(
    started: Path, what: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: foreign SQL in the file (a trigger rewriting a count, a trigger recording another
    actor as the Director, a view, an extra table or index, an altered table or ``snapshots``),
    each met by a count, a count as floor staff, ``state`` and ``standings``. Holds: each refused
    in one line with exit 2; the file's bytes and time unchanged, no ``-wal``/``-shm`` left."""
    _tamper(started, FOREIGN[what])
    before = file_state(started)
    capsys.readouterr()
    if argv[0] == "--as":
        code = main(["--lang", "en", argv[0], argv[1], "--event", str(started), *argv[2:]])
    else:
        code = main(["--lang", "en", "--event", str(started), *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "not a plain tdconsole event file" in err
    assert file_state(started) == before
    assert companions(started) == []


def test_the_refusal_in_italian_names_the_object(started: Path) -> None:
    _tamper(started, FOREIGN["view"])
    with pytest.raises(StoreError) as caught:
        Tournament.open(started)
    assert "view 'standings'" in str(caught.value)
    italian = caught.value.text("it")
    assert "la vista 'standings' estranea" in italian and "intatto" in italian


def test_the_console_s_own_snapshot_table_is_accepted(started: Path) -> None:
    _tamper(started, SNAPSHOTS)
    Tournament.open(started).close()
