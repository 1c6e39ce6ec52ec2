"""Each branch of what differs between systems (``tdconsole.store.system``, ``faults``), run
on Linux with the system's part taken away, as Windows lacks it: the same refusal or result."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tdconsole.store import faults, snapshot, system
from tdconsole.store.output import OutputRefused, write_new
from tdconsole.store.reading import InputRefused, read_input
from tdconsole.store.system import NotRegular, is_link, make_folder, open_regular

POSIX_ONLY = ("O_NOFOLLOW", "O_NONBLOCK", "O_CLOEXEC")
SYMLINK_TAG, JUNCTION_TAG, ONEDRIVE_TAG = 0xA000000C, 0xA0000003, 0x9000601A
"""Windows' reparse tags (``stat.IO_REPARSE_TAG_*`` exists only there)."""


def windows_like(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    for name in names:
        monkeypatch.delattr(os, name, raising=False)


# --- folders ---------------------------------------------------------------------------------


def test_a_folder_and_every_parent_it_makes_are_the_owners_only(tmp_path: Path) -> None:
    before = os.umask(0o022)
    try:
        deep = make_folder(tmp_path / "a" / "b" / "c")
    finally:
        os.umask(before)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", deep):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_folder_already_there_is_left_as_it_is(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    make_folder(shared / "own")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o755
    assert stat.S_IMODE((shared / "own").stat().st_mode) == 0o700


def test_a_file_in_the_way_of_a_folder_is_said_as_such(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    with pytest.raises(FileExistsError) as caught:
        make_folder(tmp_path / "taken")
    assert faults.oserror_cause(caught.value) is faults.NOT_A_FOLDER
    with pytest.raises(FileExistsError):
        make_folder(tmp_path / "taken" / "below")


# --- opening without following ---------------------------------------------------------------


@pytest.mark.parametrize("missing", [(), POSIX_ONLY], ids=["linux", "without-posix-flags"])
def test_a_link_a_fifo_and_a_folder_are_refused_before_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, missing: tuple[str, ...]
) -> None:
    real = tmp_path / "real"
    real.write_bytes(b"data")
    (tmp_path / "link").symlink_to(real)
    os.mkfifo(tmp_path / "fifo")  # (without O_NONBLOCK, opening it would wait for a writer)
    windows_like(monkeypatch, *missing)
    for name in ("link", "fifo", "."):
        with pytest.raises(NotRegular):
            open_regular(tmp_path / name)
    with pytest.raises(NotRegular):
        open_regular(tmp_path / "fifo", follow=True)
    for name in ("real", "link"):
        fd = open_regular(tmp_path / name, follow=name == "link")
        try:
            assert os.read(fd, 10) == b"data"
        finally:
            os.close(fd)


def test_a_file_swapped_between_looking_and_opening_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    looked, other = tmp_path / "looked", tmp_path / "other"
    looked.write_bytes(b"mine")
    other.write_bytes(b"theirs")
    windows_like(monkeypatch, *POSIX_ONLY)
    real_open = os.open

    def swapping(path: Any, flags: int, *args: Any) -> int:
        os.replace(other, looked)  # (what a hostile process could do in between)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", swapping)
    with pytest.raises(NotRegular):
        open_regular(looked)


def reparse(tag: int) -> Any:
    return SimpleNamespace(
        st_mode=stat.S_IFREG | 0o666,
        st_file_attributes=stat.FILE_ATTRIBUTE_REPARSE_POINT,
        st_reparse_tag=tag,
    )


def test_a_windows_junction_or_link_is_a_link_and_a_cloud_file_is_not() -> None:
    assert is_link(reparse(SYMLINK_TAG))
    assert is_link(reparse(JUNCTION_TAG))
    assert not is_link(reparse(ONEDRIVE_TAG))  # a OneDrive placeholder: the file itself
    assert not is_link(SimpleNamespace(st_mode=stat.S_IFREG | 0o666))  # type: ignore[arg-type]


def test_a_reparse_point_standing_for_another_file_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "event.tdc"
    path.write_bytes(b"x" * 100)
    windows_like(monkeypatch, *POSIX_ONLY)
    monkeypatch.setattr(os, "lstat", lambda p: reparse(JUNCTION_TAG))
    with pytest.raises(NotRegular):
        open_regular(path)


def test_a_named_fifo_is_refused_in_one_line_without_o_nonblock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "export.json"
    os.mkfifo(fifo)
    windows_like(monkeypatch, *POSIX_ONLY)
    with pytest.raises(InputRefused, match="is not a regular file"):
        read_input(fifo, 1024, "an export")


# --- who may write, how much, on what ----------------------------------------------------------


def test_without_user_ids_every_file_is_the_users_and_may_be_made_writable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    someone_else = SimpleNamespace(st_uid=4242)
    monkeypatch.setattr(os, "getuid", lambda: 1000)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert not system.mine(someone_else)  # type: ignore[arg-type]
    assert not system.may_override(someone_else)  # type: ignore[arg-type]
    assert not system.privileged()
    windows_like(monkeypatch, "getuid", "geteuid")
    assert system.mine(someone_else)  # type: ignore[arg-type]
    assert system.may_override(someone_else)  # type: ignore[arg-type]
    assert not system.privileged()


def test_a_read_only_file_is_said_read_only_without_user_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = tmp_path / "serata.tdc"
    event.write_bytes(b"x")
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)  # (root may write anything)
    monkeypatch.setattr(system, "read_only_medium", lambda folder: False)
    monkeypatch.setattr(os, "geteuid", lambda: 4242)
    assert faults.write_blocker(event) is faults.PERMISSION  # another user's file
    windows_like(monkeypatch, "geteuid")
    assert faults.write_blocker(event) is faults.READ_ONLY_FILE  # its read-only attribute


def test_free_space_comes_from_the_system_without_statvfs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    usage = shutil._ntuple_diskusage(1000 * 1024, 400 * 1024, 100 * 1024)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage)  # (Windows' own call)
    windows_like(monkeypatch, "statvfs", "geteuid")
    event = tmp_path / "serata.tdc"
    event.write_bytes(b"x")
    assert faults.free_space(tmp_path) == 100 * 1024
    assert faults.write_blocker(event) is faults.DISK_FULL
    monkeypatch.setattr(os, "geteuid", lambda: 0, raising=False)
    assert faults.free_space(tmp_path) == 600 * 1024  # root may use the blocks kept back


def test_no_file_size_limit_without_resource(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # (importing it fails)
    assert system.file_limit() is None


def test_the_file_size_limit_is_the_one_resource_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = {1: (4096, -1)}
    fake = SimpleNamespace(RLIMIT_FSIZE=1, RLIM_INFINITY=-1, getrlimit=limits.__getitem__)
    monkeypatch.setitem(sys.modules, "resource", fake)
    assert system.file_limit() == 4096
    limits[1] = (-1, -1)
    assert system.file_limit() is None


def test_the_descriptor_limit_is_the_soft_one_and_none_on_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limits = {7: (256, 1024)}
    fake = SimpleNamespace(RLIMIT_NOFILE=7, RLIM_INFINITY=-1, getrlimit=limits.__getitem__)
    monkeypatch.setitem(sys.modules, "resource", fake)
    assert system.open_files_limit() == 256
    limits[7] = (-1, -1)
    assert system.open_files_limit() == sys.maxsize
    monkeypatch.setattr(sys, "platform", "win32")
    assert system.open_files_limit() is None


def test_the_print_verb_is_windows_alone(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not system.prints_through_program()
    with pytest.raises(RuntimeError, match="Windows' alone"):
        system.print_through_program(tmp_path / "standings.pdf", "")


class FakeKernel:
    """``GetVolumePathNameW`` and ``GetVolumeInformationW`` as Windows answers them."""

    def __init__(self, flags: int) -> None:
        self.flags = flags

    def GetVolumePathNameW(self, path: str, buffer: Any, size: int) -> int:
        buffer.value = path[:3]
        return 1

    def GetVolumeInformationW(self, root: Any, *args: Any) -> int:
        args[4]._obj.value = self.flags  # (the flags' out-parameter, passed by reference)
        return 1


@pytest.mark.parametrize(("flags", "expected"), [(0x00080000, True), (0x2, False)])
def test_a_read_only_volume_is_told_by_windows_own_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flags: int, expected: bool
) -> None:
    event = tmp_path / "serata.tdc"
    event.write_bytes(b"x")
    plenty = shutil._ntuple_diskusage(1 << 40, 0, 1 << 40)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: plenty)  # (Windows' own call)
    windows_like(monkeypatch, "statvfs")
    assert not system.read_only_medium(tmp_path)  # nothing to ask: taken as writable
    monkeypatch.setattr(
        ctypes, "windll", SimpleNamespace(kernel32=FakeKernel(flags)), raising=False
    )
    assert system.read_only_medium(tmp_path) is expected
    assert (faults.write_blocker(event) is faults.READ_ONLY_MEDIUM) is expected


# --- a file system without hard links ----------------------------------------------------------


@pytest.mark.parametrize("code", [errno.EPERM, errno.EINVAL, errno.ENOTSUP])
def test_without_hard_links_an_output_is_still_whole_private_and_never_over_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    def refused(src: Any, dst: Any) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", refused)
    target = tmp_path / "standings.txt"
    write_new(target, b"whole")
    assert target.read_bytes() == b"whole"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    with pytest.raises(OutputRefused, match="already exists"):
        write_new(target, b"other")
    assert target.read_bytes() == b"whole"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standings.txt"]


def test_every_file_opened_is_opened_as_bytes(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows opens a descriptor as text unless given O_BINARY: the machine's sealing key (32
    # random bytes) would grow a byte at each newline and never be read back.
    binary = 1 << 30  # (Windows' O_BINARY, taken off again before Linux opens the file)
    monkeypatch.setattr(system, "BINARY", binary)
    opened: dict[str, list[int]] = {}
    real_open = os.open

    def recording(path: Any, flags: int, *args: Any) -> int:
        opened.setdefault(Path(path).name, []).append(flags)
        return real_open(path, flags & ~binary, *args)

    def refused(src: Any, dst: Any) -> None:
        raise OSError(errno.EPERM, "no hard links here")

    monkeypatch.setattr(os, "open", recording)
    monkeypatch.setattr(os, "link", refused)
    seal = snapshot.seal(7, "head", b"state")  # (makes the key)
    assert seal is not None and snapshot.sealed(seal, 7, "head", b"state")
    write_new(tmp_path / "standings.txt", b"line\n")
    assert read_input(tmp_path / "standings.txt", 1024, "an export") == b"line\n"
    assert len(opened["standings.txt"]) == 2  # written (the copy), then read
    for name in (snapshot.KEY_FILE, "standings.txt"):
        assert all(flags & binary for flags in opened[name]), name


# --- whether a process runs ------------------------------------------------------------------


def test_a_process_is_alive_while_it_runs() -> None:
    assert system.alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not system.alive(child.pid)


def test_on_posix_a_process_is_looked_at_without_ctypes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ctypes", None)  # (importing it fails)
    assert system.alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not system.alive(child.pid)


def ctrl_c(pid: int, sig: int) -> None:
    raise AssertionError("os.kill(pid, 0) is a Ctrl+C on Windows")


class FakeProcesses:
    """``OpenProcess``, ``GetExitCodeProcess``, ``GetLastError`` and ``CloseHandle``."""

    def __init__(self, exit_code: int | None, error: int = 0) -> None:
        self.exit_code, self.error, self.closed = exit_code, error, 0

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        return 0 if self.exit_code is None else 42

    def GetLastError(self) -> int:
        return self.error

    def GetExitCodeProcess(self, handle: int, code: Any) -> int:
        code._obj.value = self.exit_code
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.closed += 1
        return 1


@pytest.mark.parametrize(
    ("exit_code", "error", "expected"),
    [(259, 0, True), (0, 0, False), (None, 5, True), (None, 87, False)],
    ids=["running", "ended", "another-users", "no-such-process"],
)
def test_on_windows_a_process_is_looked_at_never_sent_a_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, exit_code: int | None, error: int, expected: bool
) -> None:
    processes = FakeProcesses(exit_code, error)
    monkeypatch.setattr(os, "kill", ctrl_c)
    monkeypatch.setattr(signal, "CTRL_C_EVENT", 0, raising=False)  # (Windows' signal 0)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=processes), raising=False)
    assert system.alive(4242) is expected
    assert processes.closed == (exit_code is not None)


def test_on_windows_a_process_that_cannot_be_looked_at_is_taken_as_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "kill", ctrl_c)
    monkeypatch.setattr(signal, "CTRL_C_EVENT", 0, raising=False)
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert system.alive(4242)
