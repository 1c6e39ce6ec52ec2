"""The Director's message from the console (Art. VII.1): its key, or the palette, opens a dialog;
Enter shows the message (the room panel and the terminal display show it, as written), the
text emptied takes it off; Escape changes nothing."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

from tdhelpers.support import started
from textual.widgets import Input, Static

from tdconsole.domain.message import Message
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.screens.display import DisplayScreen

from .conftest import console, frozen, opened_by, settle
from .test_actions import SIZE, messages
from .test_cash import shown

TEXT = "[red]Cena[/] servita"
"""Markup that must be shown as written."""


def evening(path: Path) -> Tournament:
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(1))
    started(service, ["Ada", "Bea", "Cid", "Dan"])
    return service


async def test_the_key_opens_the_dialog_and_enter_shows_the_message(tmp_path: Path) -> None:
    service = evening(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        last = service.state.last_seq
        await pilot.press("exclamation_mark")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        await pilot.press(*"Dinner")
        await pilot.press("escape")  # nothing changes
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        assert service.state.last_seq == last and service.state.message is None
        await pilot.press("exclamation_mark")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        app.screen.query_one("#message", Input).value = TEXT
        await pilot.press("tab", *"15", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        assert service.state.message is not None
        assert service.state.message.text == TEXT
        until = service.state.message.until
        assert until is not None and (until - frozen()).total_seconds() == 15 * 60
        assert any(f"messaggio alla sala: {TEXT}" in m for m in messages(app)), messages(app)
        panel = shown(app.screen.query_one("#room", Static))
        assert f"Messaggio alla sala: {TEXT}" in panel
        # The text emptied: the message comes off.
        await pilot.press("exclamation_mark")
        await settle(pilot)
        field = app.screen.query_one("#message", Input)
        assert field.value == TEXT  # the one shown, to edit
        field.value = ""
        await pilot.press("enter")
        await settle(pilot)
        assert service.state.message is None
        assert "Messaggio alla sala" not in shown(app.screen.query_one("#room", Static))


async def test_a_refused_message_leaves_the_dialog_open(tmp_path: Path) -> None:
    service = evening(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        last = service.state.last_seq
        await pilot.press("exclamation_mark")
        await settle(pilot)
        await pilot.press(*"Dinner", "tab", *"999", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        assert any("240" in m for m in messages(app)), messages(app)
        assert service.state.last_seq == last


async def test_the_palette_offers_the_message(tmp_path: Path) -> None:
    service = evening(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        labels = [label for label, _, _, _ in screen.palette_entries()]
        assert "Messaggio alla sala" in labels
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Messaggio alla sala")
        await opened_by(pilot, "enter", SliceDialog, workers=True)


async def test_the_terminal_display_shows_the_message_as_written(tmp_path: Path) -> None:
    service = evening(tmp_path / "e.tdc")
    service.execute(ShowMessage(message=TEXT))
    assert service.state.message == Message(TEXT)
    async with console(service, mode="display") as (app, _):
        assert isinstance(app.screen, DisplayScreen)
        band = app.screen.query_one("#display-message", Static)
        assert band.display and TEXT in shown(band)
        assert band.region.height >= 1
        clock = app.screen.query_one("#display-clock")
        assert clock.region.height >= SIZE[1] // 4  # the clock keeps its quarter


async def test_the_room_panel_drops_the_message_when_its_minutes_pass(tmp_path: Path) -> None:
    at = [frozen()]
    service = Tournament.create(
        tmp_path / "e.tdc", "Prova", load_settings(), clock=lambda: at[0], rng=random.Random(1)
    )
    started(service, ["Ada", "Bea", "Cid", "Dan"])
    service.execute(ShowMessage(message=TEXT, minutes=5))
    async with console(service, lambda: at[0]) as (app, pilot):
        assert TEXT in shown(app.screen.query_one("#room", Static))
        at[0] += timedelta(minutes=5) - timedelta(seconds=1)
        app.tick()
        await settle(pilot)
        assert TEXT in shown(app.screen.query_one("#room", Static))
        at[0] += timedelta(seconds=1)
        app.tick()  # (the console's tick: no event marks the end)
        await settle(pilot)
        assert TEXT not in shown(app.screen.query_one("#room", Static))
