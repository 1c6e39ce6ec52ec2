"""The console never freezes on a busy event file: while another terminal holds the file's
write lock, a key that records waits in a worker, the console says it waits and keeps taking
keys, a second write is refused meanwhile, and once the file is free the write lands once."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from tdconsole.domain.play import Bust
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.writes import WriteLane

from .conftest import key_event, settle

MakeApp = Callable[..., ConsoleApp]

WAITING = "Waiting for the event file"
STILL = "still being recorded"


@pytest.fixture(autouse=True)
def wait_notice_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The waiting notice as soon as the write waits (no wall clock in the tests)."""
    monkeypatch.setattr(WriteLane, "WAIT_NOTICE_SECONDS", 0)


@contextmanager
def held(path: Path) -> Iterator[sqlite3.Connection]:
    """Another terminal's write under way: the file's write lock held until released."""
    with closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        yield other
        if other.in_transaction:
            other.execute("ROLLBACK")


async def key(pilot: Pilot[Any], name: str) -> None:
    """``name`` pressed, the app at rest after it, its write (if any) left waiting."""
    event = key_event(name)
    event.set_sender(pilot.app)
    pilot.app.post_message(event)
    await settle(pilot, workers=False, writes=False)


def said(app: ConsoleApp, words: str) -> list[str]:
    return [n.message for n in notifications(app) if words in n.message]


async def waiting_said(pilot: Pilot[Any], app: ConsoleApp) -> None:
    """Until the console says it waits for the file (its write cannot end before: the file is
    held)."""
    for _ in range(50):
        if said(app, WAITING):
            return
        await settle(pilot, workers=False, writes=False)
    raise AssertionError("the console never said it waits for the file")


def commands_after(service: Tournament, seq: int) -> list[str]:
    """The commands recorded after event ``seq``, each by its first event's type."""
    firsts: dict[int, str] = {}
    for record in service.log():
        if record.seq > seq and record.type != "command":
            firsts.setdefault(record.command, record.type)
    return list(firsts.values())


async def test_a_key_that_records_waits_for_a_busy_file_without_freezing(
    make_app: MakeApp,
) -> None:
    """Attack: another terminal holds the file's write lock; the Director pauses the clock,
    switches tab, and presses the clock's key again. Holds: the console says it waits, the tab
    switch is processed while the write waits, the second press is refused, and once the lock
    is released the clock is paused once."""
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        service = console.service
        assert service is not None and service.state.clock is not None
        running, seq = service.state.clock.running, service.state.last_seq
        with held(service.store.path) as other:
            await key(pilot, "space")
            await waiting_said(pilot, console)
            await key(pilot, "2")
            assert console.screen.query_one(TabbedContent).active == "players"
            await key(pilot, "space")
            assert said(console, STILL), "a second write while one waits is refused"
            assert console.writing and service.state.last_seq == seq
            other.execute("ROLLBACK")
            await settle(pilot)
        assert not console.writing
        assert service.state.clock.running is not running
        assert commands_after(service, seq) == ["clock_changed"]
        assert not said(console, WAITING), "the waiting notice goes once the write is done"
        assert said(console, "u to undo")


async def test_a_dialogs_command_on_a_busy_file_closes_it_once_recorded(
    make_app: MakeApp,
) -> None:
    """The dialog that asked stays open while the file is busy, and closes once the command
    is recorded; undo, on a busy file, waits the same way and undoes once."""
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        service = console.service
        assert service is not None
        seq = service.state.last_seq
        await pilot.press("x")  # a dialog (the disqualification); the command posted as its own
        dialog = console.screen
        with held(service.store.path) as other:
            console.post_message(
                CommandRequested(Bust(names=["Moretti"], declined=True), dialog=dialog)
            )
            await waiting_said(pilot, console)
            assert console.screen is dialog, "the dialog stays open while the file is busy"
            other.execute("ROLLBACK")
            await settle(pilot)
        assert console.screen is not dialog
        assert commands_after(service, seq) == ["players_eliminated"]
        with held(service.store.path) as other:
            await key(pilot, "u")
            await key(pilot, "enter")  # asked first, naming what
            await waiting_said(pilot, console)
            await key(pilot, "u")  # nothing asked while a write waits: refused
            assert said(console, STILL)
            other.execute("ROLLBACK")
            await settle(pilot)
        assert commands_after(service, seq) == ["players_eliminated", "undone"]
