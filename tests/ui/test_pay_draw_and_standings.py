"""Several players paid at once, the seat draw closed once recorded, the standings (no place
for those in play, English ordinals, the winner) with names typed as people type them."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import DataTable

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import build_app
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.standings_view import StandingsView
from tdconsole.ui.widgets.tables_view import TablesView

from .conftest import frozen, settle

PLAYERS = ["Ada Rossi", "Bea Romano", "Cid", "Dan", "Eva", "Fil"]


def new_event(path: Path, *, paid: bool = True, started: bool = True) -> Tournament:
    service = Tournament.create(path, "e", load_settings(), clock=frozen, rng=random.Random(1))
    service.execute(Register(names=PLAYERS))
    if paid:
        service.execute(Pay(names=PLAYERS))
    if started:
        service.execute(Draw(seed=1))
        service.execute(Start(stack=4000, big_blind=100))
    return service


async def test_several_players_pay_at_once(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc", paid=False, started=False)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("Y", *"cid, dan", "enter")
            assert [p.name for p in service.state.players.values() if p.paid] == ["Cid", "Dan"]
            await pilot.press("Y")  # left empty: every player not yet paid, said first
            note = str(app.screen.query_one("#dialog-note").render())
            assert "4 players to mark paid: Ada Rossi, Bea Romano, Eva, Fil" in note
            await pilot.press("enter")
            assert all(p.paid for p in service.state.players.values())
    finally:
        service.close()


async def test_the_food_switch_pays_every_food_contribution_still_due(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc", paid=False, started=False)
    service.execute(Pay(names=["Cid"], food=True))
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("Y", "tab", "space")  # the names left empty, the switch on
            note = str(app.screen.query_one("#dialog-note").render())
            assert "5 players to mark paid: Ada Rossi, Bea Romano, Dan, Eva, Fil" in note
            await pilot.press("ctrl+s")
            assert all(p.food_paid for p in service.state.players.values())
            assert not any(p.paid for p in service.state.players.values())
    finally:
        service.close()


async def test_the_seat_draw_closes_once_recorded(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc", started=False)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("s", "enter")
            assert service.state.phase == "seated"
            assert app.screen.query(TablesView)  # back on the console: no Cancel to wonder about
            said = [n.message for n in notifications(app)]
            assert "seat draw: p prints the seat slips — u to undo" in said  # its summary
            assert app.named_report == "slips"
    finally:
        service.close()


async def test_standings_winner_ordinals_and_typed_names(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc")
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            # Players still in play are not numbered like places.
            await pilot.press("4")
            table = app.screen.query_one(StandingsView)
            assert [str(table.get_row_at(i)[0]) for i in range(len(PLAYERS))] == [""] * 6
            # A bust of two typed as people type: the log keeps the registered names.
            await pilot.press("1", "e", "end", "ctrl+u", *"rossi", "tab", *"100")
            await pilot.press("ctrl+n", *"romano", "tab", *"200", "ctrl+s")
            from tdconsole.domain.events import CommandNoted

            noted = [r.body for r in service.log() if isinstance(r.body, CommandNoted)]
            assert noted[-1].summary == "eliminated: Ada Rossi, Bea Romano"
            # English ordinals in the notice.
            messages = [n.message for n in notifications(app)]
            assert any("Bea Romano: 5th" in m and "Ada Rossi: 6th" in m for m in messages)
            for name in ("Cid", "Dan", "Eva"):
                service.execute(Bust(names=[name], declined=True))
            app.refresh_views()
            await settle(pilot)
            await pilot.press("2")
            players = app.screen.query_one("#player-table", DataTable)
            assert str(players.get_row("Fil")[1]) == "winner"
            await pilot.press("4")
            assert str(table.get_row("Fil")[2]) == "winner"
            assert str(table.get_row("Fil")[0]) == "1"
    finally:
        service.close()
