"""No output ever destroys a file.

Every output — ``print -o``, ``export -o``, ``import --to``, ``backups restore --to`` and the
console's print — is tried on the paths an attacker or a slip of the hand would give: the event
itself, another event, a symbolic link (dangling too), a FIFO, a device, a folder, an event's
``-wal`` file and an ordinary file. Each attack is one line, exit 2, the target unchanged and
nothing left behind; ``--force`` replaces only an ordinary file. A new event file (``new``,
``import``, ``backups restore``) is refused where another file's ``-wal`` or ``-shm`` lies.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import run

from tdconsole.cli import main
from tdconsole.store.output import OutputRefused, place_new, write_free

Attack = Callable[[Path, Path], list[str]]
"""(event, target) -> the command line that writes an output to target."""


def _serata(path: Path) -> None:
    assert main(["--lang", "en", "new", str(path), "--name", "Serata"]) == 0
    assert main(["--lang", "en", "--event", str(path), "register", "Ada", "Bea"]) == 0


@pytest.fixture(scope="module")
def serata(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "serata", _serata)


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str], serata: Path) -> Path:
    """Two players registered (``_serata``, once for the module: a copy of its own for each
    test), and a backup of it taken (in the test's data folder)."""
    path = copied(serata, tmp_path)
    assert run(capsys, "--event", str(path), "backups", "now")[0] == 0
    return path


@pytest.fixture
def exported(event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "serata.json"
    assert run(capsys, "--event", str(event), "export", "-o", str(path))[0] == 0
    return path


def print_o(event: Path, target: Path, exported: Path) -> list[str]:
    return ["--event", str(event), "print", "standings", "-o", str(target)]


def print_pdf(event: Path, target: Path, exported: Path) -> list[str]:
    return ["--event", str(event), "print", "standings", "--format", "pdf", "-o", str(target)]


def export_o(event: Path, target: Path, exported: Path) -> list[str]:
    return ["--event", str(event), "export", "-o", str(target)]


def import_to(event: Path, target: Path, exported: Path) -> list[str]:
    return ["import", str(exported), "--to", str(target)]


def restore_to(event: Path, target: Path, exported: Path) -> list[str]:
    return ["--event", str(event), "backups", "restore", "1", "--to", str(target)]


OUTPUTS = {
    "print -o": print_o,
    "print pdf -o": print_pdf,
    "export -o": export_o,
    "import --to": import_to,
    "backups restore --to": restore_to,
}


def fingerprint(path: Path) -> tuple[object, ...]:
    """What must not change: the kind of file, its identity, its bytes or link."""
    found = os.lstat(path)
    if stat.S_ISLNK(found.st_mode):
        content: object = os.readlink(path)
    elif stat.S_ISREG(found.st_mode):
        content = path.read_bytes()
    else:
        content = None
    return (stat.S_IFMT(found.st_mode), found.st_ino, found.st_size, content)


def debris(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".tdconsole-"))


def attempt(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    target: Path,
    force: bool,
) -> str:
    """Run the attack; it must be refused in one line with the target unchanged."""
    before = fingerprint(target)
    code, out, err = run(capsys, *argv, *(["--force"] if force else []))
    assert code == 2, (out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert fingerprint(target) == before
    assert debris(target.parent) == []
    return err


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_the_event_itself_is_never_replaced(
    output: str,
    force: bool,
    event: Path,
    exported: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`print standings -o ev.tdc` once replaced the event with a report."""
    err = attempt(capsys, OUTPUTS[output](event, event, exported), event, force)
    assert "is never replaced" in err
    assert run(capsys, "--event", str(event), "standings")[0] == 0  # still the event


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_another_event_is_never_replaced(
    output: str,
    force: bool,
    event: Path,
    exported: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    other = tmp_path / "altra.tdc"
    assert run(capsys, "new", str(other), "--name", "Altra")[0] == 0
    err = attempt(capsys, OUTPUTS[output](event, other, exported), other, force)
    assert "is an event file" in err


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_the_event_under_another_name_is_never_replaced(
    output: str,
    force: bool,
    event: Path,
    exported: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A hard link to the event (the same file by inode), and its -wal beside it."""
    alias = tmp_path / "alias.tdc"
    os.link(event, alias)
    attempt(capsys, OUTPUTS[output](event, alias, exported), alias, force)
    wal = Path(f"{event}-wal")
    code, _, err = run(capsys, *OUTPUTS[output](event, wal, exported), "--force")
    assert code == 2 and "working file of the event" in err
    assert not wal.exists() or wal.stat().st_size == 0 or wal.read_bytes()[:4] != b"SQLi"
    assert debris(tmp_path) == []


@pytest.mark.parametrize("dangling", [False, True], ids=["link", "dangling"])
@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_a_symbolic_link_is_never_replaced_nor_followed(
    output: str,
    dangling: bool,
    event: Path,
    exported: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pointed = tmp_path / "precious.txt"
    if not dangling:
        pointed.write_text("keep me\n")
    link = tmp_path / "link.out"
    link.symlink_to(pointed)
    for force in (False, True):
        err = attempt(capsys, OUTPUTS[output](event, link, exported), link, force)
        assert "symbolic link" in err
    if dangling:
        assert not pointed.exists()  # the link was not followed to create a file there
    else:
        assert pointed.read_text() == "keep me\n"


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_a_fifo_is_never_replaced_and_never_waited_on(
    output: str, event: Path, exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for force in (False, True):
        assert "FIFO" in attempt(capsys, OUTPUTS[output](event, fifo, exported), fifo, force)


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_a_folder_is_never_replaced(
    output: str, event: Path, exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "inside.txt").write_text("x")
    for force in (False, True):
        assert "a folder" in attempt(
            capsys, OUTPUTS[output](event, folder, exported), folder, force
        )
    assert (folder / "inside.txt").read_text() == "x"


@pytest.mark.skipif(
    os.geteuid() != 0, reason="making a device node (like /dev/null) needs root; CI runs as root"
)
@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_a_device_is_never_replaced(
    output: str, event: Path, exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`export -o /dev/null` as root once replaced /dev/null with a regular file: the same
    device (char 1,3) made in the test's folder."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("this root may not make device nodes (a container without CAP_MKNOD)")
    for force in (False, True):
        assert "a device" in attempt(capsys, OUTPUTS[output](event, null, exported), null, force)
    assert stat.S_ISCHR(os.lstat(null).st_mode)


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_an_ordinary_file_is_replaced_only_with_force(
    output: str, event: Path, exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "old-notes.txt"
    target.write_text("old notes\n")
    err = attempt(capsys, OUTPUTS[output](event, target, exported), target, False)
    assert "already exists: choose another path, or add --force to replace it" in err
    code, _, err = run(capsys, *OUTPUTS[output](event, target, exported), "--force")
    assert (code, err) == (0, "")
    assert target.read_bytes() != b"old notes\n"
    assert debris(tmp_path) == []


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_a_new_path_is_written_whole_and_nothing_is_left_beside_it(
    output: str, event: Path, exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "new.out"
    code, out, err = run(capsys, *OUTPUTS[output](event, target, exported))
    assert (code, err) == (0, "")
    assert str(target) in out
    assert target.stat().st_size > 0
    assert debris(tmp_path) == []


def test_the_refusal_speaks_italian_by_default(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "x.txt"
    target.write_text("x")
    assert main(["--event", str(event), "print", "standings", "-o", str(target)]) == 2
    assert capsys.readouterr().err == (
        f"error: {target} esiste già: scegli un altro percorso, o aggiungi --force per "
        "sostituirlo (nulla è stato sostituito)\n"
    )


def test_print_without_o_takes_the_next_free_name(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prints = event.parent / "prints"  # the event's print folder
    prints.mkdir()
    (prints / "standings.pdf").write_bytes(b"yesterday's")
    code, out, _ = run(capsys, "--event", str(event), "print", "standings", "--format", "pdf")
    assert (code, out) == (0, f"{prints / 'standings-2.pdf'}\n")
    assert (prints / "standings.pdf").read_bytes() == b"yesterday's"
    assert (prints / "standings-2.pdf").read_bytes().startswith(b"%PDF")


def test_a_path_taken_while_the_output_was_made_is_not_replaced(tmp_path: Path) -> None:
    """The check before the work is not what protects: linking into place fails if a file
    appeared meanwhile, and the one that appeared is kept."""
    target = tmp_path / "report.txt"

    def build(tmp: Path) -> None:
        tmp.write_bytes(b"report")
        target.write_bytes(b"someone else's")

    with pytest.raises(OutputRefused, match="already exists"):
        place_new(target, build, force=True)
    assert target.read_bytes() == b"someone else's"
    assert debris(tmp_path) == []


def test_a_failing_build_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"

    def build(tmp: Path) -> None:
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputRefused.__mro__[1], match="disk full"):
        place_new(target, build)
    assert list(tmp_path.iterdir()) == []


def test_write_free_never_writes_the_protected_file(tmp_path: Path) -> None:
    protected = tmp_path / "standings.pdf"
    protected.write_bytes(b"not a report")
    written = write_free(protected, b"%PDF", protect=protected)
    assert written == tmp_path / "standings-2.pdf"
    assert protected.read_bytes() == b"not a report"


# -- another file's -wal or -shm beside a new event file ------------------------------------


def leave_beside(event: Path, target: Path, suffix: str) -> bytes:
    """Another event file's working file, with writes in it, left at ``target``+``suffix``
    (that file moved away while a terminal had it open): SQLite would read it as the new
    file's, which every command would then call damaged."""
    other = target.parent / "other.tdc"
    shutil.copyfile(event, other)
    db = sqlite3.connect(other)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("UPDATE events SET actor = 'Someone' WHERE seq = 1")
    db.commit()
    left = Path(f"{other}{suffix}").read_bytes()
    Path(f"{target}{suffix}").write_bytes(left)
    db.close()
    return left


def new_at(event: Path, target: Path, exported: Path) -> list[str]:
    return ["new", str(target), "--name", "Nuova"]


NEW_EVENTS = {"new": new_at, "import --to": import_to, "backups restore --to": restore_to}


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("output", list(NEW_EVENTS))
def test_a_leftover_beside_a_new_event_file_is_refused(
    capsys: pytest.CaptureFixture[str],
    event: Path,
    exported: Path,
    tmp_path: Path,
    output: str,
    suffix: str,
) -> None:
    """Attack: another file's ``-wal`` or ``-shm`` left where a new event file goes. Holds:
    refused in one line saying what to do, no file made, the leftover not deleted (it may
    hold its own file's last actions); moved away, the same command makes a file that reads."""
    target = tmp_path / "P.tdc"
    left = leave_beside(event, target, suffix)
    argv = NEW_EVENTS[output](event, target, exported)
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and f"P.tdc{suffix} is left beside" in err, err
    assert "move it away" in err
    assert not target.exists() and debris(tmp_path) == []
    assert Path(f"{target}{suffix}").read_bytes() == left, "nothing deleted"
    Path(f"{target}{suffix}").rename(tmp_path / f"elsewhere{suffix}")
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    code, _, err = run(capsys, "--event", str(target), "log")
    assert code == 0, err
