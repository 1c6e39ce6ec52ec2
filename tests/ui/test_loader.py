"""The console paints a light opening screen first, opens the event in a worker after it,
then composes the console with the event's data in place of the opening."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.service import Tournament
from tdconsole.ui.app import build_app
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.screens.opening import OpeningScreen
from tdconsole.ui.screens.start import StartScreen

from .conftest import frozen, settle
from .test_actions import SIZE, messages, text_of


async def test_the_frame_first_then_the_event(demo_file: Path) -> None:
    opened: list[Tournament] = []

    def load() -> Tournament:
        service = Tournament.open(demo_file, clock=frozen, rng=random.Random(7))
        opened.append(service)
        return service

    app = build_app(None, frozen, loader=load, title="demo")
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, OpeningScreen)
            assert "tdconsole · demo" in text_of(app.screen.query_one("#title"))
            assert "Apertura dell'evento…" in text_of(app.screen.query_one("#opening"))
            await settle(pilot)  # the event opened in its worker, the console composed
            assert isinstance(app.screen, ConsoleScreen)
            assert len(app.screen_stack) == 2  # the opening screen replaced, not kept below
            assert app.service is opened[0]
            assert "Moretti" in text_of(app.screen.query_one("TableCard"))
            await pilot.press("e", "ctrl+r", "enter")  # the console works as before
            await pilot.pause()
            assert app.service.state.in_play == 23
    finally:
        for service in opened:
            service.close()


async def test_an_event_that_cannot_be_opened(tmp_path: Path) -> None:
    def load() -> Tournament:
        raise RuleError(
            _("no event at {path}: check the name or the path").format(path="nowhere.tdc")
        )

    app = build_app(None, frozen, loader=load)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert any("nessun evento in nowhere.tdc" in m for m in messages(app))


async def test_the_floor_says_why_the_event_did_not_open(tmp_path: Path) -> None:
    def load() -> Tournament:
        raise RuleError(
            _("no event at {path}: check the name or the path").format(path="nowhere.tdc")
        )

    app = build_app(None, frozen, mode="floor", lang="en", loader=load)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, OpeningScreen)
        assert "no event at nowhere.tdc" in text_of(app.screen.query_one("#opening"))
