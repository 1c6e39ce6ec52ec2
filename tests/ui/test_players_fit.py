"""The Players tab fits 120 columns: a long name is cut before the table scrolls sideways, so
the place and the prize stay in view; a column is as wide as what it shows now."""

from __future__ import annotations

import random
from pathlib import Path

from tdhelpers.support import started
from textual.widgets import DataTable

from tdconsole.domain.play import Bust
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp

from .conftest import console, frozen, settle

LONG = [f"Maria Antonietta Bartolomei-Ferraris {n:02}" for n in range(1, 27)]


def fits(app: ConsoleApp) -> bool:
    table = app.screen.query_one("#player-table", DataTable)
    return 0 < table.virtual_size.width <= table.scrollable_content_region.width


async def test_long_names_on_the_waiting_list_and_a_refund_do_not_scroll_the_list(
    tmp_path: Path,
) -> None:
    service = Tournament.create(tmp_path / "e.tdc", "Serata", load_settings(), clock=frozen)
    service.execute(Register(names=LONG))  # two on the waiting list
    service.execute(Pay(names=LONG[:3]))
    service.execute(Withdraw(name=LONG[0]))  # his fee refunded
    async with console(service) as (app, pilot):
        await pilot.press("2")
        await settle(pilot)
        assert fits(app)


async def test_the_place_and_the_prize_of_a_finished_evening_stay_in_view(
    tmp_path: Path,
) -> None:
    service = Tournament.create(
        tmp_path / "e.tdc", "Serata", load_settings(), clock=frozen, rng=random.Random(1)
    )
    started(service, LONG[:6])
    while service.state.in_play > 1:
        service.execute(Bust(names=[service.state.in_players()[-1].name]))
    async with console(service) as (app, pilot):
        await pilot.press("2")
        await settle(pilot)
        assert fits(app)
        table = app.screen.query_one("#player-table", DataTable)
        assert "scudi" in str(table.get_row_at(0)[-1])  # the prize, its column shown
