"""The console run for a person sets the objects of its start aside from Python's collector
once its event is shown (``tdconsole.ui.app.settled_heap``): a full collection then walks only
what was made since, instead of every object, which stops the console under a busy floor.
A test's console sets nothing aside (each test's console would be kept for good)."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tdconsole.service import Tournament
from tdconsole.ui.app import build_app, settled_heap
from tdconsole.ui.screens.console import ConsoleScreen

from .conftest import frozen, settle


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The collector as it was after the test: what a test set aside is given back to it."""
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.parametrize("settle_heap", [True, False], ids=["for-a-person", "in-a-test"])
async def test_the_start_is_set_aside_from_the_collector_once_the_event_shows(
    demo_file: Path, unfrozen: None, settle_heap: bool
) -> None:
    service = Tournament.open(demo_file, clock=frozen, rng=random.Random(7))
    try:
        app = build_app(service, frozen, settle_heap=settle_heap)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ConsoleScreen)
            frozen_now = gc.get_freeze_count()
            if not settle_heap:
                assert frozen_now == 0
                return
            # The console's start (modules, styles, the State, the views) is tens of
            # thousands of objects; the console acts as before.
            assert frozen_now > 20_000
            await pilot.press("e", "ctrl+r", "enter")
            await settle(pilot)
            assert service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
    finally:
        service.close()


def test_the_command_line_runs_the_console_that_sets_its_start_aside(
    tmp_path: Path, demo_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tdconsole.cli import ui_cmds

    built: dict[str, Any] = {}

    class Ran:
        service = None
        crash = None
        return_code = 0

        def run(self) -> int:
            return 0

    def build(*args: Any, **kwargs: Any) -> Ran:
        built.update(kwargs)
        return Ran()

    monkeypatch.setattr("tdconsole.ui.app.build_app", build)
    args = type("A", (), {"event": str(demo_file)})()
    assert ui_cmds.run_console(args, "director") == 0  # type: ignore[arg-type]
    assert built["settle_heap"] is True


class Node:
    me: Node


def test_what_was_set_aside_and_died_is_freed_when_the_next_event_opens(unfrozen: None) -> None:
    """An object in a cycle set aside (the last event's console, once another is opened) is
    kept by the collector until the next setting aside, which gives it back first."""
    node = Node()
    node.me = node
    gone = weakref.ref(node)
    settled_heap()
    del node
    gc.collect()
    assert gone() is not None
    settled_heap()
    assert gone() is None
