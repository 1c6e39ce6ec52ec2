"""The served views (``tdconsole serve``): the floor's sign-in, its phone screen, the Director's
PIN before a Director-only action, and the display that can do nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import Button, Input, Static

from tdconsole.domain.registration import ChangeSettings
from tdconsole.service import Tournament
from tdconsole.ui.served.app import ServedApp
from tdconsole.ui.served.director_pin import DirectorPinDialog
from tdconsole.ui.served.phone import PhoneFloorScreen
from tdconsole.ui.served.sign_in import SignInScreen

from .test_keys_in_flight import send_at_once

FLOOR_PIN, DIRECTOR_PIN = "2468", "13579"
NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def frozen() -> datetime:
    return NOW


PHONE = (40, 44)


@pytest.fixture
def event(demo_file: Path) -> Path:
    service = Tournament.open(demo_file, clock=frozen)
    try:
        service.execute(
            ChangeSettings(assignments=[("floor_pin", FLOOR_PIN), ("director_pin", DIRECTOR_PIN)])
        )
    finally:
        service.close()
    return demo_file


def reopen(path: Path) -> Tournament:
    return Tournament.open(path, clock=frozen)


async def ready(pilot, app: ServedApp) -> None:  # type: ignore[no-untyped-def]
    await app.workers.wait_for_complete()
    await pilot.pause()


def note(app: ServedApp) -> str:
    return str(app.screen.query_one("#sign-in-note", Static).render())


async def sign_in(pilot, app: ServedApp, pin: str, name: str) -> None:  # type: ignore[no-untyped-def]
    app.screen.query_one("#pin", Input).value = pin
    field = app.screen.query_one("#name", Input)
    field.value = name
    field.focus()
    await pilot.pause()
    await pilot.press("enter")
    await ready(pilot, app)
    await ready(pilot, app)


async def test_the_floor_asks_the_pin_and_the_name_first(event: Path) -> None:
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        assert isinstance(app.screen, SignInScreen)
        await sign_in(pilot, app, FLOOR_PIN, "")
        assert "type your name" in note(app)
        await sign_in(pilot, app, "1111", "Anna")
        assert "wrong PIN" in note(app)
        assert isinstance(app.screen, SignInScreen) and app.staff is None
        await sign_in(pilot, app, FLOOR_PIN, "Direttore")
        assert "Director's name" in note(app)
        await sign_in(pilot, app, FLOOR_PIN, "  Anna  ")
        assert isinstance(app.screen, PhoneFloorScreen)
        assert app.service is not None
        assert app.service.actor == "Anna" and app.service.role == "floor"
    app.close_service()


async def test_a_bust_a_count_and_a_second_stack_from_the_phone(event: Path) -> None:
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        await sign_in(pilot, app, FLOOR_PIN, "Anna")
        await pilot.click("#find")
        await pilot.press(*"ross")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PhoneFloorScreen) and screen.chosen == "Rossi"
        # Rossi may still take the second stack: the buttons say so.
        assert "Out, declined" in str(screen.query_one("#out", Button).label)
        assert not screen.query_one("#second", Button).disabled
        await pilot.click("#chips")
        await pilot.press(*"50", "enter")  # below the big blind: the second stack is due
        await pilot.pause()
        assert reopen(event).state.find("Rossi").chips == 50  # type: ignore[union-attr]
        await pilot.click("#second")
        await pilot.pause()
        assert reopen(event).state.find("Rossi").second_stack is not None  # type: ignore[union-attr]
        await pilot.click("#out")
        await pilot.pause()
        after = reopen(event)
        assert after.state.find("Rossi").status == "out"  # type: ignore[union-attr]
        assert after.log()[-1].actor == "Anna"
        assert screen.chosen is None
    app.close_service()


async def test_director_only_actions_ask_the_directors_pin(event: Path) -> None:
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        await sign_in(pilot, app, FLOOR_PIN, "Anna")
        assert app.clock_status() is not None and not app.clock_status().running  # type: ignore[union-attr]
        await pilot.click("#clock")
        await pilot.pause()
        assert isinstance(app.screen, DirectorPinDialog)
        await pilot.press(*FLOOR_PIN, "enter")  # the floor's PIN is not the Director's
        await pilot.pause()
        assert "wrong PIN" in str(app.screen.query_one("#director-note", Static).render())
        await pilot.press(*DIRECTOR_PIN, "enter")
        await pilot.pause()
        assert isinstance(app.screen, PhoneFloorScreen)
        started = reopen(event)
        assert started.state.clock.running
        assert started.log()[-1].actor == started.state.settings.director
        # Undoing the Director's action from the floor asks the Director's PIN too.
        await pilot.click("#undo")
        await pilot.pause()
        assert isinstance(app.screen, DirectorPinDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert reopen(event).state.clock.running
    app.close_service()


async def test_without_a_directors_pin_the_browser_cannot_act_as_the_director(
    event: Path,
) -> None:
    service = reopen(event)
    service.execute(ChangeSettings(assignments=[("director_pin", "")]))
    service.close()
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        await sign_in(pilot, app, FLOOR_PIN, "Anna")
        await pilot.click("#clock")
        await pilot.pause()
        assert isinstance(app.screen, PhoneFloorScreen)
        assert not reopen(event).state.clock.running
    app.close_service()


async def test_a_new_floor_pin_signs_every_session_out(event: Path) -> None:
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        await sign_in(pilot, app, FLOOR_PIN, "Anna")
        assert isinstance(app.screen, PhoneFloorScreen)
        director = reopen(event)
        director.execute(ChangeSettings(assignments=[("floor_pin", "97531")]))
        director.close()
        app.poll()
        await ready(pilot, app)
        assert isinstance(app.screen, SignInScreen) and app.staff is None
    app.close_service()


async def test_served_beyond_this_machine_the_floor_needs_a_pin(demo_file: Path) -> None:
    app = ServedApp(demo_file, "floor", public=True, lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        assert isinstance(app.screen, SignInScreen) and not app.screen.needs_pin
        app.screen.query_one("#name", Input).value = "Anna"
        await pilot.click("#enter")
        await ready(pilot, app)
        assert "no floor PIN is set" in note(app)
    app.close_service()


async def test_the_display_can_do_nothing(event: Path) -> None:
    from tdconsole.ui.screens.display import DisplayScreen

    app = ServedApp(event, "display", lang="en", clock=frozen)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert isinstance(app.screen, DisplayScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, DisplayScreen)  # no command palette
        assert app.service is not None and app.service.role == "floor"
    app.close_service()


async def test_the_pin_enter_and_the_name_typed_at_once_land_where_they_belong(
    event: Path,
) -> None:
    """A phone's keyboard sends the PIN, Enter and the name as fast as they are typed: the
    name's letters land in the name field (the PIN field takes digits only and would drop
    them), and Enter on the name signs in."""
    app = ServedApp(event, "floor", lang="en", clock=frozen)
    async with app.run_test(size=PHONE) as pilot:
        await ready(pilot, app)
        assert isinstance(app.screen, SignInScreen)
        send_at_once(app, *FLOOR_PIN, "enter", *"Anna")
        await ready(pilot, app)
        screen = app.screen
        assert isinstance(screen, SignInScreen)
        assert screen.query_one("#pin", Input).value == FLOOR_PIN
        assert screen.query_one("#name", Input).value == "Anna"
        assert screen.focused is screen.query_one("#name", Input)
        send_at_once(app, "enter")
        await ready(pilot, app)
        await ready(pilot, app)
        assert isinstance(app.screen, PhoneFloorScreen)
        assert app.service is not None and app.service.actor == "Anna"
    app.close_service()
