"""Windows flushes a file to the disk only through a handle open for writing
(``FlushFileBuffers``): ``os.fsync`` on one opened read-only fails there. Simulated on Linux
by an ``os.fsync`` that refuses what Windows refuses."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tdconsole.store.index_cache import IndexData, open_index, write_index
from tdconsole.store.output import sync_path

fcntl = pytest.importorskip("fcntl")  # (reads a descriptor's access mode here)


@pytest.fixture
def flushed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every descriptor flushed; one opened read-only is refused, as Windows does."""
    done: list[int] = []

    def windows_fsync(fd: int) -> None:
        if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
            raise OSError(errno.EBADF, "Bad file descriptor")  # [WinError 5] there
        done.append(fd)

    monkeypatch.setattr(os, "fsync", windows_fsync)
    return done


def test_the_rules_index_is_kept_where_read_only_handles_cannot_be_flushed(
    tmp_path: Path, flushed: list[int]
) -> None:
    path = tmp_path / "index" / "rules-index.sqlite"
    data = IndexData(docs=[], terms={}, phrases=[], avg_length=1.0)
    assert write_index(path, data, "seen", "digest")
    assert flushed
    kept = open_index(path, "seen", lambda: "digest")
    assert kept is not None
    kept.close()


def test_a_finished_file_is_flushed_through_a_handle_that_may_write(
    tmp_path: Path, flushed: list[int]
) -> None:
    path = tmp_path / "standings.txt"
    path.write_bytes(b"whole")
    sync_path(path)
    assert len(flushed) == 1
    assert path.read_bytes() == b"whole"
