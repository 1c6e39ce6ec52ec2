"""What differs between Linux, macOS and Windows, decided here alone (tests/portable/
test_os_branches.py): the files the console keeps, its limits, its server's port, printing.

Where POSIX modes exist (Linux, macOS) every file the console writes is 0600 and every folder
it makes 0700: its owner's only. Windows has no such modes: the console's own folders are in
the user's profile (platformdirs), which other users cannot open by default, and a file the
Director names elsewhere takes the permissions of its folder.

A file the console reads is opened without following a link to elsewhere and without waiting
on a FIFO: with ``O_NOFOLLOW``/``O_NONBLOCK`` where the system has them, and everywhere by
looking first (``os.lstat``: a symbolic link, a junction or another reparse point that stands
for a path is refused, and so is anything but a regular file) and then checking that the file
opened is the one looked at (``os.fstat``), so nothing swapped in between is read.

What Windows cannot tell beforehand: permissions given by its access lists (``os.access``
reads only a file's read-only attribute) and, where ``GetVolumeInformationW`` does not
answer, a read-only medium. A write refused for either is said when it happens, from its
error ("permission denied").

Where it can, a function asks for what it needs (``getattr(os, ...)``) rather than for the
system's name, so the tests can take an attribute away on Linux and see the other branch;
where it cannot, it reads ``sys.platform`` when called, which a test sets.
"""

from __future__ import annotations

import importlib
import os
import re
import signal
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
BINARY = getattr(os, "O_BINARY", 0)
"""Windows opens a descriptor as text (its newlines translated) unless told otherwise: every
file the console opens with ``os.open`` is bytes."""

_NAME_SURROGATE = 0x20000000
"""The bit of a Windows reparse tag that marks one standing for another path (a symbolic link,
a junction, a mount point); a cloud placeholder (OneDrive's) is a reparse point without it."""

_READ_ONLY_VOLUME = 0x00080000
"""``FILE_READ_ONLY_VOLUME``, a flag of ``GetVolumeInformationW``."""


class NotRegular(OSError):
    """Not a regular file, a link where none is followed, or swapped for another file between
    looking and opening."""


def make_folder(path: Path) -> Path:
    """Create the folder ``path`` and the parents it lacks, each its owner's only (0700 where
    POSIX modes exist). Folders already there are left as they are. Returns ``path``.

    Raises ``FileExistsError`` when a file that is not a folder is in the way."""
    missing: list[Path] = []
    folder = path
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, PRIVATE_FOLDER)
        except FileExistsError:
            if not folder.is_dir():
                raise
    return path


def is_link(info: os.stat_result) -> bool:
    """Whether ``info`` (from ``os.lstat``) is a symbolic link, or a Windows reparse point that
    stands for another path (a junction, a mount point)."""
    if stat.S_ISLNK(info.st_mode):
        return True
    attributes = getattr(info, "st_file_attributes", 0)
    tag = getattr(info, "st_reparse_tag", 0)
    return bool(attributes & stat.FILE_ATTRIBUTE_REPARSE_POINT and tag & _NAME_SURROGATE)


def open_regular(path: Path, *, follow: bool = False) -> int:
    """A read-only descriptor of the regular file ``path`` (the caller closes it).

    ``follow``: a symbolic link to a regular file is read (a file the Director names); without
    it a link is refused (a file the console keeps). A FIFO, a device or a folder is refused
    before it is opened, so nothing ever waits on one. Raises ``NotRegular``, or the
    ``OSError`` of the system."""
    looked = os.stat(path) if follow else os.lstat(path)
    if (not follow and is_link(looked)) or not stat.S_ISREG(looked.st_mode):
        raise NotRegular(f"not a regular file: {path}")
    flags = os.O_RDONLY | BINARY
    for name in ("O_NONBLOCK", "O_CLOEXEC", *(() if follow else ("O_NOFOLLOW",))):
        flags |= getattr(os, name, 0)
    fd = os.open(path, flags)
    try:
        opened = os.fstat(fd)
        if not os.path.samestat(looked, opened):
            raise NotRegular(f"swapped while opened: {path}")
    except BaseException:
        os.close(fd)
        raise
    return fd


Identity = tuple[int, int]
"""What tells one file apart from every other on this machine (``identity``)."""


def identity(info: os.stat_result) -> Identity:
    """The identity of the file ``info`` describes: its device and its number (``st_dev``,
    ``st_ino``), which ``os.stat`` reads on Windows from the system's own identity of a file
    (the volume's serial number and the file ID of ``GetFileInformationByHandle``). Where a
    file system numbers no files (``st_ino`` 0: FAT or a network share seen from Windows) the
    file's creation time stands in for its number (``st_birthtime``, Windows' own): a file put
    in its place is created anew."""
    number = info.st_ino
    if not number:
        born = getattr(info, "st_birthtime_ns", None)
        number = born if born is not None else getattr(info, "st_ctime_ns", 0)
    return info.st_dev, number


def still_there(path: Path, known: Identity) -> bool | None:
    """Whether ``path`` still names the file of identity ``known``: False when it was deleted,
    moved or replaced by another file; None when the system cannot say (a folder that
    cannot be read: the write that follows says its own cause)."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError):
        return None
    return identity(info) == known


def _user_id(name: str) -> int | None:
    get: Callable[[], int] | None = getattr(os, name, None)
    return None if get is None else get()


def mine(info: os.stat_result) -> bool:
    """Whether the file ``info`` belongs to this user. Where the system has no user ids
    (Windows: ``st_uid`` is always 0) every file is taken as the user's: the console's own
    folders are in the user's profile, which no other user can write by default."""
    uid = _user_id("getuid")
    return uid is None or info.st_uid == uid


def remove_leftovers(
    folder: Path, prefix: str, suffix: str, age: float, now: float | None = None
) -> list[str]:
    """Remove from ``folder`` what the console left there to be removed later (a build killed
    mid-write, a PDF handed to a program that reads it later): only regular files of this user
    (``mine``), named ``prefix…suffix``, last written ``age`` seconds or more before ``now``;
    never a link, a folder or another user's file. A courtesy: what cannot be looked at or
    removed stays. The names removed."""
    now = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(suffix)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or not mine(info) or now - info.st_mtime < age:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.name)
    return removed


def may_override(info: os.stat_result) -> bool:
    """Whether this process runs as the file's owner or as root, who may change its mode.
    Where there are no user ids (Windows) the answer is yes: there, a file that cannot be
    written is one marked read-only (``os.access`` tells nothing else)."""
    euid = _user_id("geteuid")
    return euid is None or euid in (0, info.st_uid)


def privileged() -> bool:
    """Whether this process runs as root (which may write the blocks a file system keeps
    back); never on a system without user ids."""
    return _user_id("geteuid") == 0


def read_only_medium(folder: Path) -> bool:
    """Whether ``folder`` is on a medium mounted read-only: ``statvfs`` where the system has
    it, else (Windows) the volume's own flag (``GetVolumeInformationW``). Where neither
    answers the medium is taken as writable, and a write refused says its own cause."""
    statvfs = getattr(os, "statvfs", None)
    if statvfs is not None:
        try:
            return bool(statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 1))
        except OSError:
            return False
    return _windows_read_only_volume(folder)


def _windows_volume(folder: Path) -> tuple[Any, Any] | None:
    """Windows' kernel32 and the root of the volume ``folder`` is on (``C:\\``, ``Z:\\``);
    None where it cannot be asked."""
    # lazy: ctypes, which only Windows asks, kept out of every command's start-up
    import ctypes

    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return None
    kernel = windll.kernel32
    root = ctypes.create_unicode_buffer(1024)
    if not kernel.GetVolumePathNameW(str(folder), root, len(root)):
        return None
    return kernel, root


def _windows_read_only_volume(folder: Path) -> bool:
    import ctypes  # lazy: only Windows asks

    volume = _windows_volume(folder)
    if volume is None:
        return False
    kernel, root = volume
    flags = ctypes.c_uint32(0)
    if not kernel.GetVolumeInformationW(root, None, 0, None, None, ctypes.byref(flags), None, 0):
        return False
    return bool(flags.value & _READ_ONLY_VOLUME)


_QUERY_LIMITED = 0x1000  # PROCESS_QUERY_LIMITED_INFORMATION
_STILL_ACTIVE = 259
_ACCESS_DENIED = 5


def alive(pid: int) -> bool:
    """Whether the process ``pid`` is running (another user's counts too). Signal 0 where
    it means "only look" (POSIX); on Windows, where signal 0 is ``CTRL_C_EVENT`` and
    ``os.kill(pid, 0)`` would send a Ctrl+C, the process is opened and its exit code read
    instead. One that cannot be looked at is taken as running."""
    if getattr(signal, "CTRL_C_EVENT", None) != 0:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True  # (another user's)
        return True
    # lazy: ctypes, which only Windows asks, kept out of every command's start-up
    import ctypes

    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return True
    kernel = windll.kernel32
    handle = kernel.OpenProcess(_QUERY_LIMITED, False, pid)
    if not handle:
        return bool(kernel.GetLastError() == _ACCESS_DENIED)
    try:
        code = ctypes.c_ulong(0)
        if not kernel.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == _STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)


def login_name(fallback: str) -> str:
    """The name this user logged in with (``getpass.getuser``: ``LOGNAME``, ``USER``,
    ``LNAME``, ``USERNAME``, then the password database where there is one; Windows sets
    ``USERNAME`` only), else ``fallback``."""
    # lazy: getpass (and termios with it), which only the floor console asks
    import getpass

    try:
        return getpass.getuser() or fallback
    except (OSError, ImportError, KeyError):
        return fallback


def disk_spelling(path: Path) -> Path:
    """``path`` made absolute (links resolved), each part spelled as the disk keeps it: where
    the disk ignores case (macOS's by default, Windows'), two spellings of one file give one
    path, so what is keyed on a path (a season's lock, an event's backups) is one for both.
    A part that is not there, or is there in one spelling only, is kept as given."""
    resolved = path.resolve()
    spelled = Path(resolved.anchor)
    for part in resolved.parts[1:]:
        spelled = spelled / _spelling(spelled, part)
    return spelled


def _spelling(folder: Path, name: str) -> str:
    other = name.swapcase()
    if other == name:
        return name
    try:
        if not os.path.samestat(os.lstat(folder / name), os.lstat(folder / other)):
            return name  # two files, or one spelling only: the disk keeps case
        entries = os.listdir(folder)
    except OSError:
        return name
    if name in entries:
        return name
    folded = name.casefold()
    return next((entry for entry in entries if entry.casefold() == folded), name)


def _resource() -> Any | None:
    """POSIX's ``resource`` module, None where the system has none (Windows)."""
    try:
        return importlib.import_module("resource")  # POSIX only: never at the top
    except ImportError:
        return None


def raise_open_files(wanted: int) -> None:
    """Raise this process's soft limit of open descriptors towards ``wanted``, as far as its
    hard limit allows (macOS's soft limit is 256 by default, Linux's often 1024). Nothing
    where the system has no such limit (Windows), or will not raise it."""
    resource = _resource()
    if resource is None:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if target <= soft:
        return
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        return  # (macOS refuses more than its kern.maxfilesperproc: the limit stays)


def open_files_limit() -> int | None:
    """This process's soft limit of open descriptors (``sys.maxsize`` when unlimited); None
    where the system keeps no such limit to read (Windows)."""
    resource = None if sys.platform == "win32" else _resource()
    if resource is None:
        return None
    soft = int(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    return sys.maxsize if soft == resource.RLIM_INFINITY else soft


def file_limit() -> int | None:
    """The largest file this process may write (``ulimit -f``), or None without a limit (and
    on Windows, which has none)."""
    resource = _resource()
    if resource is None:
        return None
    soft = int(resource.getrlimit(resource.RLIMIT_FSIZE)[0])
    return None if soft == resource.RLIM_INFINITY else soft


def reuse_address() -> bool:
    """Whether a server sets SO_REUSEADDR: where it means "take the port back from TIME_WAIT"
    (a restarted server); on Windows it means "share the port with another program"."""
    return sys.platform != "win32"


def prints_through_program() -> bool:
    """Whether a document is printed by the program registered for its kind (Windows' print
    verb, ``print_through_program``) rather than through a queue that lays it out (CUPS)."""
    return sys.platform == "win32"


def print_through_program(path: Path, printer: str) -> None:
    """Hand ``path`` to the print verb of the program registered for its kind, to print on
    ``printer`` (the default printer when empty). Raises the ``OSError`` of the system when no
    program prints such files (or prints to ``printer``)."""
    if sys.platform != "win32":  # os.startfile is Windows' alone
        raise RuntimeError("the print verb is Windows' alone")
    if printer:
        os.startfile(path, "printto", f'"{printer}"')
    else:
        os.startfile(path, "print")


_HELD_OPEN = frozenset({32, 33})
"""Windows' ``ERROR_SHARING_VIOLATION`` and ``ERROR_LOCK_VIOLATION``: the file is open in
another program that does not share it."""


def held_open(exc: OSError) -> bool:
    """Whether ``exc`` is Windows refusing a file another program holds open (a PDF viewer,
    Excel, an antivirus, OneDrive's sync): such a file cannot be replaced, removed or written
    until it is closed there. Python says it "permission denied" (``EACCES``); its
    ``winerror`` tells. Never elsewhere: POSIX replaces and removes open files."""
    return getattr(exc, "winerror", None) in _HELD_OPEN


NETWORK_FILE_SYSTEMS = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "afpfs", "webdav", "davfs", "9p", "afs", "ceph",
     "glusterfs", "lustre", "ncpfs", "coda", "fuse.sshfs", "fuse.rclone"}
)  # fmt: skip
"""File systems of another machine's disk (Linux's names in ``/proc/self/mounts``, macOS's
``f_fstypename``)."""
CLOUD_FOLDERS = {
    "onedrive": "OneDrive",
    "dropbox": "Dropbox",
    "google drive": "Google Drive",
    "googledrive": "Google Drive",
    "icloud drive": "iCloud",
    "mobile documents": "iCloud",
    "pcloud drive": "pCloud",
}
"""How the folders sync clients keep in step begin (case ignored: ``OneDrive - Club``,
macOS's ``~/Library/CloudStorage/OneDrive-…``, ``~/Library/Mobile Documents``), and whose."""
MOUNTS = Path("/proc/self/mounts")
_DRIVE_REMOTE = 4  # GetDriveTypeW's answer for a network drive
_STATFS_SIZE = 2168  # macOS's struct statfs (64-bit inodes)
_STATFS_TYPE_NAME = slice(72, 88)  # its f_fstypename


def shared_folder(folder: Path) -> str | None:
    """Why an event file in ``folder`` would not be this machine's alone, where SQLite cannot
    keep it safe: "network" (a network share or a mapped network drive: its WAL needs memory
    shared on one machine) or the name of the sync client copying the folder elsewhere
    (OneDrive, iCloud, Dropbox…, a heuristic on the folders' names: it copies a file in the
    middle of its writes). None for a folder of this machine's own disks.

    Asked of each system in its own words: Windows' UNC paths and ``GetDriveTypeW``, macOS's
    ``statfs`` (``f_fstypename``), Linux's mount table (``/proc/self/mounts``)."""
    absolute = Path(os.path.abspath(folder))
    if _network_folder(absolute):
        return "network"
    for part in absolute.parts:
        folded = part.casefold()
        for start, client in CLOUD_FOLDERS.items():
            if folded == start or folded.startswith((f"{start} ", f"{start}-")):
                return client
    return None


def _network_folder(folder: Path) -> bool:
    if sys.platform == "win32":
        return _windows_network(folder)
    if sys.platform == "darwin":
        return _mac_file_system(folder) in NETWORK_FILE_SYSTEMS
    return _mounted_file_system(folder) in NETWORK_FILE_SYSTEMS


def _windows_network(folder: Path) -> bool:
    text = str(folder)
    if text.startswith(("\\\\?\\UNC\\", "//")) or (
        text.startswith("\\\\") and not text.startswith(("\\\\?\\", "\\\\.\\"))
    ):
        return True  # \\server\share
    volume = _windows_volume(folder)
    if volume is None:
        return False
    kernel, root = volume
    return bool(kernel.GetDriveTypeW(root) == _DRIVE_REMOTE)


def _mac_file_system(folder: Path) -> str | None:
    # lazy: ctypes, which only macOS asks here
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        statfs = getattr(libc, "statfs$INODE64", None) or libc.statfs  # (Intel: 64-bit inodes)
    except (OSError, AttributeError):
        return None
    found = ctypes.create_string_buffer(_STATFS_SIZE)
    if statfs(os.fsencode(_existing(folder)), found) != 0:
        return None
    return found.raw[_STATFS_TYPE_NAME].split(b"\0")[0].decode("ascii", "replace")


def _mounted_file_system(folder: Path) -> str | None:
    """The type of the file system ``folder`` is on, from the mount table (the mount point
    that holds it with the longest path); None where there is no table to read."""
    try:
        lines = MOUNTS.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    where = os.path.realpath(_existing(folder))
    best, kind = -1, None
    for line in lines:
        fields = line.split()
        if len(fields) < 3:
            continue
        point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), fields[1])
        inside = where == point or where.startswith(point.rstrip("/") + "/")
        if inside and len(point) > best:
            best, kind = len(point), fields[2]
    return kind


def _existing(folder: Path) -> Path:
    """``folder``, or its nearest parent that exists (a new event's folder may not yet)."""
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    return folder
