"""Run tdconsole's command line on Linux as on a system without POSIX's own parts (Windows):
its modules (``fcntl``, ``resource``, ``pwd``, ``grp``, ``termios``) made unimportable and its
calls and flags taken out of ``os`` before tdconsole is imported.

    python tests/portable/windows_like.py ARGS...   (the same as ``tdconsole ARGS...``)
    python tests/portable/windows_like.py -c CODE   (CODE run there, as ``python -c``)

A library that chooses its Windows parts on Windows (platformdirs' folders) is imported
first, as Linux's: only tdconsole meets the gaps.
Windows answers free space itself (``nt._getdiskusage``): ``shutil.disk_usage`` keeps Linux's
answer here, read before ``statvfs`` goes, as Windows' own call stands in for it.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import warnings

POSIX_MODULES = ("fcntl", "resource", "pwd", "grp", "termios")
POSIX_OS = (
    "statvfs",
    "fstatvfs",
    "ST_RDONLY",
    "ST_NOSUID",
    "geteuid",
    "getuid",
    "getegid",
    "getgid",
    "getrlimit",
    "O_NOFOLLOW",
    "O_NONBLOCK",
    "O_CLOEXEC",
)


LIBRARIES = ("platformdirs",)
"""The libraries whose Linux parts need what is taken away (platformdirs asks for the user id)."""


def windows_like() -> None:
    for library in LIBRARIES:
        importlib.import_module(library)
    # filelock is not: without fcntl it takes its soft lock (a file made exclusively), and
    # says so once
    warnings.filterwarnings("ignore", "only soft file lock is available")
    statvfs = os.statvfs

    def disk_usage(path: str | os.PathLike[str]) -> shutil._ntuple_diskusage:
        stats = statvfs(path)
        total = stats.f_blocks * stats.f_frsize
        free = stats.f_bavail * stats.f_frsize
        return shutil._ntuple_diskusage(total, total - stats.f_bfree * stats.f_frsize, free)

    shutil.disk_usage = disk_usage
    for name in POSIX_MODULES:
        sys.modules[name] = None  # type: ignore[assignment]  # (import raises ImportError)
    for name in POSIX_OS:
        if hasattr(os, name):
            delattr(os, name)


if __name__ == "__main__":
    assert "tdconsole" not in sys.modules
    windows_like()
    if sys.argv[1:2] == ["-c"]:
        exec(sys.argv[2], {"__name__": "__windows_like__"})
    else:
        from tdconsole.cli import main

        sys.exit(main(sys.argv[1:]))
