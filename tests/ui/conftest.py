"""UI fixtures: the demo event on a temporary file, a frozen clock, apps built by the factory.

Nothing a test sees may depend on how fast the machine is. Besides the frozen clock: keys are
pressed one at a time, each once the app is at rest (``settle``); a notification stays until
the test ends (Textual drops it when its timeout passes on the wall clock); and a snapshot is
taken with the app at rest and its text cursors still (a focused field blinks every half
second of wall time)."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widgets import Input, TextArea

from tdconsole.demo import build_demo
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, Mode, build_app

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
"""The frozen moment every UI test (and snapshot) sees."""


def frozen() -> datetime:
    return NOW


@pytest.fixture
def demo_file(tmp_path: Path) -> Path:
    return build_demo(tmp_path / "demo.tdc", now=NOW)


MakeApp = Callable[..., ConsoleApp]


def _messages_pending(app: App[Any]) -> bool:
    nodes: list[MessagePump] = [app]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children(with_self=True))
    return any(node.message_queue_size for node in nodes)


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the app is at rest: its workers (a rule search, a printout, the opening of
    the event, a field's suggestion) finished, and no message (a key, a mount, a focus, what a
    worker posted) waiting in the app or in any widget of its screens; or until the app has
    ended."""
    app = pilot.app
    while True:
        await pilot.pause()
        if not app.is_running:
            # The app ended (a crash, ``q``): what is left in its queues is never processed.
            # The test goes on, and ``run_test`` raises the app's error as it exits.
            return
        if app.workers:
            # A worker may start another (the demo is built, then opened): those too.
            await asyncio.gather(*(w.wait() for w in list(app.workers)), return_exceptions=True)
        elif not _messages_pending(app):
            return


def still_cursors(app: App[Any]) -> None:
    """Stop the blinking of every text cursor: a focused field shows its cursor, always."""
    for screen in app.screen_stack:
        for field in screen.query(Input).results():
            field.cursor_blink = False
        for area in screen.query(TextArea).results():
            area.cursor_blink = False


@pytest.fixture(autouse=True)
def keys_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pilot.press`` sends each key once the app is at rest after the one before. Textual's
    sends the next key after guessing from the CPU time that the app is idle: on a busy
    machine a key typed into a dialog can land before the dialog is up and its field focused."""
    press = Pilot.press

    async def one_at_a_time(self: Pilot[Any], *keys: str) -> None:
        for key in keys:
            await press(self, key)
            await settle(self)

    monkeypatch.setattr(Pilot, "press", one_at_a_time)


@pytest.fixture(autouse=True)
def lasting_notifications(monkeypatch: pytest.MonkeyPatch) -> None:
    """A notification stays until the test ends, however long the steps before it is looked
    at take on a busy machine."""
    notify = ConsoleApp.notify

    def lasting(self: ConsoleApp, message: str, **kwargs: Any) -> None:
        kwargs["timeout"] = math.inf
        notify(self, message, **kwargs)

    monkeypatch.setattr(ConsoleApp, "notify", lasting)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's ``snap_compare``, with the screen at rest for the picture:
    the workers done and the text cursors still."""

    def compare(
        app: App[Any],
        run_before: Callable[[Pilot[Any]], Awaitable[None]] | None = None,
        **kwargs: Any,
    ) -> bool:
        async def at_rest(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                await run_before(pilot)
            await settle(pilot)
            still_cursors(pilot.app)

        return snap_compare(app, run_before=at_rest, **kwargs)

    return compare


@pytest.fixture
def make_app(demo_file: Path) -> Iterator[MakeApp]:
    services: list[Tournament] = []

    def make(
        mode: Mode = "director",
        path: Path | None = None,
        lang: str | None = None,
        actor: str | None = None,
    ) -> ConsoleApp:
        role = "floor" if mode == "floor" else "director"
        service = Tournament.open(
            path or demo_file, clock=frozen, role=role, actor=actor, rng=random.Random(7)
        )
        services.append(service)
        return build_app(service, frozen, mode=mode, lang=lang, actor=actor)  # type: ignore[arg-type]

    yield make
    for service in services:
        service.close()


@pytest.fixture
def app(make_app: MakeApp) -> ConsoleApp:
    return make_app()


def bust_at(service: Tournament, table: int, leave: int) -> None:
    """Eliminate players of ``table`` (declining the second stack) until ``leave`` are left."""
    from tdconsole.domain.play import Bust

    while True:
        players = service.state.players_at(service.state.tables[table])
        if len(players) <= leave:
            return
        service.execute(Bust(names=[players[-1].name], declined=True))


@pytest.fixture
def closing_file(demo_file: Path) -> Path:
    """The demo with table 1 down to three players: it must close (Art. IV.4)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    service.close()
    return demo_file


@pytest.fixture
def final_file(demo_file: Path) -> Path:
    """The demo down to nine players: the final is due (Art. IV.2)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    bust_at(service, 2, 3)
    bust_at(service, 3, 3)
    service.close()
    return demo_file
