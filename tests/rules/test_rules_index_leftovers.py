"""A build of the kept rulebook index killed mid-write leaves its temporary file; the next
build removes such leftovers, and nothing else (docs/rules-search.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tdconsole.rules.search import search
from tdconsole.store.index_cache import STALE_SECONDS, cache_path, sweep_stale

OLD = STALE_SECONDS + 60


pytestmark = pytest.mark.usefixtures("no_index_held")


def aged(path: Path, seconds: float) -> Path:
    when = path.lstat().st_mtime - seconds
    os.utime(path, (when, when), follow_symlinks=False)
    return path


def test_only_old_leftovers_of_this_user_are_removed(tmp_path: Path) -> None:
    """Attack: a build killed mid-write leaving its temporary file, beside a link, a folder, a young
    build's file and another file under the same kind of name. Holds: the next build removes only
    the leftover older than an hour."""
    stale = tmp_path / ".rules-index.killed.tmp"
    stale.write_bytes(b"half a database")
    aged(stale, OLD)
    fresh = tmp_path / ".rules-index.building.tmp"
    fresh.write_bytes(b"another process's build under way")
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / ".rules-index.link.tmp"
    link.symlink_to(target)
    aged(link, OLD)
    folder = tmp_path / ".rules-index.folder.tmp"
    folder.mkdir()
    aged(folder, OLD)
    other = tmp_path / "notes.tmp"
    other.write_text("not ours")
    aged(other, OLD)

    assert sweep_stale(tmp_path) == [stale.name]
    assert not stale.exists()
    assert fresh.exists() and link.is_symlink() and folder.is_dir() and other.exists()
    assert target.read_text() == "keep me"


def test_a_leftover_is_young_until_the_hour_has_passed(tmp_path: Path) -> None:
    leftover = tmp_path / ".rules-index.x.tmp"
    leftover.write_bytes(b"")
    mtime = leftover.stat().st_mtime
    assert sweep_stale(tmp_path, now=mtime + STALE_SECONDS - 1) == []
    assert sweep_stale(tmp_path, now=mtime + STALE_SECONDS + 1) == [leftover.name]


def test_an_unreadable_or_missing_folder_is_no_error(tmp_path: Path) -> None:
    assert sweep_stale(tmp_path / "missing") == []


def test_the_next_build_removes_a_killed_builds_file(data_dir: Path) -> None:
    folder = cache_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    leftover = folder / ".rules-index.killed.tmp"
    leftover.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    aged(leftover, OLD)
    assert search("dote")
    assert [p.name for p in folder.iterdir()] == [cache_path().name]
