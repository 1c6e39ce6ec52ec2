"""Small file systems made for a test: a tmpfs of a given size, remounted read-only at will.

Mounting needs root (CI runs as root); elsewhere the tests that need one are skipped, saying so.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=False)


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "4m") -> Iterator[Path]:
    """A fresh tmpfs of ``size`` at ``where`` (skips the test when none can be mounted)."""
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (CI runs as root)")
    done = _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where))
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        _run("umount", "-l", str(where))


def remount(where: Path, mode: str) -> None:
    """``mode``: "ro" or "rw"."""
    done = _run("mount", "-o", f"remount,{mode}", str(where))
    assert done.returncode == 0, done.stderr


def fill(folder: Path, leave: int) -> Path:
    """Fill the file system of ``folder`` with one file, leaving about ``leave`` bytes free."""
    stats = os.statvfs(folder)
    free = stats.f_bfree * stats.f_frsize
    filler = folder / "filler"
    with open(filler, "wb") as handle:
        chunk = b"\0" * 65536
        remaining = max(0, free - leave)
        with contextlib.suppress(OSError):
            while remaining > 0:
                written = handle.write(chunk[: min(len(chunk), remaining)])
                remaining -= written
    return filler
