"""The blind clock's panel is shown at every tick (four times a second): it repaints only what
changed, since each line updated lays the whole screen out again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Digits, Static

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.widgets.clock_panel import ClockPanel


async def test_a_tick_that_changes_nothing_updates_no_line(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ClockPanel)
        updated: list[str] = []

        def counting(cls: type[Widget]) -> None:
            update = cls.update  # type: ignore[attr-defined]

            def counted(self: Widget, *args: Any, **kwargs: Any) -> None:
                if panel in self.ancestors:
                    updated.append(self.id or "")
                update(self, *args, **kwargs)

            monkeypatch.setattr(cls, "update", counted)

        counting(Static)
        counting(Digits)
        before = panel.query_one("#clock-state", Static).content
        for _ in range(8):
            app.tick()
        await pilot.pause()
        assert updated == []
        # The clock started (space): its state line says so at once.
        await pilot.press("space")
        assert app.service is not None and app.service.state.clock is not None
        assert app.service.state.clock.running
        assert "clock-state" in updated
        assert panel.query_one("#clock-state", Static).content != before
        assert panel.query_one("#clock-digits", Digits).value == " 40:00"
