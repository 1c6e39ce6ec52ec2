"""Storage faults said as what they are.

On a read-only medium, a read-only file and a full disk (a small tmpfs, and ``ulimit -f``),
reading commands work; writes are refused in one line with the real cause ("read-only",
"disk full"), never with advice to restore a backup; nothing is left beside the file; after
space is freed the next command works and nothing acknowledged is missing. A data folder that is
a file, unwritable or missing gives one line, never a traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import textwrap
from pathlib import Path

import pytest
from tdhelpers import forked
from tdhelpers.mounts import fill, remount, tmpfs
from tdhelpers.played import companions, file_state
from tdhelpers.support import FakeClock, names

from tdconsole.cli import main
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store import faults
from tdconsole.store.eventstore import StoreError

READS = (["state"], ["standings"], ["log"], ["state", "--json"], ["export"], ["tables"])


def _event(path: Path, settings: Settings, players: int = 12) -> list[str]:
    service = Tournament.create(
        path,
        "serata",
        settings.with_value("keep", "0").with_value("max_players", "100000"),
        clock=FakeClock(),
    )
    field = names(players)
    service.execute(Register(names=field))
    service.close()
    return field


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if code != 0:
        assert code == 2, err
        assert err.startswith("error: ") and err.count("\n") == 1, err
    return code, err


def _registered(path: Path) -> set[str]:
    service = Tournament.open(path)
    try:
        return {p.name for p in service.state.players.values()}
    finally:
        service.close()


def _refused_for(err: str, en: str) -> None:
    assert en in err, err
    assert "backup" not in err and "damaged" not in err and "danneggiato" not in err, err


# -- a read-only medium ---------------------------------------------------------------------------


def test_a_read_only_medium_reads_and_refuses_writes_with_the_cause(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: the event on a read-only medium (tmpfs remounted read-only): reading commands,
    writes, ``backups now``. Holds: every reading works; each write is refused as read-only in
    one line and nothing is written."""
    with tmpfs(tmp_path / "stick") as stick:
        path = stick / "serata.tdc"
        field = _event(path, settings)
        remount(stick, "ro")
        before = file_state(path)
        for argv in READS:
            code, err = _run(["--event", str(path), *argv], capsys)
            assert code == 0, (argv, err)
        code, err = _run(["--lang", "en", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2
        _refused_for(err, "read-only")
        code, err = _run(["--lang", "it", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2 and "sola lettura" in err
        # A copy made the safe way works from the stick too.
        code, err = _run(["--event", str(path), "backups", "now"], capsys)
        assert code == 0, err
        assert file_state(path) == before
        assert companions(path) == []
        assert _registered(path) == set(field)


KILLED_WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from tdconsole.domain.slices.register import Register
    from tdconsole.service import Tournament

    service = Tournament.open(Path(sys.argv[1]))
    for name in sys.argv[2:]:
        service.execute(Register(names=[name]))
        print(name, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # its writes stay in the -wal, never checkpointed
    """
)


def test_recent_writes_in_the_wal_are_read_from_a_read_only_medium(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: a stick pulled while a terminal wrote, the latest writes only in its ``-wal``, then
    mounted read-only. Holds: those acknowledged writes are read through the ``-wal``, never
    ignored; nothing is written."""
    with tmpfs(tmp_path / "stick") as stick:
        path = stick / "serata.tdc"
        field = _event(path, settings)
        late = ["Late One", "Late Two", "Late Three"]
        done = forked.run(KILLED_WRITER, str(path), *late)
        assert done.returncode == -signal.SIGKILL
        assert done.stdout.split("\n")[:3] == late
        assert Path(f"{path}-wal").stat().st_size > 0
        remount(stick, "ro")
        assert _registered(path) == {*field, *late}
        code, err = _run(["--lang", "en", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2
        _refused_for(err, "read-only")


# -- a read-only file in a writable folder --------------------------------------------------------


def _make_read_only(path: Path) -> None:
    if os.geteuid() == 0:  # root ignores the mode: the immutable flag holds even for root
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mark a file immutable here: {done.stderr.strip()}")
    else:
        path.chmod(0o444)


def _undo_read_only(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    else:
        path.chmod(0o644)


def test_a_read_only_file_reads_refuses_writes_and_leaves_nothing_beside_it(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: a read-only event file in a writable folder (immutable as root, mode 444 otherwise).
    Holds: reads work, writes are refused as read-only, no ``-wal``/``-shm`` is left and nothing
    is written."""
    path = tmp_path / "serata.tdc"
    field = _event(path, settings)
    _make_read_only(path)
    try:
        assert not os.access(path, os.W_OK)
        before = file_state(path)
        for argv in READS:
            code, err = _run(["--event", str(path), *argv], capsys)
            assert code == 0, (argv, err)
        code, err = _run(["--lang", "en", "--event", str(path), "count", "Player 01=100"], capsys)
        assert code == 2
        code, err = _run(["--lang", "en", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2
        _refused_for(err, "read-only")
        assert file_state(path) == before
        assert companions(path) == []
        assert _registered(path) == set(field)
    finally:
        _undo_read_only(path)


# -- a full disk ---------------------------------------------------------------------------------


def test_a_full_disk_reads_refuses_writes_then_loses_nothing(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: the event on a full disk (a tiny tmpfs). Holds: reads work; writes are refused as
    disk full in one line, never called damage; once space is freed the next command works and
    nothing acknowledged is lost."""
    with tmpfs(tmp_path / "small", "1m") as small:
        path = small / "serata.tdc"
        acknowledged = set(_event(path, settings))
        filler = fill(small, leave=8 * 1024)
        for argv in READS:
            code, err = _run(["--event", str(path), *argv], capsys)
            assert code == 0, (argv, err)
        code, err = _run(["--lang", "en", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2
        _refused_for(err, "disk full")
        code, err = _run(["--lang", "it", "--event", str(path), "register", "Zoe"], capsys)
        assert code == 2 and "disco pieno" in err
        filler.unlink()
        code, err = _run(["--event", str(path), "register", "Zoe"], capsys)
        assert code == 0, err
        acknowledged.add("Zoe")
        assert _registered(path) == acknowledged


def test_a_disk_that_fills_during_a_write_loses_nothing_acknowledged(
    tmp_path: Path,
    settings: Settings,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack: no margin foreseen, the disk runs out in the middle of a write. Holds: that write is
    refused as "disk full"; every write acknowledged before is there once space is freed, and the
    next command works."""
    monkeypatch.setattr(faults, "SPARE", 0)
    with tmpfs(tmp_path / "small", "2m") as small:
        path = small / "serata.tdc"
        acknowledged = set(_event(path, settings))
        filler = fill(small, leave=160 * 1024)
        errors = []
        for i in range(400):
            batch = [f"Late {i:03d}-{j} " + "x" * 40 for j in range(6)]
            code, err = _run(["--lang", "en", "--event", str(path), "register", *batch], capsys)
            if code == 0:
                acknowledged.update(batch)
            else:
                errors.append(err)
                if len(errors) >= 3:
                    break
        assert errors, "the disk never filled"
        with capsys.disabled():
            print(
                f"\nfilled mid-write: {len(acknowledged) - 12} names acknowledged, "
                f"refused {errors[0]}"
            )
        for err in errors:
            _refused_for(err, "disk full")
        code, err = _run(["--event", str(path), "state"], capsys)
        assert code == 0, err
        filler.unlink()
        code, err = _run(["--event", str(path), "register", "After"], capsys)
        assert code == 0, err
        acknowledged.add("After")
        assert _registered(path) == acknowledged


LIMITED = textwrap.dedent(
    """
    import resource, sys
    from tdconsole.cli import main

    # Under the limit, Python's own bytecode cache would be written short (a write past
    # RLIMIT_FSIZE is cut, not refused) and break every later import of that module.
    sys.dont_write_bytecode = True
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
    for i in range(2000):
        batch = [f"Limited {i:04d}-{j} " + "y" * 40 for j in range(4)]
        code = main(["--lang", "en", "--event", sys.argv[1], "register", *batch])
        if code != 0:
            print("REFUSED", flush=True)
            break
        for name in batch:
            print("OK " + name, flush=True)
    # Reading still works under the limit.
    print("READ", main(["--event", sys.argv[1], "state"]), flush=True)
    """
)


@pytest.mark.parametrize("margin", [0, 320 * 1024], ids=["at-once", "mid-write"])
def test_a_file_size_limit_reads_refuses_writes_then_loses_nothing(
    tmp_path: Path, settings: Settings, capsys: pytest.CaptureFixture[str], margin: int
) -> None:
    """Attack: ``ulimit -f`` (RLIMIT_FSIZE) in a child process (no root needed): with no margin the
    limit is foreseen at once; with some, a write runs into it half-way. Holds: writes refused as
    disk full naming ``ulimit -f``; reading works; no traceback; nothing acknowledged is lost."""
    path = tmp_path / "serata.tdc"
    acknowledged = set(_event(path, settings))
    limit = path.stat().st_size + margin
    done = forked.run(LIMITED, str(path), str(limit), timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert "REFUSED" in lines, done.stdout[-500:]
    assert "READ 0" in lines
    refusals = [e for e in done.stderr.splitlines() if e.startswith("error: ")]
    assert len(refusals) == 1 and done.stderr.count("\n") == 1, done.stderr
    _refused_for(refusals[0], "disk full")
    assert "ulimit -f" in refusals[0]
    acknowledged |= {line[3:] for line in lines if line.startswith("OK ")}
    if margin:
        assert len(acknowledged) > 20  # it did write until the limit
    with capsys.disabled():
        print(f"\nulimit -f {limit}: {len(acknowledged) - 12} names acknowledged, {refusals[0]}")
    code, err = _run(["--event", str(path), "register", "After"], capsys)
    assert code == 0, err
    acknowledged.add("After")
    assert _registered(path) == acknowledged


# -- the data folder -------------------------------------------------------------------------------


def _data_folder(kind: str, tmp_path: Path) -> Path:
    if kind == "a file":
        folder = tmp_path / "data-file"
        folder.write_text("not a folder")
        return folder
    if kind == "under a file":
        (tmp_path / "blocker").write_text("x")
        return tmp_path / "blocker" / "data"
    if kind == "missing":
        return tmp_path / "not" / "yet" / "there"
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["a file", "under a file", "missing", "unwritable"])
def test_a_bad_data_folder_is_one_line_never_a_traceback(
    tmp_path: Path,
    settings: Settings,
    kind: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Attack: a data folder that is a file, under a file, missing or read-only, met by ``state``, a
    write, ``backups now``, ``backups``, the last event, ``new NAME`` and a bare name. Holds: one
    line each, never a traceback."""
    path = tmp_path / "serata.tdc"
    _event(path, settings.with_value("keep", "3").with_value("every", "1"))
    commands = [
        ["--event", str(path), "state"],
        ["--event", str(path), "register", "Zoe"],
        ["--event", str(path), "backups", "now"],
        ["--event", str(path), "backups"],
        ["state"],
        ["new", "bare-name"],
        ["--event", "bare-name", "state"],
    ]

    def run_all() -> list[tuple[int, str]]:
        results = []
        for argv in commands:
            results.append(_run(["--lang", "en", *argv], capsys))
        return results

    if kind == "unwritable":
        with tmpfs(tmp_path / "ro-data") as folder:
            remount(folder, "ro")
            monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder))
            results = run_all()
            assert "read-only" in results[2][1]
    else:
        folder = _data_folder(kind, tmp_path)
        monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder))
        results = run_all()
        if kind == "missing":
            assert [code for code, _ in results] == [0] * len(commands)
        else:
            assert "not a folder" in results[2][1]
    assert results[0][0] == 0 and results[1][0] == 0  # the event itself is fine


def test_a_console_kept_open_writes_again_once_space_is_freed(
    tmp_path: Path, settings: Settings
) -> None:
    with tmpfs(tmp_path / "small", "1m") as small:
        path = small / "serata.tdc"
        field = _event(path, settings)
        filler = fill(small, leave=8 * 1024)
        service = Tournament.open(path, clock=FakeClock())
        try:
            assert service.store.blocked == faults.DISK_FULL
            with pytest.raises(StoreError) as refused:
                service.execute(Register(names=["Zoe"]))
            assert "disk full" in str(refused.value)
            filler.unlink()
            service.execute(Register(names=["Zoe"]))
            assert service.store.blocked is None
        finally:
            service.close()
        assert _registered(path) == {*field, "Zoe"}
