"""A tab's table shown the state before its mount has run (the console's tabs are mounted after
the first frame and are found in the DOM at once): its columns come first, nothing crashes."""

from __future__ import annotations

import pytest
from tdhelpers.support import MakeService, names, started
from textual.app import App

from tdconsole.domain.console_view import console_view
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.payouts_view import PayoutsView
from tdconsole.ui.widgets.standings_view import StandingsView


@pytest.mark.parametrize("view", [PayoutsView, StandingsView])
async def test_shown_before_its_mount_the_table_has_its_columns(
    make_service: MakeService, view: type[PayoutsView] | type[StandingsView]
) -> None:
    service = make_service()
    players = names(10)
    started(service, players)
    app: App[None] = App()
    async with app.run_test() as pilot:
        table = view(Translator("en"))
        app.screen.mount(table)  # not awaited: in the DOM, its mount still to come
        table.show(console_view(service.state, service.now()))
        await pilot.pause()
        assert len(table.columns) >= 4 and table.row_count >= 1
        table.show(console_view(service.state, service.now()))
        assert table.row_count >= 1 and len(table.columns) in (5, 6)
