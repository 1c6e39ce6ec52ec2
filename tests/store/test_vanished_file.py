"""An event file deleted, moved or replaced while open: the next write is refused in one line
that says so and what to do, nothing is recorded, and it stays refused (see also
tests/floor/test_vanished.py for the served floor, over real sockets)."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tdhelpers.vanishing import MOVED_TO, VANISHINGS, deleted, moved, replaced

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.service import Tournament
from tdconsole.store import system
from tdconsole.store.eventstore import EventStore, StoreError
from tdconsole.store.settings_file import load_settings

SAID = "was deleted, moved or replaced while open: nothing was recorded"


def new_event(tmp_path: Path) -> Path:
    path = tmp_path / "serata.tdc"
    Tournament.create(path, "serata", load_settings()).close()
    return path


def message(service: Tournament, text: str) -> None:
    service.execute(ShowMessage(message=text))


@pytest.mark.parametrize("vanish", VANISHINGS)
def test_a_write_after_the_file_vanished_is_refused_and_records_nothing(
    tmp_path: Path, vanish: Callable[[Path], None]
) -> None:
    path = new_event(tmp_path)
    service = Tournament.open(path)
    try:
        message(service, "first")
        seq = service.state.last_seq
        vanish(path)
        for _ in range(2):  # (and stays refused)
            with pytest.raises(StoreError) as refused:
                message(service, "second")
            said = refused.value.said.text("en")
            assert SAID in said and "go on with that file" in said and "\n" not in said
        assert service.state.last_seq == seq
        assert service.write_blocked() is not None
        saved = service.store.rescued
        assert saved is not None and f"saved in {saved}:" in said
    finally:
        service.close()
    # All it held until then is in the copy, each acknowledged write (not the one refused),
    # and the copy is its owner's only.
    assert saved.stat().st_mode & 0o777 == 0o600
    copy = Tournament.open(saved)
    try:
        assert copy.state.last_seq == seq and copy.state.message is not None
        assert copy.state.message.text == "first"
    finally:
        copy.close()
    if vanish is moved:  # put back, it is found whole (its -wal stayed at its path)
        path.with_name(MOVED_TO).rename(path)
    if vanish is not deleted:
        again = Tournament.open(path)
        try:
            assert again.state.message is None or again.state.message.text == "first"
            assert again.state.last_seq <= seq
        finally:
            again.close()


def test_a_file_moved_away_and_back_is_the_same_file(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    store = EventStore(path)
    try:
        aside = path.with_name("aside.tdc")
        path.rename(aside)
        aside.rename(path)
        assert not store.gone()
        with store.transaction():
            pass
    finally:
        store.close()


def test_the_file_vanishing_mid_write_records_nothing(tmp_path: Path) -> None:
    """Looked at again just before the write is committed: a file moved while the command
    was being decided gets nothing."""
    path = new_event(tmp_path)
    service = Tournament.open(path)
    try:
        seq = service.state.last_seq
        decide = ShowMessage.decide

        def moving(self: ShowMessage, *args: Any) -> Any:
            moved(path)
            return decide(self, *args)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ShowMessage, "decide", moving)
            with pytest.raises(StoreError, match="deleted, moved or replaced"):
                message(service, "lost")
    finally:
        service.close()
    path.with_name(MOVED_TO).rename(path)  # put back: whole, the message not in it
    again = Tournament.open(path)
    try:
        assert again.state.last_seq == seq
    finally:
        again.close()


def test_the_command_line_says_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file deleted between the command line opening it and writing: refused, said."""
    path = new_event(tmp_path)
    opened = Tournament.open

    def open_then_delete(*args: Any, **kwargs: Any) -> Tournament:
        service = opened(*args, **kwargs)
        path.unlink()
        return service

    monkeypatch.setattr(Tournament, "open", open_then_delete)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["--event", str(path), "--lang", "en", "message", "Pausa"])
    assert code == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and SAID in lines[0], err.getvalue()


# -- the file's identity, as each system gives it -------------------------------------------
def test_the_identity_is_the_device_and_the_file_number(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    info = os.stat(path)
    assert system.identity(info) == (info.st_dev, info.st_ino)
    assert system.still_there(path, system.identity(info)) is True
    assert system.still_there(tmp_path / "gone.tdc", system.identity(info)) is False


def test_where_no_file_number_is_given_the_creation_time_tells_files_apart() -> None:
    """Windows' stat on a file system without file IDs (st_ino 0): its own creation time."""
    one = SimpleNamespace(st_dev=7, st_ino=0, st_birthtime_ns=1_000, st_ctime_ns=5)
    other = SimpleNamespace(st_dev=7, st_ino=0, st_birthtime_ns=2_000, st_ctime_ns=5)
    assert system.identity(one) == (7, 1_000)  # type: ignore[arg-type]
    assert system.identity(one) != system.identity(other)  # type: ignore[arg-type]
    older = SimpleNamespace(st_dev=7, st_ino=0, st_ctime_ns=5)  # (Python before 3.12)
    assert system.identity(older) == (7, 5)  # type: ignore[arg-type]


class _WindowsStat:
    """A stat result as Windows gives it on a file system without file IDs: ``st_ino`` 0,
    the creation time in ``st_birthtime_ns`` (here the Linux file number stands for it: a
    file put in the place of another is created anew)."""

    def __init__(self, real: os.stat_result) -> None:
        self._real = real
        self.st_ino = 0
        self.st_birthtime_ns = real.st_ino

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.mark.parametrize("vanish", VANISHINGS)
def test_without_file_numbers_a_vanished_file_is_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, vanish: Callable[[Path], None]
) -> None:
    path = new_event(tmp_path)
    real = os.stat
    monkeypatch.setattr(system.os, "stat", lambda p, *a, **k: _WindowsStat(real(p, *a, **k)))
    store = EventStore(path)
    try:
        assert store._identity[1] == real(path).st_ino
        vanish(path)
        with pytest.raises(RuleError, match="deleted, moved or replaced"), store.transaction():
            pass
    finally:
        store.close()


# -- what is not a file, named as what it is -------------------------------------------------
@pytest.mark.parametrize(
    ("make", "named"),
    [(lambda p: os.mkfifo(p), "a FIFO (named pipe)"), (None, "a device")],
    ids=["fifo", "device"],
)
def test_a_fifo_or_a_device_given_as_the_event_is_named_as_what_it_is(
    tmp_path: Path, make: Callable[[Path], None] | None, named: str
) -> None:
    path = tmp_path / "serata.tdc"
    if make is None:
        path = Path(os.devnull)
    else:
        make(path)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["--event", str(path), "--lang", "en", "state"])
    assert code == 2
    said = err.getvalue()
    assert f"is {named}, not an event file" in said and "create one" not in said, said


def test_no_snapshot_is_written_once_the_file_was_replaced(tmp_path: Path) -> None:
    """The cache is written by the connection to the file opened: once another file took its
    path (and the name of its -wal), nothing is written through it."""
    path = new_event(tmp_path)
    store = EventStore(path)
    try:
        replaced(path)
        assert not store.save_snapshot(store.last_seq(), "f", b"x")
    finally:
        store.close()
