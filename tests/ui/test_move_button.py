"""The button's seat recorded from a floor terminal."""

from __future__ import annotations

from textual.widgets import Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .test_actions import SIZE, messages, svc, text_of


async def test_record_the_button(make_app: object) -> None:
    app: ConsoleApp = make_app("floor", actor="Bruno")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert svc(app).state.tables[1].button == 1
        await pilot.press("right", "B")
        await pilot.pause()
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.declared.command.__name__ == "MoveButton"
        assert app.screen.query_one("#table", Input).value == "1"
        assert app.screen.query_one("#seat", Input).value == "2"
        assert app.screen.query_one("#seat", Input).has_focus
        assert "ora al posto 1" in text_of(app.screen.query_one("#dialog-note"))
        await pilot.press("enter")
        await pilot.pause()
        assert svc(app).state.tables[1].button == 2
        assert any("bottone al tavolo 1, posto 2" in m for m in messages(app))
        card = text_of(app.screen.query_one("TableCard"))
        assert "D" in card.split("\n")[1]
