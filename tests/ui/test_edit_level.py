"""A future level edited from the console; the level in play refused."""

from __future__ import annotations

from textual.widgets import Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.edit_level import EditLevelDialog

from .conftest import opened_by
from .test_actions import SIZE, messages, svc, text_of


async def test_edit_a_future_level(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "h", EditLevelDialog)
        assert app.screen.query_one("#level", Input).value == "2"
        assert "100 / 200" in text_of(app.screen.query_one("#levels"))
        await pilot.press(*"300", "tab", *"25", "enter")
        await pilot.pause()
        structure = svc(app).state.structure
        assert structure is not None and structure.blinds(2).big_blind == 300
        assert structure.blinds(2).ante == 25
        assert any("modifica del livello 2" in m for m in messages(app))
        await pilot.press("h", "shift+tab", "end", "ctrl+u", "1", "tab", *"400", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EditLevelDialog)  # the level in play is frozen: refused
        assert any("III.5" in m for m in messages(app))
