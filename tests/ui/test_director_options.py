"""The Director's options in the console, by keys: a closing with no room (ctrl+r in the close
dialog), moving one player (M, Art. VII.1), the colour-up prompted at its break (C)."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Input

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.close_table import CloseTableDialog
from tdconsole.ui.dialogs.colour_up import ColourUpDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import frozen, opened_by
from .test_actions import messages, text_of

SIZE = (120, 40)


def full_room(path: Path) -> Tournament:
    """24 players at 3 tables of 8 with 8 seats a table; table 1 down to 3: no room."""
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(4))
    players = [f"P{i}" for i in range(1, 25)]
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    service.execute(ChangeSettings(assignments=[("table_seats", "8")]))
    service.execute(Draw(seed=4))
    service.execute(Start(stack=4000, big_blind=100))
    while len(service.state.players_at(service.state.tables[1])) > 3:
        last = service.state.players_at(service.state.tables[1])[-1]
        service.execute(Bust(names=[last.name], declined=True))
    return service


async def test_a_closing_with_no_room_offers_more_seats_in_place(tmp_path: Path) -> None:
    service = full_room(tmp_path / "full.tdc")
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            dialog = await opened_by(pilot, "c", CloseTableDialog)
            options = text_of(dialog.query_one("#no-room"))
            assert "0 posti liberi per 3 giocatori (8 posti per tavolo)" in options
            assert "ctrl+r" in options and "alzare a 10 i posti per tavolo" in options
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert service.state.settings.seating.table_seats == 10
            plan = service.state.tables[1].plan
            assert plan is not None and len(plan.moves) == 3
            assert isinstance(app.screen, CloseTableDialog)
            assert text_of(app.screen.query_one("#no-room")).strip() == ""
            assert "Tavolo 2" in text_of(app.screen.query_one("#plan")) or "Tavolo 3" in text_of(
                app.screen.query_one("#plan")
            )
            # One undo cancels both the setting change and the plan.
            await pilot.press("escape", "u", "enter")
            await pilot.pause()
            assert service.state.settings.seating.table_seats == 8
            assert service.state.tables[1].plan is None
    finally:
        service.close()


async def test_the_director_moves_one_player(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.service is not None
        state = app.service.state
        await pilot.press("M")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SliceDialog)
        name = dialog.query_one("#name", Input).value
        assert name and f"Sposta un giocatore: {name} (" in dialog.title_text()
        assert "non una chiusura" in text_of(dialog.query_one("#dialog-note"))
        player = state.find(name)
        assert player is not None and player.table == 1
        free = next(s.number for s in state.tables[2].seats if s.player is None)
        await pilot.press("tab", *"2", "colon", *str(free), "tab", "tab", *"sedia rotta", "ctrl+s")
        await pilot.pause()
        moved = app.service.state.find(name)
        assert moved is not None and (moved.table, moved.seat) == (2, free)
        assert any("spostamento deciso dal Direttore" in m for m in messages(app))


async def test_the_colour_up_is_prompted_at_its_break_and_recorded(app: ConsoleApp) -> None:
    assert app.service is not None
    service = app.service
    # The demo's level 1 is 50/100 (25-chips needed), level 2 100/200: a break after level 1
    # is the colour-up's; the clock goes to it.
    service.execute(EditLevel(level=1, break_minutes=15))
    service.execute(ClockControl(action="next"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert any("Pausa: cambio dei gettoni da 25 — tasto C" in m for m in messages(app))
        await pilot.press("C")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ColourUpDialog)
        assert "Tavolo 1: +0 (l'arrotondamento aggiunge da 0 a 600)" in text_of(
            dialog.query_one("#dialog-note")
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert service.state.settings.stacks.chip_unit == 100
        assert not isinstance(app.screen, ColourUpDialog)
