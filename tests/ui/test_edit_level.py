"""A future level edited from the console; the level in play refused."""

from __future__ import annotations

from textual.widgets import Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import opened_by
from .test_actions import SIZE, messages, svc, text_of


async def test_edit_a_future_level(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened_by(pilot, "h", SliceDialog)
        assert dialog.declared.command.__name__ == "EditLevel"
        assert dialog.query_one("#level", Input).value == "2"  # the next level
        levels = text_of(dialog.query_one("#context")).splitlines()
        assert levels[0].startswith("▶ Livello 1: 50 / 100")  # the one in play, marked
        assert levels[1].startswith("  Livello 2: 100 / 200")
        assert app.focused is dialog.query_one("#big_blind", Input)
        await pilot.press(*"300", "tab", *"25", "enter")
        await pilot.pause()
        structure = svc(app).state.structure
        assert structure is not None and structure.blinds(2).big_blind == 300
        assert structure.blinds(2).ante == 25
        assert any("modifica del livello 2" in m for m in messages(app))
        await pilot.press("h")
        await pilot.pause()
        assert "Livello 2: 150 / 300 · ante 25" in text_of(app.screen.query_one("#context"))
        await pilot.press("shift+tab", "end", "ctrl+u", "1", "tab", *"400", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SliceDialog)  # the level in play is frozen: refused
        assert any("III.5" in m for m in messages(app))
