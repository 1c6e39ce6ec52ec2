"""The Director's console driven by keys, checked against the event's state."""

from __future__ import annotations

from textual.widgets import Checkbox, Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications

from .conftest import SIZE, opened_by


def status_of(app: ConsoleApp, name: str) -> str:
    assert app.service is not None
    player = app.service.state.find(name)
    assert player is not None
    return player.status


def messages(app: ConsoleApp) -> list[str]:
    return [n.message for n in notifications(app)]


async def test_opens_on_the_tables_with_the_clock(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConsoleScreen)
        assert app.screen.query_one("#clock-digits").value == " 40:00"  # type: ignore[attr-defined]
        assert app.screen.selected_player() == "Moretti"


async def test_eliminate_asks_for_the_second_stack_then_records(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "e", EliminateDialog)
        assert "Art. III.2" in app.screen.title_text()
        assert app.screen.query_one("#name-1", Input).value == "Moretti"
        await pilot.press("enter")  # not declined: refused, the dialog stays open
        await pilot.pause()
        assert isinstance(app.screen, EliminateDialog)
        assert status_of(app, "Moretti") == "in"
        assert any("Art. III.2" in m for m in messages(app))
        await pilot.press("ctrl+r")
        assert app.screen.query_one("#declined", Checkbox).value
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConsoleScreen)
        assert status_of(app, "Moretti") == "out"
        assert any("24°" in m for m in messages(app))


async def test_eliminate_several_in_one_hand(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e", "tab", *"3000")
        await pilot.press("ctrl+n", *"Rossi", "tab", *"1000", "ctrl+r", "ctrl+s")
        await pilot.pause()
        assert app.service is not None
        state = app.service.state
        assert state.find("Moretti").place == 23  # type: ignore[union-attr]
        assert state.find("Rossi").place == 24  # type: ignore[union-attr]


async def test_undo_and_redo_say_what(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e", "ctrl+r", "enter")
        await pilot.pause()
        assert status_of(app, "Moretti") == "out"
        await pilot.press("u", "enter")  # asked first, naming what
        await pilot.pause()
        assert status_of(app, "Moretti") == "in"
        assert any("Annullato" in m and "Moretti" in m for m in messages(app))
        await pilot.press("r", "enter")  # asked first, naming what
        await pilot.pause()
        assert status_of(app, "Moretti") == "out"
