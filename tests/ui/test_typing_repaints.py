"""A name typed in the players' search repaints what it changes: the box, the table, the
footer's keys, never the whole screen (the clock, the title, the room) at each change of
focus, and every line it changes is painted again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.widgets.clock_panel import ClockPanel
from tdconsole.ui.widgets.players_view import SearchBox

from .conftest import settle
from .test_actions import SIZE
from .test_keys_in_flight import send_at_once
from .test_repaints import calls_to
from .textual_reach import LAID_OUT, Compositor, lines_to_paint, screen_lines


def painted_lines(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """The lines of the screen each paint from now on renders again (a whole paint: every
    line)."""
    painted: set[int] = set()
    original = Compositor.render_update

    def render_update(self: Compositor, full: bool = False, **kwargs: Any) -> Any:
        painted.update(lines_to_paint(self, full))
        return original(self, full, **kwargs)

    monkeypatch.setattr(Compositor, "render_update", render_update)
    return painted


@pytest.mark.parametrize(
    ("first", "keys", "what"),
    [
        ((), ("slash",), "the search takes the keys"),
        ((), ("b", "e", "a"), "a word typed is a search"),
        (("slash", "b"), ("enter",), "Enter gives the keys back to the list"),
        (("slash", "b"), ("escape",), "Escape gives the keys back to the list"),
    ],
)
async def test_a_change_of_focus_on_the_players_tab_repaints_what_it_changes_alone(
    app: ConsoleApp,
    monkeypatch: pytest.MonkeyPatch,
    first: tuple[str, ...],
    keys: tuple[str, ...],
    what: str,
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", *first)
        await settle(pilot)
        before = screen_lines(app.screen)
        painted = painted_lines(monkeypatch)
        send_at_once(app, *keys, apart=0.05)
        await settle(pilot)
        after = screen_lines(app.screen)
        changed = {y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new}
        assert changed, what
        assert changed <= painted, (what, sorted(changed - painted))
        top = app.screen.query_one("#top").region  # the clock and the room, unchanged
        assert not painted & set(range(top.y, top.bottom)), (what, sorted(painted))


async def test_a_tick_that_changes_nothing_repaints_no_part_of_the_clock(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four ticks a second: the clock's panel (its border and title) is repainted when its
    title changes, not at each tick (a repaint at the top of the screen joined to a letter's
    in the search below is the whole screen painted again)."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ClockPanel)
        title = panel.border_title
        repainted = calls_to(monkeypatch, "refresh", ClockPanel)
        for _ in range(8):
            app.tick()
        await settle(pilot)
        assert repainted == []
        await pilot.press("n", "enter")  # the next level: its title on the border
        await settle(pilot)
        assert "clock" in repainted and panel.border_title != title


async def test_a_letter_that_leaves_the_same_players_lays_nothing_out(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A letter typed in the search repaints the box (and the table, when it lists others);
    the screen is laid out again only when the table's rows change, never for the text's
    width in the box. A text longer than the box scrolls in it, its end in view."""
    laid_out = calls_to(monkeypatch, LAID_OUT, ConsoleScreen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "slash", *"mor")
        await settle(pilot)
        table = app.screen.query_one("#player-table", DataTable)
        assert [row.key.value for row in table.ordered_rows] == ["Moretti"]
        laid_out.clear()
        await pilot.press(*"etti")
        await settle(pilot)
        assert laid_out == []
        box = app.screen.query_one(SearchBox)
        long = "x" * (box.content_size.width + 20)
        await pilot.press(*long)
        await settle(pilot)
        assert box.value == "moretti" + long and box.scroll_x > 0
        assert screen_lines(app.screen)[box.region.y + 1].rstrip(" ▊▎▌│┃").endswith("xxxx")
