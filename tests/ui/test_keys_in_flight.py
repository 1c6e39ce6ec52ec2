"""Keys sent at once, as a terminal delivers a paste, a barcode scanner or fast typing: each
key lands where the focus is when it is read, never in the field the focus just left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.widgets import Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.count import CountDialog

from .conftest import opened_by, pressed, settle
from .test_actions import SIZE, svc
from .textual_reach import driver as textual_driver

MakeApp = Callable[..., ConsoleApp]


LAST_SENT = "last_key_sent"
PAUSE = 10.0
"""Seconds between two calls of ``send_at_once``: far longer than the type-ahead's window."""


def send_at_once(app: App[Any], *keys: str, apart: float = 0.0) -> None:
    """Queue ``keys`` the way the terminal driver does, without waiting between them; each
    stamped ``apart`` seconds after the one before, as typed (the type-ahead's window is
    measured on the keys' times, never on how long the test takes)."""
    driver = textual_driver(app)
    assert driver is not None
    start: float | None = None
    for key in keys:
        char = {"tab": "\t", "escape": "\x1b", "enter": "\r"}.get(
            key, key if len(key) == 1 else None
        )
        event = events.Key(key, char)
        # the first after the last sent before, a pause between them (the times go on)
        last = app.__dict__.get(LAST_SENT, event.time - PAUSE)
        start = max(event.time, last + PAUSE) if start is None else start + apart
        app.__dict__[LAST_SENT] = event.time = start
        event.set_sender(app)
        driver.send_message(event)


def paste_at_once(app: ConsoleApp, after: str, text: str) -> None:
    driver = textual_driver(app)
    assert driver is not None
    send_at_once(app, after)
    event = events.Paste(text)
    event.set_sender(app)
    driver.send_message(event)


def count_fields(app: ConsoleApp) -> list[Input]:
    return list(app.screen.query(Input))


async def test_a_number_typed_at_once_after_a_tab_lands_whole(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "k", CountDialog)
        before = [field.value for field in count_fields(app)]
        send_at_once(app, "tab", *"56789")
        await settle(pilot)  # every key sent has been handled
        after = [field.value for field in count_fields(app)]
        assert after[0] == before[0]  # the field the focus left is untouched
        assert after[1] == "56789"
        assert app.screen.focused is count_fields(app)[1]


async def test_a_number_pasted_after_a_tab_lands_whole(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "k")
        before = [field.value for field in count_fields(app)]
        paste_at_once(app, "tab", "4850")
        await settle(pilot)  # every key sent has been handled
        after = [field.value for field in count_fields(app)]
        assert after[:2] == [before[0], "4850"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        name = count_fields(app)[1].id if isinstance(app.screen, CountDialog) else None
        assert name is None  # recorded: the dialog closed
        table = svc(app).state.tables[1]
        second = svc(app).state.players_at(table)[1]
        assert second.chips == 4850


async def test_escape_leaves_the_players_search_and_y_takes_the_fee_at_once(
    tmp_path: object,
) -> None:
    import random
    from pathlib import Path

    from tdconsole.domain.slices.register import Register
    from tdconsole.service import Tournament
    from tdconsole.store.settings_file import load_settings
    from tdconsole.ui.app import build_app

    from .conftest import frozen

    assert isinstance(tmp_path, Path)
    service = Tournament.create(
        tmp_path / "new.tdc", "Prova", load_settings(), clock=frozen, rng=random.Random(1)
    )
    service.execute(Register(names=["Anna", "Bruno", "Carla"]))
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("slash", *"bru")
            await pilot.pause()
            search = app.screen.query_one("#player-search", Input)
            assert app.screen.focused is search
            send_at_once(app, "escape", "y", "enter")
            await settle(pilot)  # every key sent has been handled
            assert search.value == "bru"  # the y was not typed into the box
            assert app.screen.focused is app.screen.query_one("#player-table")
            assert service.state.find("Bruno").paid  # type: ignore[union-attr]
    finally:
        service.close()


async def test_escape_leaves_the_rulebook_search_for_the_articles(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "slash", *"dote")
        await pilot.pause()
        search = app.screen.query_one("#rule-search", Input)
        assert app.screen.focused is search
        send_at_once(app, "escape", "question_mark")
        await settle(pilot)  # every key sent has been handled
        assert search.value == "dote"
        from tdconsole.ui.screens.keys import KeysScreen

        assert isinstance(app.screen, KeysScreen)  # ? listed the keys at once
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#rule-results")


async def test_enter_in_a_count_moves_to_the_next_and_records_on_the_last(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "k")
        fields = count_fields(app)
        table = svc(app).state.tables[1]
        second = svc(app).state.players_at(table)[1]
        await pilot.press("enter", *["backspace"] * 6, *"4850", "enter")
        assert isinstance(app.screen, CountDialog)  # not recorded: on to the third count
        assert app.screen.focused is fields[2]
        await pilot.press(*["enter"] * (len(fields) - 2))
        await pilot.pause()
        assert not isinstance(app.screen, CountDialog)  # recorded on the last
        assert svc(app).state.players_at(table)[1].chips == 4850
        assert second.name == svc(app).state.players_at(table)[1].name


async def test_enter_leaves_the_players_search_and_the_key_after_it_acts(app: ConsoleApp) -> None:
    """``marino`` Enter ``q`` typed at once: Enter gives the keys to the list before ``q`` is
    read, so ``q`` asks to quit and is not typed into the search."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"mar")
        await pilot.pause()
        search = app.screen.query_one("#player-search", Input)
        assert app.screen.focused is search
        send_at_once(app, "enter", "q", "enter")
        await settle(pilot)  # every key sent has been handled
        assert search.value == "mar"  # the q was not typed into the box
        assert not app.is_running  # q asked, the second Enter answered: the console ended


async def test_enter_leaves_the_rulebook_search_and_the_key_after_it_acts(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "slash", *"dote")
        await pilot.pause()
        search = app.screen.query_one("#rule-search", Input)
        send_at_once(app, "enter", "question_mark")
        await settle(pilot)  # every key sent has been handled
        assert search.value == "dote"
        from tdconsole.ui.screens.keys import KeysScreen

        assert isinstance(app.screen, KeysScreen)  # ? listed the keys at once


async def test_a_count_typed_at_once_after_enter_lands_in_the_next_field(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "k", CountDialog)
        before = [field.value for field in count_fields(app)]
        send_at_once(app, "enter", *"56789")
        await settle(pilot)  # every key sent has been handled
        after = [field.value for field in count_fields(app)]
        assert after[0] == before[0]  # the field Enter left is untouched
        assert after[1] == "56789"
        assert app.screen.focused is count_fields(app)[1]


async def test_a_key_typed_at_once_after_enter_in_a_dialog_is_not_added_to_what_it_records(
    tmp_path: object,
) -> None:
    """``15`` minutes, Enter and ``2`` at once: the message is shown for 15 minutes (not 152),
    and the ``2`` is read once the dialog is closed: the Players tab."""
    import random
    from datetime import timedelta
    from pathlib import Path

    from tdhelpers.support import started
    from textual.widgets import TabbedContent

    from tdconsole.service import Tournament
    from tdconsole.store.settings_file import load_settings
    from tdconsole.ui.dialogs.slice_dialog import SliceDialog

    from .conftest import console, frozen

    assert isinstance(tmp_path, Path)
    service = Tournament.create(
        tmp_path / "e.tdc", "Prova", load_settings(), clock=frozen, rng=random.Random(1)
    )
    started(service, ["Ada", "Bea", "Cid", "Dan"])
    async with console(service) as (app, pilot):
        await opened_by(pilot, "exclamation_mark", SliceDialog)
        await pilot.press(*"Cena", "tab", *"15")
        send_at_once(app, "enter", "2")
        await settle(pilot)  # every key sent has been handled
        assert service.state.message is not None
        assert service.state.message.text == "Cena"
        assert service.state.message.until == frozen() + timedelta(minutes=15)
        assert app.screen.query_one(TabbedContent).active == "players"


async def test_keys_go_on_when_a_dialog_closes_before_its_action_reaches_the_console(
    app: ConsoleApp,
) -> None:
    """Enter asked the action and the dialog was closed before it reached the App (a click on
    Cancel at once): no write comes, and the keys typed after it are not held for ever."""
    from textual.widgets import TabbedContent

    from tdconsole.ui.dialogs.slice_dialog import SliceDialog

    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened_by(pilot, "exclamation_mark", SliceDialog)
        app.keys.recording(dialog)  # as Enter in it does, before its action is handed on
        dialog.dismiss(None)
        await settle(pilot)
        send_at_once(app, "2")
        await settle(pilot)
        assert app.screen.query_one(TabbedContent).active == "players"
