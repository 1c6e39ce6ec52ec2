"""What a console does as it opens, and no more: the widgets of the tab on screen only (a hidden
tab's views are built when the tab is first shown, and every key that acts on a hidden tab finds
them there), styled once for the terminal's size."""

from __future__ import annotations

from textual.widgets import DataTable, Input, TabbedContent

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust
from tdconsole.i18n import _
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import TAB_VIEWS, ConsoleScreen
from tdconsole.ui.widgets.players_view import PlayersView
from tdconsole.ui.widgets.rulings_view import RulingsView

from .conftest import settle

SIZE = (120, 40)


def tab_views(app: ConsoleApp) -> list[str]:
    return sorted(type(w).__name__ for w in app.screen.query("*") if isinstance(w, TAB_VIEWS))


async def test_the_console_opens_with_the_widgets_of_the_tables_tab_only(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert tab_views(app) == []
        # The title, the clock, the room, six tab headers, the three tables, the keys: 46
        # widgets (63 when every tab's views were mounted at start).
        assert len(list(app.screen.walk_children())) <= 46
        await pilot.press("2")
        assert tab_views(app) == ["PlayersView"]
        table = app.screen.query_one("#player-table", DataTable)
        assert app.focused is table
        assert table.row_count == 24


async def test_search_and_the_palette_reach_the_players_tab_never_shown(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        assert app.screen.query_one(TabbedContent).active == "players"
        assert app.focused is app.screen.query_one("#player-search", Input)
        await pilot.press(*"ross")
        assert app.screen.query_one("#player-table", DataTable).row_count == 1


async def test_a_refusal_s_article_found_behind_the_tables_is_the_one_a_ruling_cites(
    app: ConsoleApp,
) -> None:
    """A refusal looks its article up in the rulebook tab, never shown yet: the tables stay
    in front, and the ruling recorded next cites that article."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.refused(RuleError(_("Not now"), article="IV.2"))
        await settle(pilot)
        assert app.screen.query_one(TabbedContent).active == "tables"
        view = app.screen.query_one(RulingsView)
        assert view.query_one("#rule-search", Input).value == "IV.2"
        await pilot.press("l")
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.query_one("#articles", Input).value == "IV.2"


async def test_a_player_out_of_play_chosen_in_the_palette_opens_the_players_tab(
    app: ConsoleApp,
) -> None:
    assert app.service is not None
    app.service.execute(Bust(names=["Serra"], declined=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        # Out of play, Serra has one entry: the player, on the players' tab.
        (go,) = [go for _label, go, _key, group in screen.palette_entries() if group == "Serra"]
        await go()  # type: ignore[operator]
        await settle(pilot)
        assert screen.query_one(TabbedContent).active == "players"
        assert screen.query_one(PlayersView).selected_player() == "Serra"
        assert app.focused is screen.query_one("#player-table")


async def test_the_console_is_built_for_the_terminal_s_width(app: ConsoleApp) -> None:
    """Built with the width's class, the console is not styled again at its first size
    (Textual adds the class then, once every widget is styled: the whole console again)."""
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.has_class("-wide")
        for width, named, other in ((120, "-wide", "-narrow"), (100, "-narrow", "-wide")):
            await pilot.resize_terminal(width, 40)
            await settle(pilot)
            built = ConsoleScreen(app.tr)
            assert built.has_class(named) and not built.has_class(other)
