"""The notices in one area (``tdconsole.ui.notices``): a notice is painted in
place, mounting nothing and laying nothing out (Textual mounted a toast for each, and the
toasts still showing again on each dialog opened), with its words, its colour, its timeout."""

from __future__ import annotations

from time import time

import pytest
from textual.notifications import Notification
from textual.widget import Widget

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.notices import NOTICE_LINES, NoticeArea, NoticeRack
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications

from .conftest import settle
from .test_literal_names import screen_text
from .test_repaints import calls_to
from .textual_reach import LAID_OUT, MOUNTED, REPAINTED, layout_asked_by, timer_interval


def area_of(app: ConsoleApp) -> NoticeArea:
    return app.screen.get_child_by_type(NoticeRack).area


def area_text(app: ConsoleApp) -> list[str]:
    area = area_of(app)
    return [area.render_line(y).text.strip() for y in range(area.size.height)]


async def test_an_elimination_and_its_notice_mount_nothing_and_lay_the_notices_out_never(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter in the elimination dialog while notices fill the area (keys in quick succession, a
    busy floor): the notice with the place is painted in the area, the oldest going out; no
    widget is mounted for it and the notices ask no layout (Textual mounted two widgets a
    notice, each laying the whole console out)."""
    mounted = calls_to(monkeypatch, MOUNTED, Widget, noted=lambda w: type(w).__name__)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        for n in range(4):
            app.notify(f"Already showing {n}")
        await settle(pilot)
        rack = app.screen.get_child_by_type(NoticeRack)
        assert rack.display
        full = rack.area.size.height
        assert full > NOTICE_LINES - 2  # no room for another one-line notice and its gap
        assert area_text(app)[0] == "▌ Already showing 0"
        await pilot.press("e", "ctrl+r")
        assert isinstance(app.screen, EliminateDialog)
        mounted.clear()
        # What asked each layout of the console.
        layouts = calls_to(
            monkeypatch,
            LAID_OUT,
            ConsoleScreen,
            noted=lambda screen, *args: {type(w).__name__ for w in layout_asked_by(screen)},
        )
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert mounted == []
        lines = area_text(app)
        assert lines[-1] == "▌ Moretti: 24° — u per annullare"
        assert lines[-3] == "▌ Already showing 3"
        assert "▌ Already showing 0" not in lines
        assert rack.area.size.height == full
        assert "Moretti: 24° — u per annullare" in screen_text(app)
        # What laid the console out (the busted player's table card), never the notices.
        assert all(not {"NoticeRack", "NoticeArea"} & asked for asked in layouts), layouts


@pytest.mark.parametrize("before", [0, 1, 2], ids=["none-showing", "one-showing", "two-showing"])
async def test_an_elimination_closes_its_dialog_and_shows_its_notice_in_one_frame(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch, before: int
) -> None:
    """The first frame the console paints after the Enter shows the notice with the place,
    the area laid out at its new height (shown for the first notice, grown for another): the
    dialog's closing, the views and the notice in one frame. (The notice came by a message
    handled after that frame, and the area's layout at the area's own turn: one or two frames
    later.)"""
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        for n in range(before):
            app.notify(f"Already showing {n}")
        await settle(pilot)
        await pilot.press("e", "ctrl+r")
        assert isinstance(app.screen, EliminateDialog)
        console = next(s for s in app.screen_stack if isinstance(s, ConsoleScreen))
        rack = console.get_child_by_type(NoticeRack)
        frames = calls_to(
            monkeypatch,
            REPAINTED,
            ConsoleScreen,
            noted=lambda screen: (
                (
                    [n.message for n in rack.area.shown][-1:],
                    rack.display,
                    rack.area.size.height,
                )
                if screen is app.screen
                else None
            ),
        )
        await pilot.press("enter")
        await settle(pilot)
        painted = [frame for frame in frames if frame is not None]
        assert painted, "the console was never painted after the Enter"
        assert painted[0] == (["Moretti: 24° — u per annullare"], True, 2 * before + 1)


async def test_a_notice_of_another_height_lays_out_once_and_mounts_nothing(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The area is as high as its notices (a fixed height would hide what is beneath its empty
    lines): one more notice lays the screen out once, for the area's new height."""
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        app.notify("First")
        await settle(pilot)
        mounted = calls_to(monkeypatch, MOUNTED, Widget, noted=lambda w: type(w).__name__)
        layouts = calls_to(monkeypatch, LAID_OUT, ConsoleScreen)
        app.notify("Second")
        await settle(pilot)
        assert mounted == []
        assert len(layouts) == 1
        assert area_of(app).size.height == 3
        assert area_text(app) == ["▌ First", "", "▌ Second"]


async def test_a_dialog_opened_while_notices_show_mounts_none_of_them(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        for n in range(4):
            app.notify(f"Notice {n}")
        await settle(pilot)
        mounted = calls_to(monkeypatch, MOUNTED, Widget, noted=lambda w: type(w).__name__)
        await pilot.press("e")
        assert isinstance(app.screen, EliminateDialog)
        assert "Toast" not in mounted and "ToastHolder" not in mounted
        assert area_text(app)[-1] == "▌ Notice 3"


async def test_several_notices_show_newest_last_each_in_its_colour(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        app.notify("Counted", title="Another terminal")
        app.notify("Not in play (Art. III.2)", severity="error")
        await settle(pilot)
        area = area_of(app)
        lines = area_text(app)
        assert lines[-4:] == [
            "▌ Another terminal",
            "▌ Counted",
            "",
            "▌ Not in play (Art. III.2)",
        ]
        assert area.size.height == 4  # as high as its notices
        bars = [next(iter(area.render_line(y))).style for y in (0, 3)]
        information, error = (style.color for style in bars if style is not None)
        assert information != error
        # A name is never markup; the area is full: the oldest goes out at the top.
        for n in range(6):
            app.notify(f"[red]Bob {n}")
        await settle(pilot)
        lines = area_text(app)
        assert lines[-1] == "▌ [red]Bob 5"
        assert len(lines) == NOTICE_LINES - 1  # one more would not fit, with its gap
        assert not any("Counted" in line for line in lines)


async def test_a_long_notice_is_wrapped_and_cut_to_the_area(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        app.notify("word " * 200, severity="warning")
        await settle(pilot)
        lines = area_text(app)
        assert all(line.startswith("▌ word") for line in lines)
        assert lines[-1].endswith("…")


async def test_a_notice_goes_when_its_time_is_up_and_the_area_with_the_last(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        rack = app.screen.get_child_by_type(NoticeRack)
        lasting = Notification("Lasting", timeout=600)
        gone = Notification("Gone", timeout=5, raised_at=time() - 10)
        for notice in (lasting, gone):
            notifications(app).add(notice)
        rack.show(notifications(app))
        # The one timed out is not shown; the timer is set for the next to go, in ten minutes.
        assert [n.message for n in rack.area.shown] == ["Lasting"]
        assert rack._timer is not None and 590 < timer_interval(rack._timer) <= 600
        await settle(pilot)
        assert rack.display
        lasting.raised_at -= 600
        rack._expired()  # what the timer does when the time comes
        await settle(pilot)
        assert rack.area.shown == []
        assert not rack.display


async def test_a_click_on_a_notice_dismisses_it(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        app.notify("First")
        app.notify("Second")
        await settle(pilot)
        area = area_of(app)
        await pilot.click(area, offset=(3, 0))
        await settle(pilot)
        assert [n.message for n in notifications(app)] == ["Second"]
        assert area_text(app)[-1] == "▌ Second"


async def test_a_notice_never_splits_a_number(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.notify("Counted: Moretti 12 000, Rossi 5 000")
        await settle(pilot)
        assert list(notifications(app))[-1].message == "Counted: Moretti 12\xa0000, Rossi 5\xa0000"
