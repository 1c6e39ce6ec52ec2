"""A snapshot is data, never code.

The attack: a crafted row in the file's ``snapshots`` table that ran code under the old
allow-list unpickler (dotted names reach ``FunctionType`` and ``CodeType`` through any domain
function). The payload is shown live against that unpickler here, then the console opens the
file: the code never runs and the State is the log's. Snapshot-opened States equal fully
replayed ones for several logs; a snapshot that does not validate or does not match the log is
ignored; and nothing in the package can deserialize code.
"""

from __future__ import annotations

import ast
import io
import pickle
import sqlite3
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any, ClassVar

import pytest
from tdhelpers.played import file_state, plant, play, play_on
from tdhelpers.support import FakeClock

from tdconsole.cli import main
from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament
from tdconsole.store import snapshot

PACKAGE = Path(__file__).resolve().parents[2] / "tdconsole"


@pytest.fixture
def big(settings: Settings) -> Settings:
    return settings.with_value("max_players", "30").with_value("keep", "0")


# -- the attack ---------------------------------------------------------------------------------


def _string(text: str) -> bytes:
    raw = text.encode()
    return b"\x8c" + bytes([len(raw)]) + raw  # SHORT_BINUNICODE


def _global(module: str, dotted: str) -> bytes:
    return _string(module) + _string(dotted) + b"\x93"  # STACK_GLOBAL (dotted names: proto 4)


def crafted_pickle(marker: Path) -> bytes:
    """A pickle that builds a function from a code object and calls it: it creates
    ``marker``. Only the domain's own names are used, as the old allow-list admitted."""
    code = compile(f"open({str(marker)!r}, 'w').close()", "<snapshot>", "exec")
    fields = (
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_nlocals,
        code.co_stacksize,
        code.co_flags,
        code.co_code,
        code.co_consts,
        code.co_names,
        code.co_varnames,
        code.co_filename,
        code.co_name,
        code.co_qualname,
        code.co_firstlineno,
        code.co_linetable,
        code.co_exceptiontable,
        code.co_freevars,
        code.co_cellvars,
    )
    args = pickle.dumps(fields, protocol=3)[2:-1]  # without PROTO and STOP: no frames
    return (
        b"\x80\x04"
        + _global("tdconsole.domain.state", "name_key.__class__")  # FunctionType
        + _global("tdconsole.domain.state", "name_key.__code__.__class__")  # CodeType
        + args
        + b"R"  # CodeType(*fields)
        + b"}"  # globals: {}
        + b"\x86"  # (code, {})
        + b"R"  # FunctionType(code, {})
        + b")R"  # ... called with no arguments
        + b"."
    )


class OldUnpickler(pickle.Unpickler):
    """The allow-list unpickler the console used to read snapshots with."""

    allowed: ClassVar = {("datetime", "datetime"), ("decimal", "Decimal"), ("builtins", "set")}

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in self.allowed:
            return super().find_class(module, name)
        if module.startswith("tdconsole.domain.") and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} refused")


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="the code object is built for 3.11")
def test_the_crafted_snapshot_runs_code_under_the_old_unpickler(tmp_path: Path) -> None:
    """The payload is live: the unpickler the console used to have runs it."""
    marker = tmp_path / "pwned"
    OldUnpickler(io.BytesIO(crafted_pickle(marker))).load()
    assert marker.exists()


def test_a_crafted_snapshot_never_runs_and_the_file_opens(
    tmp_path: Path, big: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: a crafted ``snapshots`` row whose payload runs code under an allow-list unpickler,
    opened by ``standings``, ``state --json``, ``tables``, ``log``, a fresh process, and after
    ``backups now`` and a restore. Holds: no code runs, the State is the log's, no file is
    written."""
    path = tmp_path / "evil.tdc"
    service = play(path, big, 40)
    expected = service.state
    service.close()
    marker = tmp_path / "pwned"
    plant(path, crafted_pickle(marker))
    before = file_state(path)
    for argv in (["standings"], ["state", "--json"], ["tables"], ["log"]):
        assert main(["--event", str(path), *argv]) == 0, capsys.readouterr().err
        assert not marker.exists()
    assert file_state(path) == before  # reading never rewrites the cache
    opened = Tournament.open(path, clock=FakeClock())
    try:
        assert opened.state == expected
    finally:
        opened.close()
    # A fresh process, as `tdconsole --event evil.tdc standings` is run.
    done = subprocess.run(
        [sys.executable, "-m", "tdconsole", "--event", str(path), "standings"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert not marker.exists()
    # And once brought back from a backup.
    assert main(["--event", str(path), "backups", "now"]) == 0
    restored = tmp_path / "restored.tdc"
    assert main(["--event", str(path), "backups", "restore", "1", "--to", str(restored)]) == 0
    assert main(["--event", str(restored), "standings"]) == 0
    assert not marker.exists()


def test_no_code_running_deserializer_in_the_package() -> None:
    """No pickle, marshal, shelve (or the like) is imported, and nothing is eval'd or exec'd."""
    banned_modules = {"pickle", "marshal", "shelve", "dill", "cloudpickle", "jsonpickle", "copyreg"}
    banned_calls = {"eval", "exec", "__import__"}
    found = []
    for source in sorted(PACKAGE.rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        # Only a source that spells one of those names can import or call it (spelled as
        # Python reads names: NFKC, so that no other way of writing them slips through).
        spelled = unicodedata.normalize("NFKC", text)
        if not any(name in spelled for name in banned_modules | banned_calls):
            continue
        tree = ast.parse(text)
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] in banned_modules for n in names):
                found.append(f"{source.name}:{node.lineno} imports {names}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in banned_calls
            ):
                found.append(f"{source.name}:{node.lineno} calls {node.func.id}")
    assert found == []


# -- snapshot-opened equals replayed ------------------------------------------------------------


def _replayed(path: Path) -> Tournament:
    """The event folded from event 1 (its snapshots dropped from a copy)."""
    copy = path.with_name(path.stem + "-replayed.tdc")
    copy.write_bytes(path.read_bytes())
    with sqlite3.connect(copy) as db:
        db.execute("DROP TABLE IF EXISTS snapshots")
    db.close()
    return Tournament.open(copy, clock=FakeClock())


@pytest.mark.parametrize("seed", [3, 7, 11, 19])
def test_snapshot_opened_state_equals_the_replayed_one(
    tmp_path: Path, big: Settings, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The State opened from a snapshot equals the one replayed from event 1, and stays equal
    through deep undos across the snapshot and more actions after them."""
    monkeypatch.setattr(snapshot, "SNAPSHOT_EVERY", 9 + seed)
    path = tmp_path / f"snap{seed}.tdc"
    service = play(path, big, 90 + 20 * seed, seed=seed)
    service.close()
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM snapshots").fetchone()
    db.close()
    assert count == 1
    reopened = Tournament.open(path, clock=FakeClock())
    replayed = _replayed(path)
    try:
        assert reopened.cache.snapshot_seq > 0  # it did start from the snapshot
        assert reopened.state == replayed.state
        assert vars(reopened.history) == vars(replayed.history)
        # Undo reaches back past the snapshot; acting goes on from there the same way.
        for service in (reopened, replayed):
            for _ in range(3):
                service.undo("deep")
            play_on(service, 15, seed)
        assert reopened.state == replayed.state
    finally:
        reopened.close()
        replayed.close()


def _snapshot_row(path: Path) -> tuple[int, str, bytes]:
    with sqlite3.connect(path) as db:
        seq, fp, data = db.execute("SELECT seq, fingerprint, data FROM snapshots").fetchone()
    db.close()
    return int(seq), str(fp), bytes(data)


def _spoil(kind: str, seq: int, data: bytes) -> tuple[int, bytes]:
    text = data.decode()
    if kind == "garbage":
        return seq, b"\x00not json"
    if kind == "truncated":
        return seq, data[: len(data) // 2]
    if kind == "seq":  # a snapshot filed under another event than it was taken at
        return seq - 1, data
    if kind == "head":  # taken at a different event than the one the log holds there
        return seq, text.replace('"head":"', '"head":"0', 1).encode()
    if kind == "types":  # a count that is not a number
        return seq, text.replace('"issued":', '"issued":"lots","x":', 1).encode()
    if kind == "key":  # a player filed under another's name
        return seq, text.replace('"players":{"', '"players":{"x', 1).encode()
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["garbage", "truncated", "seq", "head", "types", "key"])
def test_a_snapshot_that_does_not_validate_or_match_is_ignored(
    tmp_path: Path, big: Settings, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack: snapshots that do not validate or do not match the log (garbage, truncated, a wrong
    sequence number or head digest, wrong types, a player under another key). Holds: each is
    ignored and the State is the full replay's."""
    monkeypatch.setattr(snapshot, "SNAPSHOT_EVERY", 10)
    path = tmp_path / "spoiled.tdc"
    play(path, big, 60).close()
    seq, fp, data = _snapshot_row(path)
    spoiled_seq, spoiled = _spoil(kind, seq, data)
    assert spoiled != data or spoiled_seq != seq
    plant(path, spoiled, seq=spoiled_seq, fp=fp)
    opened = Tournament.open(path, clock=FakeClock())
    replayed = _replayed(path)
    try:
        assert opened.cache.snapshot_seq == 0  # not used: folded from event 1
        assert opened.state == replayed.state
    finally:
        opened.close()
        replayed.close()


def test_a_snapshot_of_an_edited_log_is_ignored(
    tmp_path: Path, big: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack: the event a snapshot was taken at changed in the file, the snapshot left as it was.
    Holds: the snapshot no longer matches the log's head, and the log wins."""
    monkeypatch.setattr(snapshot, "SNAPSHOT_EVERY", 10)
    path = tmp_path / "edited.tdc"
    play(path, big, 60).close()
    seq, _fp, _data = _snapshot_row(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET actor = 'Mallory' WHERE seq = ?", (seq,))
    db.close()
    opened = Tournament.open(path, clock=FakeClock())
    try:
        assert opened.cache.snapshot_seq == 0
    finally:
        opened.close()


def test_the_snapshot_is_json(tmp_path: Path, big: Settings) -> None:
    path = tmp_path / "json.tdc"
    service = play(path, big, 30)
    service.cache.save_snapshot()
    service.close()
    _seq, _fp, data = _snapshot_row(path)
    assert data.startswith(b'{"seq":')
